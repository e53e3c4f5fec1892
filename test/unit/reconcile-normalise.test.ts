import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import {
  boundedEditDistance,
  creditorCheckDigits,
  findReferencesInText,
  normaliseReference,
  withoutPrefix,
} from '../../src/main/core/recon/match/normalise';
import { FuzzyIndex, nearPairs, Visits } from '../../src/main/core/recon/match/fuzzy-index';
import { ReferenceIndex } from '../../src/main/core/recon/match/scan';
import { creditorReferenceFor, isValidCreditorReference } from '../../src/shared/domain/creditor-reference';

/** Optimal string alignment distance, the textbook full table (the reference for the bounded one). */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, (d[i - 2] as number[])[j - 2]! + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length]!;
}

const smallAlphabet = fc.string({ unit: fc.constantFrom('A', 'B', 'C', '1', '2'), maxLength: 12 });

describe('normaliseReference', () => {
  it.each([
    ['rf18 5390 0754 7034', 'RF18539007547034'],
    ['RF18-5390-0754-7034', 'RF18539007547034'],
    ['  RF18.5390/0754:7034 ', 'RF18539007547034'],
    ['TOPUP-EUR-0000123', 'TOPUPEUR0000123'],
    ['Straße 12', 'STRAE12'],
    ['RF18539007547034', 'RF18539007547034'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(normaliseReference(text)).toBe(expected);
  });

  it.each([
    ['EREF123456', '123456'],
    ['REF123456', '123456'],
    ['PAYMENTREFERENCE9', '9'],
    ['REF', null],
    ['RF18539007547034', null],
  ])('withoutPrefix(%j) → %j', (text, expected) => {
    expect(withoutPrefix(text)).toBe(expected);
  });
});

describe('findReferencesInText', () => {
  const known = new Set(['RF18539007547034', 'TOPUPEUR0000123', 'ABC123']);
  const find = (text: string): string[] => findReferencesInText(text, (run) => known.has(run), 6, 25);

  it.each([
    ['TOPUP RF18 5390 0754 7034 INV 22', ['RF18539007547034']],
    ['Payment ref: rf18-5390-0754-7034, thank you', ['RF18539007547034']],
    ['EREF+RF18539007547034', ['RF18539007547034']],
    ['/RFB/RF18 5390 0754 7034', ['RF18539007547034']],
    ['REFRF18539007547034', ['RF18539007547034']],
    ['two: TOPUP-EUR-0000123 and ABC 123', ['TOPUPEUR0000123', 'ABC123']],
    ['RF1853900754703 4', ['RF18539007547034']],
    ['INV 22 ABC12', []],
    ['RF185390075470345', []],
  ])('%j → %j', (text, expected) => {
    expect(find(text)).toEqual(expected);
  });
});

describe('boundedEditDistance (optimal string alignment)', () => {
  it.each([
    ['RF18539007547034', 'RF18539007547034', 0],
    ['RF18539007547034', 'RF18539007547043', 1],
    ['RF18539007547034', 'RF1853900754703', 1],
    ['RF18539007547034', 'RF185390075470344', 1],
    ['RF18539007547034', 'RF71539007547034', 2],
    ['CA', 'ABC', 3],
  ])('%s ~ %s = %i', (a, b, distance) => {
    expect(boundedEditDistance(a, b, 3)).toBe(distance);
  });

  it('property: equals the full table when within the bound, and says "more" otherwise', () => {
    fc.assert(
      fc.property(smallAlphabet, smallAlphabet, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const exact = osa(a, b);
        expect(boundedEditDistance(a, b, max)).toBe(exact <= max ? exact : max + 1);
      }),
      runs(3000),
    );
  });
});

describe('creditor check digits', () => {
  it('property: agrees with the shared ISO 11649 check on RF-shaped and other texts', () => {
    const body = fc.string({
      unit: fc.constantFrom(...'0123456789ABCXYZ'.split('')),
      minLength: 1,
      maxLength: 21,
    });
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 99 }), fc.boolean(), (text, check, real) => {
        const reference = real ? creditorReferenceFor(text) : `RF${String(check).padStart(2, '0')}${text}`;
        const expected = isValidCreditorReference(reference) ? 'valid' : 'invalid';
        expect(creditorCheckDigits(reference)).toBe(expected);
      }),
      runs(3000),
    );
    expect(creditorCheckDigits('TOPUPEUR0000123')).toBe('not_creditor_reference');
  });
});

