// The committed packaging resources in build/: icon PNGs of the right sizes (read from their PNG
// headers), transparent outside the rounded square, rendered from build/icon.svg; and the macOS
// entitlements, parsed as a property list.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { iconOutputs, LINUX_ICON_SIZES, MAIN_ICON_SIZE } from '../../scripts/release/make-icons.mjs';

const root = resolve(import.meta.dirname, '../..');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Png {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  /** RGBA of the top-left pixel: whatever the row filter, the first pixel of the first row is stored raw. */
  corner: number[];
}

function readPng(file: string): Png {
  const bytes = readFileSync(join(root, file));
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${file} is a PNG`).toBe(true);
  const idat: Buffer[] = [];
  let header: Omit<Png, 'corner'> | undefined;
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8]!,
        colorType: data[9]!,
      };
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  if (!header) throw new Error(`${file} has no IHDR`);
  const pixels = inflateSync(Buffer.concat(idat));
  return { ...header, corner: [...pixels.subarray(1, 5)] };
}

describe('icons in build/', () => {
  it('are rendered for every size electron-builder needs', () => {
    expect(MAIN_ICON_SIZE).toBe(1024);
    expect(LINUX_ICON_SIZES).toEqual([16, 24, 32, 48, 64, 128, 256, 512]);
    expect(iconOutputs()).toContainEqual(['build/icon.png', 1024]);
    expect(iconOutputs()).toContainEqual(['build/icons/16x16.png', 16]);
  });

  for (const [file, size] of iconOutputs()) {
    it(`${file} is a ${size}x${size} RGBA PNG with transparent corners`, () => {
      const png = readPng(file);
      expect([png.width, png.height]).toEqual([size, size]);
      expect(png.bitDepth).toBe(8);
      expect(png.colorType).toBe(6); // RGBA
      expect(png.corner[3], 'alpha of the top-left pixel').toBe(0);
    });
  }

  it('come from an SVG source with no text in it', () => {
    const svg = readFileSync(join(root, 'build/icon.svg'), 'utf8');
    expect(svg).toContain('viewBox="0 0 1024 1024"');
    expect(svg).not.toMatch(/<text|<image|href=/);
  });
});

describe('build/entitlements.mac.plist', () => {
  it('grants only allow-jit, which V8 needs under the hardened runtime', () => {
    const plist = createRequire(import.meta.url)('plist') as { parse(xml: string): unknown };
    const parsed = plist.parse(readFileSync(join(root, 'build/entitlements.mac.plist'), 'utf8'));
    expect(parsed).toEqual({ 'com.apple.security.cs.allow-jit': true });
  });
});
