/**
 * Verifies a downloaded template archive without extracting it (PKWARE APPNOTE 6.3): the end of
 * central directory record, every central directory entry and its local header, and each file's
 * data — inflated (stored or deflate only) within a size budget and checked against the CRC-32 and
 * sizes the directory declares. Refused as well: encrypted entries, ZIP64 and multi-disk archives
 * (a template is small), entry names that would escape a folder ('..', absolute, backslashes), and
 * an archive without the required entry (index.html at its root).
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipCheckOptions {
  /** A file the archive must hold (default 'index.html'). */
  requiredEntry?: string;
  /** Total uncompressed bytes allowed (default 64 MB): a zip bomb stops here. */
  maxUncompressedBytes?: number;
}

export type ZipCheck = { ok: true; entries: string[] } | { ok: false; problem: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const STORED = 0;
const DEFLATED = 8;

class Invalid extends Error {}
const invalid = (problem: string): never => {
  throw new Invalid(problem);
};

function findEndRecord(data: Buffer): number {
  const lowest = Math.max(0, data.length - EOCD_SIZE - 0xffff);
  for (let at = data.length - EOCD_SIZE; at >= lowest; at--) {
    if (data.readUInt32LE(at) === EOCD && at + EOCD_SIZE + data.readUInt16LE(at + 20) === data.length)
      return at;
  }
  return invalid('no end of central directory record (not a ZIP file, or cut short)');
}

function unsafeName(name: string): boolean {
  return (
    name === '' ||
    name.startsWith('/') ||
    name.includes('\\') ||
    name.includes('\0') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').some((part) => part === '..')
  );
}

function contentOf(method: number, compressed: Buffer, size: number): Buffer {
  if (method === STORED) return compressed;
  if (method !== DEFLATED) return invalid(`compression method ${method} is not supported`);
  try {
    return inflateRawSync(compressed, { maxOutputLength: Math.max(1, size) });
  } catch {
    return invalid('a file does not inflate to its declared size');
  }
}

function check(data: Buffer, options: ZipCheckOptions, files?: Map<string, Buffer>): string[] {
  if (data.length < EOCD_SIZE) invalid('too short to be a ZIP file');
  const end = findEndRecord(data);
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryStart = data.readUInt32LE(end + 16);
  if (data.readUInt16LE(end + 4) !== 0 || data.readUInt16LE(end + 6) !== 0) invalid('a multi-disk archive');
  if (count === 0xffff || directoryStart === 0xffffffff) invalid('a ZIP64 archive');
  if (directoryStart + directorySize > end) invalid('the central directory lies outside the file');
  let budget = options.maxUncompressedBytes ?? 64 * 1024 * 1024;
  const names: string[] = [];
  let at = directoryStart;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || data.readUInt32LE(at) !== CENTRAL)
      invalid(`central directory entry ${index + 1} is damaged`);
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const crc = data.readUInt32LE(at + 16);
    const compressedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const localAt = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (unsafeName(name)) invalid(`an entry has an unsafe name: ${JSON.stringify(name.slice(0, 80))}`);
    if ((flags & 1) !== 0) invalid(`${name} is encrypted`);
    if (localAt + 30 > directoryStart || data.readUInt32LE(localAt) !== LOCAL)
      invalid(`the local header of ${name} is missing`);
    const dataStart = localAt + 30 + data.readUInt16LE(localAt + 26) + data.readUInt16LE(localAt + 28);
    if (dataStart + compressedSize > directoryStart) invalid(`the data of ${name} is cut short`);
    const compressed = data.subarray(dataStart, dataStart + compressedSize);
    if (size > budget) invalid('the archive unpacks to more than the allowed size');
    const content = contentOf(method, compressed, size);
    if (content.length !== size) invalid(`${name} has ${content.length} bytes, the directory says ${size}`);
    if (crc32(content) !== crc) invalid(`${name} fails its CRC-32 check`);
    budget -= size;
    names.push(name);
    files?.set(name, content);
  }
  if (at !== directoryStart + directorySize) invalid('the central directory size does not match its entries');
  const required = options.requiredEntry ?? 'index.html';
  if (!names.includes(required)) invalid(`${required} is missing`);
  return names;
}

/** The files of a sound archive (the same checks as checkZip), by entry name. */
export function readZip(
  data: Buffer,
  options: ZipCheckOptions = {},
): { ok: true; files: Map<string, Buffer> } | { ok: false; problem: string } {
  const files = new Map<string, Buffer>();
  try {
    check(data, options, files);
    return { ok: true, files };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, problem: error.message };
    if (error instanceof RangeError) return { ok: false, problem: 'a record points outside the file' };
    throw error;
  }
}

/** Whether `data` is a sound ZIP archive holding the required entry. */
export function checkZip(data: Buffer, options: ZipCheckOptions = {}): ZipCheck {
  try {
    return { ok: true, entries: check(data, options) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, problem: error.message };
    if (error instanceof RangeError) return { ok: false, problem: 'a record points outside the file' };
    throw error;
  }
}