describe('the engine reads texts as the plain definition does', () => {
  const keyArbitrary = fc.string({
    unit: fc.constantFrom('R', 'F', '1', '2', 'E', 'X'),
    minLength: 1,
    maxLength: 10,
  });
  const word = fc.string({
    unit: fc.constantFrom('R', 'F', '1', '2', 'E', 'X', 'r', 'f'),
    minLength: 1,
    maxLength: 5,
  });
  const separator = fc.constantFrom(' ', '-', '/', '+', ':', '. ');

  it('property: ReferenceIndex.findRuns / findWhole find exactly what findReferencesInText finds', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(keyArbitrary, { maxLength: 12 }),
        fc.array(fc.tuple(word, separator), { maxLength: 8 }),
        fc.integer({ min: 1, max: 6 }),
        (keys, words, minLength) => {
          const text = words.map(([w, s]) => `${w}${s}`).join('');
          const index = new ReferenceIndex(keys, () => true);
          const found = new Set<string>();
          index.findRuns(text, minLength, (item) => found.add(keys[item] as string));
          const longest = Math.max(0, ...keys.map((k) => k.length));
          const expected = findReferencesInText(text, (run) => keys.includes(run), minLength, longest);
          expect([...found].sort()).toEqual([...expected].sort());
          const whole: string[] = [];
          index.findWhole(text, (item) => whole.push(keys[item] as string));
          expect(whole).toEqual(keys.includes(normaliseReference(text)) ? [normaliseReference(text)] : []);
        },
      ),
      runs(2000),
    );
  });

  it('indexes references as written (separators, lower case) by their normalised form', () => {
    const index = new ReferenceIndex(['rf18-5390 0754/7034', 'TOPUP-EUR-0000123', 'x'], (i) => i !== 2);
    const found: number[] = [];
    index.findWhole('RF18 5390 0754 7034', (item) => found.push(item));
    index.findRuns('paid: topup eur 0000123, thanks', 6, (item) => found.push(item));
    index.findWhole('x', (item) => found.push(item));
    expect(found).toEqual([0, 1]);
  });

  it('property: FuzzyIndex.searchOne finds every key within distance 1, and only those', () => {
    fc.assert(
      fc.property(fc.uniqueArray(smallAlphabet, { maxLength: 30 }), smallAlphabet, (keys, text) => {
        const items = Int32Array.from(keys.keys());
        const index = new FuzzyIndex(keys, items, 0, new Visits(keys.length));
        const found: string[] = [];
        index.searchOne(text, (item, distance) => {
          expect(distance).toBe(osa(text, keys[item] as string));
          found.push(keys[item] as string);
        });
        expect(found.sort()).toEqual(keys.filter((key) => osa(text, key) <= 1).sort());
      }),
      runs(2000),
    );
  });

  it('property: nearPairs finds every (text, key) pair within distance 1, once, and only those', () => {
    fc.assert(
      fc.property(
        fc.array(smallAlphabet, { maxLength: 12 }),
        fc.array(smallAlphabet, { maxLength: 30 }),
        (texts, keys) => {
          const pairs: string[] = [];
          nearPairs(texts, keys, Int32Array.from(keys.keys()), 0, (t, k, distance) => {
            expect(distance).toBe(osa(texts[t]!, keys[k]!));
            pairs.push(`${t}:${k}`);
          });
          const expected: string[] = [];
          texts.forEach((text, t) =>
            keys.forEach((key, k) => osa(text, key) <= 1 && expected.push(`${t}:${k}`)),
          );
          expect(pairs.sort()).toEqual(expected.sort());
        },
      ),
      runs(2000),
    );
  });

  it('FuzzyIndex.searchTwo finds an RF reference with two mistyped digits', () => {
    const keys = [creditorReferenceFor('539007547034'), creditorReferenceFor('111122223333')];
    const index = new FuzzyIndex(keys, Int32Array.from([0, 1]), 8, new Visits(2));
    const found: [string, number][] = [];
    index.searchTwo('RF18539007547143', (item, distance) => found.push([keys[item] as string, distance]));
    expect(found).toEqual([['RF18539007547034', 2]]);
  });
});
