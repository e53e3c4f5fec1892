import { readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Changes a few digits inside the keys of `index`'s leaf pages, the way scattered bit rot would:
 * every page stays well-formed, so the quick check at open passes, while the full integrity_check
 * finds rows missing from the index. Throws unless the file ends up exactly like that. (Its own
 * file, with no FloatDesk import, so the end-to-end tests can use it too.)
 */
export function flipIndexKeys(path: string, index = 'balance_snapshots_latest'): void {
  const probe = new Database(path, { readonly: true, fileMustExist: true });
  const pageSize = probe.pragma('page_size', { simple: true }) as number;
  const leaves = probe
    .prepare<[string], number>(
      "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
    )
    .pluck()
    .all(index);
  probe.close();
  if (leaves.length < 3)
    throw new Error(`${index} has only ${leaves.length} leaf pages: seed more data first.`);
  const bytes = readFileSync(path);
  for (const page of [leaves[0]!, leaves[Math.floor(leaves.length / 2)]!, leaves.at(-1)!]) {
    const start = (page - 1) * pageSize;
    // Cell content fills a page from its end: digits there are key text (times, amounts).
    let flipped = 0;
    for (let offset = pageSize - 1; offset > pageSize / 2 && flipped < 3; offset -= 97) {
      const byte = bytes[start + offset]!;
      if (byte >= 0x30 && byte <= 0x39) {
        bytes[start + offset] = 0x30 + ((byte - 0x30 + 5) % 10);
        flipped++;
      }
    }
  }
  writeFileSync(path, bytes);
  const check = new Database(path, { readonly: true, fileMustExist: true });
  const quick = check.pragma('quick_check', { simple: true });
  const full = check.pragma('integrity_check', { simple: true });
  check.close();
  if (quick !== 'ok' || full === 'ok')
    throw new Error(
      `flipping index keys gave quick_check "${String(quick)}", integrity_check "${String(full)}"`,
    );
}
