import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crc32, writeZip } from '../../src/simulator/zip';
import { makeTempDir } from '../helpers/temp-dir';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function tempFile(name: string, data: Buffer): string {
  const { dir, cleanup } = makeTempDir('floatdesk-zip-');
  cleanups.push(cleanup);
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
}

const entries = [
  { name: 'index.html', data: Buffer.from('<p>{{code}}</p>\n'.repeat(50), 'utf8') },
  { name: 'assets/style.css', data: Buffer.from('body { color: red; }\n', 'utf8') },
  { name: 'assets/logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]) },
  { name: 'empty.txt', data: Buffer.alloc(0) },
  { name: 'naïve-ünïcode.txt', data: Buffer.from('😀 right-to-left ‏שלום', 'utf8') },
];

describe('simulator ZIP writer', () => {
  it('computes CRC-32 known answers', () => {
    expect(crc32(Buffer.from('123456789', 'ascii'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    expect(crc32(Buffer.from('The quick brown fox jumps over the lazy dog', 'ascii'))).toBe(0x414fa339);
  });

  it('is deterministic', () => {
    expect(writeZip(entries).equals(writeZip(entries))).toBe(true);
  });

  it('round-trips through Python zipfile (testzip, names, contents)', () => {
    const path = tempFile('t.zip', writeZip(entries));
    const script = [
      'import sys, zipfile, json, base64',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      'print(json.dumps({i.filename: base64.b64encode(z.read(i.filename)).decode() for i in z.infolist()}))',
    ].join('\n');
    const result = spawnSync('python3', ['-c', script, path], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const files = JSON.parse(result.stdout) as Record<string, string>;
    expect(Object.keys(files)).toEqual(entries.map((entry) => entry.name));
    for (const entry of entries)
      expect(Buffer.from(files[entry.name] as string, 'base64').equals(entry.data)).toBe(true);
  });

  it('passes unzip -t', () => {
    const path = tempFile('t.zip', writeZip(entries));
    const result = spawnSync('unzip', ['-t', path], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/No errors detected/);
  });

  it('refuses duplicate or absolute names', () => {
    expect(() => writeZip([entries[0]!, entries[0]!])).toThrow(/duplicate/);
    expect(() => writeZip([{ name: '/etc/passwd', data: Buffer.alloc(1) }])).toThrow();
  });
});
