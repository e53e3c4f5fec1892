/**
 * The XLSX package as a ZIP written to a file as it is produced (fflate's streaming Zip builds the
 * archive; Node's native zlib deflates), with the file stream's back-pressure respected, so a sheet
 * never has to be held whole in memory.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { Zip, ZipPassThrough } from 'fflate';
import { PRIVATE_FILE_MODE } from '../../files/private-files';

/** Deflate level: 1 is several times faster than the default 6 and the XML still shrinks ~8×. */
const LEVEL = 1;

/**
 * A ZIP entry deflated by zlib a chunk at a time: each chunk ends with a sync flush (byte-aligned,
 * not final), the last with a finish, so the pieces form one valid DEFLATE stream.
 */
class NativeDeflateEntry extends ZipPassThrough {
  private runningCrc = 0;

  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  override push(chunk: Uint8Array, final = false): void {
    this.runningCrc = crc32(chunk, this.runningCrc);
    this.size += chunk.length;
    if (final) this.crc = this.runningCrc;
    const flush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    this.ondata(null, deflateRawSync(chunk, { level: LEVEL, finishFlush: flush }), final);
  }
}

export class ZipFile {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private failure: Error | null = null;
  private bytes = 0;
  private entry: NativeDeflateEntry | null = null;

  /** `modifiedAt`: the time every entry is stamped with (so the same workbook is the same bytes); default now. */
  constructor(
    path: string,
    private readonly modifiedAt?: Date,
  ) {
    // The stream's own writes go on after a short write (Node's WriteStream loops until all landed).
    this.out = createWriteStream(path, { mode: PRIVATE_FILE_MODE });
    this.out.on('error', (error) => (this.failure ??= error));
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure ??= error;
        return;
      }
      this.bytes += chunk.length;
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  /** Starts the next entry; the previous one must be closed. */
  open(name: string): void {
    this.entry = new NativeDeflateEntry(name);
    if (this.modifiedAt !== undefined) this.entry.mtime = this.modifiedAt;
    this.zip.add(this.entry);
  }

  /** Appends text to the open entry, and waits while the file stream's buffer is full. */
  async write(text: string, last = false): Promise<void> {
    if (this.entry === null) throw new Error('ZipFile: no entry is open.');
    this.entry.push(Buffer.from(text, 'utf8'), last);
    if (last) this.entry = null;
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  async add(name: string, text: string): Promise<void> {
    this.open(name);
    await this.write(text, true);
  }

  /** Writes the central directory and closes the file; resolves with its size in bytes. */
  async close(): Promise<number> {
    this.zip.end();
    if (!this.out.writableFinished) await once(this.out, 'finish');
    if (this.failure) throw this.failure;
    return this.bytes;
  }

  /** Gives up: closes the file as it is (the caller removes it). */
  async abort(): Promise<void> {
    this.zip.terminate();
    if (!this.out.closed) {
      this.out.destroy();
      await once(this.out, 'close').catch(() => undefined);
    }
  }
}
