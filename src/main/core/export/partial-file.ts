/**
 * The file an export writes to: `<destination>.<random>.partial` next to the destination, synced to
 * disk and renamed into place only when complete, removed on failure or cancel. A reader never sees a
 * half-written export under the real name.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

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

export class PartialFile {
  private bytesWritten = 0;

  private constructor(
    readonly path: string,
    readonly destination: string,
    private handle: FileHandle | null,
  ) {}

  static async create(destination: string): Promise<PartialFile> {
    const path = `${destination}.${randomBytes(6).toString('hex')}.partial`;
    return new PartialFile(path, destination, await open(path, 'wx'));
  }

  get bytes(): number {
    return this.bytesWritten;
  }

  async write(data: string | Uint8Array): Promise<void> {
    if (this.handle === null) throw new Error('The export file is already closed.');
    if (typeof data === 'string') {
      const { bytesWritten } = await this.handle.write(data, null, 'utf8');
      this.bytesWritten += bytesWritten;
      return;
    }
    // A write may take fewer bytes than offered: go on from where it stopped.
    for (let offset = 0; offset < data.byteLength;) {
      const { bytesWritten } = await this.handle.write(data, offset, data.byteLength - offset);
      offset += bytesWritten;
      this.bytesWritten += bytesWritten;
    }
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
  }
}
