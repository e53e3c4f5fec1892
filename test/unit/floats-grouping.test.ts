import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupFloatsByCurrency } from '../../src/shared/domain/floats';
import { floatBalance } from '../helpers/float-balance';

const float = floatBalance;

const summary = (groups: ReturnType<typeof groupFloatsByCurrency>) =>
  groups.map((g) => [g.currency, g.floats.map((f) => f.name)] as const);

describe('groupFloatsByCurrency', () => {
  it('returns no groups for empty input', () => {
    expect(groupFloatsByCurrency([])).toEqual([]);
  });

  it('groups one float', () => {
    const only = float('GBP', 'Main', '10.00');
    const groups = groupFloatsByCurrency([only]);
    expect(groups).toEqual([{ currency: 'GBP', floats: [only] }]);
    expect(groups[0]?.floats[0]).toBe(only);
  });

  it('sorts groups by currency code', () => {
    const groups = groupFloatsByCurrency([
      float('USD', 'a'),
      float('EUR', 'a'),
      float('GBP', 'a'),
      float('AUD', 'a'),
      float('EUR', 'b'),
      float('JPY', 'a'),
    ]);
    expect(groups.map((g) => g.currency)).toEqual(['AUD', 'EUR', 'GBP', 'JPY', 'USD']);
    expect(summary(groups)).toEqual([
      ['AUD', ['a']],
      ['EUR', ['a', 'b']],
      ['GBP', ['a']],
      ['JPY', ['a']],
      ['USD', ['a']],
    ]);
  });

  it('sorts floats by name case-insensitively within each group', () => {
    const groups = groupFloatsByCurrency([
      float('GBP', 'zeta'),
      float('GBP', 'beta'),
      float('GBP', 'Alpha'),
      float('GBP', 'Gamma'),
      float('GBP', 'alpha2'),
      float('EUR', 'b'),
      float('EUR', 'A'),
      float('EUR', 'C'),
    ]);
    expect(summary(groups)).toEqual([
      ['EUR', ['A', 'b', 'C']],
      ['GBP', ['Alpha', 'alpha2', 'beta', 'Gamma', 'zeta']],
    ]);
  });

  it('keeps names that differ only in case in input order (stable)', () => {
    const first = float('GBP', 'main', '1.00');
    const second = float('GBP', 'Main', '2.00');
    const third = float('GBP', 'MAIN', '3.00');
    expect(groupFloatsByCurrency([first, second, third])[0]?.floats).toEqual([first, second, third]);
    expect(groupFloatsByCurrency([third, first, second])[0]?.floats).toEqual([third, first, second]);
  });

  it('does not mutate the input array or its floats, and returns the same float objects', () => {
    const input = [
      float('USD', 'b', '1.00'),
      float('GBP', 'z', '2.00'),
      float('GBP', 'a', '3.00'),
      float('EUR', 'm'),
    ];
    const snapshot = structuredClone(input);
    const order = [...input];
    const groups = groupFloatsByCurrency(Object.freeze(input));
    expect(input).toEqual(snapshot);
    input.forEach((f, i) => expect(f).toBe(order[i]));
    const output = groups.flatMap((g) => g.floats);
    for (const f of output) expect(input).toContain(f);
    // The groups' arrays are new arrays: changing them does not touch the input.
    groups[0]?.floats.reverse();
    expect(input).toEqual(snapshot);
  });

  const currencies = fc.constantFrom('GBP', 'EUR', 'USD', 'JPY', 'KWD', 'AUD', 'CHF');
  const names = fc.constantFrom(
    'main',
    'Main',
    'alpha',
    'Beta',
    'beta',
    'Zulu',
    'reserve',
    'Ops 2',
    'ops 10',
    'x',
  );
  const floatsArb = fc.array(
    fc
      .tuple(currencies, names, fc.option(fc.constantFrom('0.00', '1.00', '-2.50')))
      .map(([c, n, a]) => float(c, n, a)),
    { maxLength: 40 },
  );

  it('property: every float appears exactly once, in the group of its currency', () => {
    fc.assert(
      fc.property(floatsArb, (input) => {
        const groups = groupFloatsByCurrency(input);
        const output = groups.flatMap((g) => g.floats);
        expect(output).toHaveLength(input.length);
        expect(new Set(output).size).toBe(new Set(input).size);
        for (const f of input) expect(output.filter((o) => o === f)).toHaveLength(1);
        for (const g of groups) {
          expect(g.floats.length).toBeGreaterThan(0);
          for (const f of g.floats) expect(f.currency).toBe(g.currency);
        }
      }),
    );
  });

  it('property: currencies unique and sorted; names sorted case-insensitively', () => {
    fc.assert(
      fc.property(floatsArb, (input) => {
        const groups = groupFloatsByCurrency(input);
        const codes = groups.map((g) => g.currency);
        expect(new Set(codes).size).toBe(codes.length);
        expect(codes).toEqual([...new Set(input.map((f) => f.currency))].sort());
        for (const g of groups) {
          const names = g.floats.map((f) => f.name);
          for (let i = 1; i < names.length; i++) {
            expect(
              names[i - 1]!.localeCompare(names[i]!, 'en', { sensitivity: 'base', numeric: true }),
            ).toBeLessThanOrEqual(0);
          }
        }
      }),
    );
  });

  it('property: input is not mutated', () => {
    fc.assert(
      fc.property(floatsArb, (input) => {
        const snapshot = structuredClone(input);
        const order = [...input];
        groupFloatsByCurrency(input);
        expect(input).toEqual(snapshot);
        input.forEach((f, i) => expect(f).toBe(order[i]));
      }),
    );
  });
});
