/**
 * A write(2) may take fewer bytes than offered — on a nearly full disk it takes what fits and only
 * the next write fails with ENOSPC. Every file write goes through here: it goes on from where the
 * last write stopped until every byte landed, so a short write can never pass for a complete one.
 */
import { writeSync } from 'node:fs';

/** What a FileHandle offers (a test passes one that writes less than asked). */
export interface ChunkWriter {
  write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
}

/** A write that took nothing: on a regular file that only happens when no space is left. */
function noProgress(written: number, total: number): Error {
  return Object.assign(new Error(`No space left: ${written} of ${total} bytes were written.`), {
    code: 'ENOSPC',
  });
}

export function toBytes(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}

/** Writes all of `data`; resolves with its length in bytes. */
export async function writeFully(writer: ChunkWriter, data: string | Uint8Array): Promise<number> {
  const bytes = toBytes(data);
  for (let offset = 0; offset < bytes.byteLength;) {
    const { bytesWritten } = await writer.write(bytes, offset, bytes.byteLength - offset);
    if (bytesWritten <= 0) throw noProgress(offset, bytes.byteLength);
    offset += bytesWritten;
  }
  return bytes.byteLength;
}

/** The same for a file descriptor, synchronously. */
export function writeFullySync(
  fd: number,
  data: string | Uint8Array,
  write: (fd: number, buffer: Uint8Array, offset: number, length: number) => number = writeSync,
): number {
  const bytes = toBytes(data);
  for (let offset = 0; offset < bytes.byteLength;) {
    const bytesWritten = write(fd, bytes, offset, bytes.byteLength - offset);
    if (bytesWritten <= 0) throw noProgress(offset, bytes.byteLength);
    offset += bytesWritten;
  }
  return bytes.byteLength;
}
