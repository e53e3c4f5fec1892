/** The content ids' SHA-256 (statements/sha256.ts) is node:crypto's, for any text of any length. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Words, wordsHex } from '../../src/main/core/reconcile/statements/sha256';
import { runs } from '../helpers/property-runs';

const hexOf = (text: string): string => wordsHex(sha256Words(text), 8);
const nodeHex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Words', () => {
  it('gives the published digests', () => {
    expect(hexOf('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hexOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('agrees with node:crypto at every padding boundary and past the buffer it starts with', () => {
    for (const length of [55, 56, 63, 64, 65, 119, 120, 1_000, 5_000])
      expect(hexOf('x'.repeat(length))).toBe(nodeHex('x'.repeat(length)));
  });

  it('property: agrees with node:crypto on any text, surrogates and all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(hexOf(text)).toBe(nodeHex(text));
      }),
      runs(2_000),
    );
  });
});
