/**
 * The file an export writes to: `<destination>.<random>.partial` next to the destination (owner
 * read/write only), synced to disk and renamed into place only when complete, removed on failure or
 * cancel. A reader never sees a half-written export under the real name. Every write lands whole
 * (files/write-fully.ts) or fails.
 *
 * A killed export leaves its partial file behind. The next export to the same destination removes
 * those of that destination name that no export of this process is writing and that have not been
 * written to for STALE_PARTIAL_AFTER_MS: a live export (in another FloatDesk, say) writes a chunk
 * every few milliseconds, so a partial file untouched that long belongs to an export that died.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openPrivate } from '../files/private-files';
import { writeFully, type ChunkWriter } from '../files/write-fully';

export const STALE_PARTIAL_AFTER_MS = 10 * 60_000;
const PARTIAL_SUFFIX = /^\.[0-9a-f]{12}\.partial$/;

/** Partial files this process is writing now: never stale, whatever their age. */
const live = new Set<string>();

/**
 * fsync the folder, so the rename itself (the folder entry) survives a power cut, not only the
 * file's bytes. Windows cannot open a folder for fsync (and NTFS journals the rename): skipped there.
 */
export async function syncDirectory(
  folder: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  if (platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes the stale partial files of `destination` (see above); returns their names. Never throws. */
export async function removeStalePartials(destination: string, nowMs = Date.now()): Promise<string[]> {
  const folder = dirname(destination);
  const prefix = basename(destination);
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !PARTIAL_SUFFIX.test(name.slice(prefix.length))) continue;
    const path = join(folder, name);
    if (live.has(path)) continue;
    try {
      const stat = await lstat(path);
      if (!stat.isFile() || nowMs - stat.mtimeMs < STALE_PARTIAL_AFTER_MS) continue;
      await rm(path, { force: true });
      removed.push(name);
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
  return removed;
}

export interface PartialFileOptions {
  /** Tests: how the file's bytes are written (one that writes fewer bytes than asked, say). */
  writerOf?: (handle: FileHandle) => ChunkWriter;
}

export class PartialFile {
  private bytesWritten = 0;

  private constructor(
    readonly path: string,
    readonly destination: string,
    private handle: FileHandle | null,
    private readonly writer: ChunkWriter | null,
  ) {}

  static async create(destination: string, options: PartialFileOptions = {}): Promise<PartialFile> {
    await removeStalePartials(destination);
    const path = `${destination}.${randomBytes(6).toString('hex')}.partial`;
    const handle = await openPrivate(path, 'wx');
    live.add(path);
    return new PartialFile(path, destination, handle, options.writerOf?.(handle) ?? null);
  }

  get bytes(): number {
    return this.bytesWritten;
  }

  async write(data: string | Uint8Array): Promise<void> {
    if (this.handle === null) throw new Error('The export file is already closed.');
    this.bytesWritten += await writeFully(this.writer ?? this.handle, data);
  }

  /** Close the handle and let another writer (the XLSX writer) fill the file at `path` itself. */
  async release(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
  }

  /** fsync, close, rename into place and fsync the folder; returns the size of the file. */
  async commit(): Promise<number> {
    const handle = this.handle ?? (await open(this.path, 'r+'));
    this.handle = null;
    try {
      await handle.sync();
      const { size } = await handle.stat();
      this.bytesWritten = size;
    } finally {
      await handle.close();
    }
    await rename(this.path, this.destination);
    live.delete(this.path);
    await syncDirectory(dirname(this.destination));
    return this.bytesWritten;
  }

  /** Remove the partial file (after a failure or a cancel); never throws. */
  async discard(): Promise<void> {
    try {
      await this.handle?.close();
    } catch {
      // Already closed or unusable: removing the file is what matters.
    }
    this.handle = null;
    await rm(this.path, { force: true }).catch(() => {});
    live.delete(this.path);
  }
}
