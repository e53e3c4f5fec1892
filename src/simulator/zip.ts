/**
 * A small ZIP writer (PKWARE APPNOTE 6.3): local file headers, deflated data (zlib raw deflate),
 * the central directory and its end record. Every entry carries one fixed DOS timestamp, so the same
 * files always give the same bytes. No ZIP64, no encryption: template archives are tiny.
 */
import { deflateRawSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, reflected, as ZIP and PNG use it). */
export function crc32(data: Uint8Array, initial = 0): number {
  let crc = (initial ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) {
    crc = (CRC_TABLE[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  /** Path inside the archive, forward slashes, no leading slash. */
  name: string;
  data: Buffer;
}

/** 2026-01-01 00:00:00 in MS-DOS format. */
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;
const VERSION = 20; // 2.0: deflate
const UTF8_FLAG = 0x0800;
const DEFLATE = 8;
const STORE = 0;

interface SharedFields {
  method: number;
  crc: number;
  storedSize: number;
  size: number;
  nameLength: number;
}

/**
 * The 24 bytes a local file header and its central directory record both carry, in the same order
 * (version needed, flags, method, time, date, CRC, sizes, name length), written from `at`.
 */
function writeSharedFields(header: Buffer, at: number, fields: SharedFields): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8_FLAG, at + 2);
  header.writeUInt16LE(fields.method, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.storedSize, at + 14);
  header.writeUInt32LE(fields.size, at + 18);
  header.writeUInt16LE(fields.nameLength, at + 22);
}

export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.name === '' || entry.name.startsWith('/') || entry.name.includes('\\') || seen.has(entry.name))
      throw new Error(`Bad or duplicate ZIP entry name: ${entry.name}`);
    seen.add(entry.name);
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = deflateRawSync(entry.data, { level: 9 });
    const useDeflate = deflated.length < entry.data.length;
    const stored = useDeflate ? deflated : entry.data;
    const fields = {
      method: useDeflate ? DEFLATE : STORE,
      crc: crc32(entry.data),
      storedSize: stored.length,
      size: entry.data.length,
      nameLength: name.length,
    };

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeSharedFields(local, 4, fields);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, stored);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | VERSION, 4); // made by: Unix, 2.0
    writeSharedFields(central, 6, fields);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external: regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([...locals, directory, end]);
}
