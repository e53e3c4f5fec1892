/**
 * Every byte lands or the write fails: writes that take fewer bytes than offered (a nearly full
 * disk) are continued, a write that takes nothing is a full disk, and the export's partial file and
 * the CSV writer go through the same loop.
 */
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeCsv, type CsvFastTable } from '../../src/main/core/export/csv';
import { CSV_STANDARD } from '../../src/main/core/export/csv-dialect';
import {
  PartialFile,
  removeStalePartials,
  STALE_PARTIAL_AFTER_MS,
} from '../../src/main/core/export/partial-file';
import { writeFully, writeFullySync, type ChunkWriter } from '../../src/main/core/files/write-fully';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const tempDir = (): string => (dir = mkdtempSync(join(tmpdir(), 'floatdesk-write-')));

/** Takes at most `most` bytes per call into `sink`; after `budget` bytes in all, takes none. */
function shortWriter(most: number, budget = Infinity): ChunkWriter & { sink: number[]; calls: number } {
  const writer = {
    sink: [] as number[],
    calls: 0,
    async write(buffer: Uint8Array, offset: number, length: number) {
      writer.calls++;
      const bytesWritten = Math.max(0, Math.min(most, length, budget - writer.sink.length));
      writer.sink.push(...buffer.subarray(offset, offset + bytesWritten));
      return { bytesWritten };
    },
  };
  return writer;
}

describe('writeFully', () => {
  it('goes on after short writes until every byte landed, in order', async () => {
    const writer = shortWriter(7);
    const text = 'Réf;Montant\r\n' + 'FD-000123;1 234,56\r\n'.repeat(50);
    await expect(writeFully(writer, text)).resolves.toBe(Buffer.byteLength(text));
    expect(Buffer.from(writer.sink).toString('utf8')).toBe(text);
    expect(writer.calls).toBe(Math.ceil(Buffer.byteLength(text) / 7));
  });

  it('fails as a full disk (ENOSPC) when a write takes nothing, saying how much landed', async () => {
    const writer = shortWriter(10, 25);
    await expect(writeFully(writer, 'x'.repeat(100))).rejects.toMatchObject({
      code: 'ENOSPC',
      message: expect.stringMatching(/25 of 100 bytes/),
    });
  });

  it('does the same for a file descriptor, synchronously', () => {
    const sink: number[] = [];
    const write = (_fd: number, buffer: Uint8Array, offset: number, length: number): number => {
      const taken = Math.min(3, length);
      sink.push(...buffer.subarray(offset, offset + taken));
      return taken;
    };
    expect(writeFullySync(1, '{"version":1}\n', write)).toBe(14);
    expect(Buffer.from(sink).toString()).toBe('{"version":1}\n');
    expect(() => writeFullySync(1, 'abc', () => 0)).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
  });
});

describe('the partial file with a writer that writes fewer bytes than asked', () => {
  const halfWriter = (handle: FileHandle): ChunkWriter => ({
    write: (buffer, offset, length) => handle.write(buffer, offset, Math.ceil(length / 2)),
  });

  it('still holds every byte of a CSV export when committed', async () => {
    const folder = tempDir();
    const partial = await PartialFile.create(join(folder, 'out.csv'), { writerOf: halfWriter });
    const rows = Array.from({ length: 3000 }, (_, index) => ({ id: index, note: `row ${index} ✓` }));
    const table = {
      title: 'Rows',
      columns: [
        { key: 'id', header: 'Id', kind: 'integer' as const, value: (row: (typeof rows)[0]) => row.id },
        { key: 'note', header: 'Note', kind: 'text' as const, value: (row: (typeof rows)[0]) => row.note },
      ],
      rows,
      totalRows: rows.length,
    };
    await writeCsv([table as unknown as CsvFastTable<unknown>], partial, CSV_STANDARD);
    const bytes = await partial.commit();
    const written = readFileSync(join(folder, 'out.csv'), 'utf8');
    expect(bytes).toBe(Buffer.byteLength(written));
    const lines = written.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Id,Note');
    expect(lines.at(-2)).toBe('2999,row 2999 ✓');
    expect(lines).toHaveLength(3002);
  });

  it('fails instead of committing when the writer runs out of space, and discard leaves nothing', async () => {
    const folder = tempDir();
    let budget = 5000;
    const running = (handle: FileHandle): ChunkWriter => ({
      async write(buffer, offset, length) {
        const take = Math.min(length, budget, 1000);
        budget -= take;
        return take === 0 ? { bytesWritten: 0 } : handle.write(buffer, offset, take);
      },
    });
    const partial = await PartialFile.create(join(folder, 'out.csv'), { writerOf: running });
    await expect(partial.write('y'.repeat(20_000))).rejects.toMatchObject({ code: 'ENOSPC' });
    await partial.discard();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('is created owner-only (0600)', async () => {
    if (process.platform === 'win32') return;
    const folder = tempDir();
    const partial = await PartialFile.create(join(folder, 'out.csv'));
    expect(statSync(partial.path).mode & 0o777).toBe(0o600);
    await partial.write('a\r\n');
    await partial.commit();
    expect(statSync(join(folder, 'out.csv')).mode & 0o777).toBe(0o600);
  });
});

describe('stale partial files', () => {
  const age = (path: string, ms: number): void => {
    const then = new Date(Date.now() - ms);
    utimesSync(path, then, then);
  };
  const touch = (path: string): void => {
    closeSync(openSync(path, 'w'));
  };

  it('removes only FloatDesk partials of the same destination name not written to for a while', async () => {
    const folder = tempDir();
    const names = {
      stale: 'out.csv.0123456789ab.partial',
      fresh: 'out.csv.ba9876543210.partial',
      otherFile: 'other.csv.0123456789ab.partial',
      notOurs: 'out.csv.backup.partial',
      longer: 'out.csv.0123456789abcd.partial',
      mine: 'out.csv',
    };
    for (const name of Object.values(names)) touch(join(folder, name));
    for (const name of [names.stale, names.otherFile, names.notOurs, names.longer])
      age(join(folder, name), STALE_PARTIAL_AFTER_MS + 60_000);
    age(join(folder, names.fresh), STALE_PARTIAL_AFTER_MS - 60_000);
    expect(await removeStalePartials(join(folder, 'out.csv'))).toEqual([names.stale]);
    expect(readdirSync(folder).sort()).toEqual(
      [names.fresh, names.otherFile, names.notOurs, names.longer, names.mine].sort(),
    );
  });

  it('never removes the partial file of an export this process is writing, however old', async () => {
    const folder = tempDir();
    const writing = await PartialFile.create(join(folder, 'out.csv'));
    await writing.write('a');
    age(writing.path, 3 * STALE_PARTIAL_AFTER_MS);
    const next = await PartialFile.create(join(folder, 'out.csv'));
    expect(readdirSync(folder).sort()).toEqual(
      [writing.path, next.path].map((path) => path.slice(folder.length + 1)).sort(),
    );
    await writing.discard();
    await next.discard();
  });

  it('are removed when the next export to that destination starts', async () => {
    const folder = tempDir();
    const left = join(folder, 'out.csv.00000000000a.partial');
    writeFileSync(left, 'half a row,');
    age(left, STALE_PARTIAL_AFTER_MS + 1000);
    const partial = await PartialFile.create(join(folder, 'out.csv'));
    await partial.write('a\r\n');
    await partial.commit();
    expect(readdirSync(folder)).toEqual(['out.csv']);
  });
});
