import { describe, expect, it } from 'vitest';
import { checkZip } from '../../src/main/core/sync/zip-check';
import { writeZip } from '../../src/simulator/zip';

const html = Buffer.from('<!DOCTYPE html><html><body>'.padEnd(400, 'x'), 'utf8');
const archive = (entries = [{ name: 'index.html', data: html }]) => writeZip(entries);

/** Flip one byte at `offset` (negative: from the end). */
function flip(data: Buffer, offset: number): Buffer {
  const copy = Buffer.from(data);
  const at = offset < 0 ? copy.length + offset : offset;
  copy[at] = (copy[at] as number) ^ 0xff;
  return copy;
}

describe('checkZip', () => {
  it('accepts a sound archive and lists its entries', () => {
    const data = archive([
      { name: 'index.html', data: html },
      { name: 'assets/style.css', data: Buffer.from('body{}') },
    ]);
    expect(checkZip(data)).toEqual({ ok: true, entries: ['index.html', 'assets/style.css'] });
  });

  it('refuses what is not a ZIP file, or is cut short', () => {
    expect(checkZip(Buffer.from('<html>not a zip</html>'))).toMatchObject({ ok: false });
    expect(checkZip(Buffer.alloc(0))).toEqual({ ok: false, problem: 'too short to be a ZIP file' });
    const data = archive();
    expect(checkZip(data.subarray(0, data.length - 5))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/no end of central directory/),
    });
    expect(checkZip(data.subarray(20))).toMatchObject({ ok: false });
  });

  it('refuses damaged file data (CRC-32 or inflate)', () => {
    const result = checkZip(flip(archive(), 45));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problem).toMatch(/index\.html (fails its CRC-32 check|has \d+ bytes)|inflate/);
  });

  it('refuses an archive without index.html, or with an unsafe entry name', () => {
    expect(checkZip(archive([{ name: 'page.html', data: html }]))).toEqual({
      ok: false,
      problem: 'index.html is missing',
    });
    const unsafe = archive([
      { name: 'index.html', data: html },
      { name: '../escape.txt', data: Buffer.from('x') },
    ]);
    expect(checkZip(unsafe)).toMatchObject({ ok: false, problem: expect.stringMatching(/unsafe name/) });
  });

  it('stops at the size budget (zip bombs)', () => {
    const big = archive([{ name: 'index.html', data: Buffer.alloc(200_000) }]);
    expect(checkZip(big, { maxUncompressedBytes: 100_000 })).toEqual({
      ok: false,
      problem: 'the archive unpacks to more than the allowed size',
    });
    expect(checkZip(big).ok).toBe(true);
  });

  it('takes another required entry when asked', () => {
    expect(checkZip(archive([{ name: 'page.html', data: html }]), { requiredEntry: 'page.html' }).ok).toBe(
      true,
    );
  });
});
