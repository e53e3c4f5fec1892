import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openLedger } from '../../src/main/core/ledger/db';
import { FloatsRepository } from '../../src/main/core/ledger/repositories/floats';
import { createCore, type CoreConfig } from '../../src/main/core/services';

export function coreConfig(workspaceDir: string, extra: Partial<CoreConfig> = {}): CoreConfig {
  return {
    workspaceDir,
    workspaceName: 'Books',
    workspaceKind: 'platform',
    shell: 'cli',
    appVersion: '0.0.0-test',
    changePollMs: 0,
    ...extra,
  };
}

/** A real, migrated ledger with `rounds` balance snapshots of three floats; returns its path. */
export function seedLedger(workspaceDir: string, rounds = 300, firstRound = 0): string {
  createCore(coreConfig(workspaceDir)).close();
  const ledgerPath = join(workspaceDir, 'ledger.sqlite');
  const db = openLedger(ledgerPath);
  try {
    const floats = new FloatsRepository(db);
    const workspaceId = db.prepare('SELECT id FROM workspaces').pluck().get() as number;
    for (let round = firstRound; round < firstRound + rounds; round++) {
      const at = new Date(Date.UTC(2026, 0, 1) + round * 3600_000).toISOString();
      floats.recordSnapshots(
        workspaceId,
        ['GBP', 'EUR', 'USD'].map((currency) => ({
          currency,
          name: 'Main',
          available: `${1000 + round}.25`,
          pending: `${round % 7}`,
          platformRefreshedAt: at,
        })),
        at,
      );
    }
  } finally {
    db.close();
  }
  return ledgerPath;
}

/**
 * Writes fixed garbage over 1 KiB of a leaf page in the middle of `table`'s b-tree, the way a disk
 * gone bad would: the file still opens and its schema reads. With `header`, the page's own header is
 * hit too, so SQLite cannot read the page at all; otherwise its cells are ruined.
 */
export function corruptMiddlePage(path: string, options: { table?: string; header?: boolean } = {}): void {
  const table = options.table ?? 'balance_snapshots';
  const probe = new Database(path, { readonly: true, fileMustExist: true });
  const pageSize = probe.pragma('page_size', { simple: true }) as number;
  const leaves = probe
    .prepare<[string], number>(
      "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
    )
    .pluck()
    .all(table);
  probe.close();
  if (leaves.length < 3)
    throw new Error(`${table} has only ${leaves.length} leaf pages: seed more data first.`);
  const bytes = readFileSync(path);
  const start = (leaves[Math.floor(leaves.length / 2)]! - 1) * pageSize + (options.header ? 0 : 1024);
  for (let i = 0; i < 1024; i++) bytes[start + i] = (i * 131 + 71) % 251;
  writeFileSync(path, bytes);
}

export function fileDigest(path: string, from = 0): string {
  return createHash('sha256').update(readFileSync(path).subarray(from)).digest('hex');
}

/** A digest of every row of every table: equal digests, equal ledger contents. */
export function contentChecksum(ledgerPath: string): string {
  const db = new Database(ledgerPath, { readonly: true, fileMustExist: true });
  db.defaultSafeIntegers(true);
  try {
    const hash = createHash('sha256');
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all();
    for (const { name } of tables) {
      const rows = db
        .prepare(`SELECT * FROM "${name}"`)
        .all()
        .map((row) =>
          JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)),
        )
        .sort();
      hash.update(`${name}\n${rows.join('\n')}\n`);
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}
