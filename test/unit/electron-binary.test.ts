import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronBinaryPath } from '../../scripts/electron-binary.mjs';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => (temp = makeTempDir()));
afterEach(() => temp.cleanup());

describe('detecting the Electron binary without triggering a download', () => {
  it('is null when electron is not installed at all', () => {
    expect(electronBinaryPath(null)).toBeNull();
  });

  it('is null when the package has no path.txt (the binary was never fetched)', () => {
    expect(electronBinaryPath(temp.dir)).toBeNull();
  });

  it('is null when path.txt names a binary that is not there', () => {
    writeFileSync(join(temp.dir, 'path.txt'), 'electron');
    expect(electronBinaryPath(temp.dir)).toBeNull();
  });

  it('finds the binary that path.txt names under dist/', () => {
    writeFileSync(join(temp.dir, 'path.txt'), 'electron\n');
    mkdirSync(join(temp.dir, 'dist'));
    writeFileSync(join(temp.dir, 'dist', 'electron'), '');
    expect(electronBinaryPath(temp.dir)).toBe(join(temp.dir, 'dist', 'electron'));
  });
});
