import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpretKey, SHORTCUT_LIST, type KeyPress } from '../../src/renderer/src/lib/shortcuts';

const press = (key: string, fields: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inField: false,
  ...fields,
});

describe('interpretKey', () => {
  it('goes to a page with g then a letter', () => {
    expect(interpretKey(press('g'), false)).toEqual({ action: null, startsPrefix: true });
    expect(interpretKey(press('t'), true).action).toEqual({ kind: 'go', page: 'transfers' });
    expect(interpretKey(press('b'), true).action).toEqual({ kind: 'go', page: 'balances' });
    expect(interpretKey(press('c'), true).action).toEqual({ kind: 'go', page: 'brands' });
    expect(interpretKey(press('x'), true)).toEqual({ action: null, startsPrefix: false });
    expect(interpretKey(press('t'), false).action).toBeNull();
  });

  it('knows the main actions', () => {
    expect(interpretKey(press('n'), false).action).toEqual({ kind: 'new-transfer' });
    expect(interpretKey(press('S'), false).action).toEqual({ kind: 'sync' });
    expect(interpretKey(press('s'), false).action).toBeNull();
    expect(interpretKey(press('/'), false).action).toEqual({ kind: 'search' });
    expect(interpretKey(press('?'), false).action).toEqual({ kind: 'help' });
  });

  it('never acts on keys typed into a field or with a modifier (copy, paste, browser keys)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.record({
          ctrlKey: fc.boolean(),
          metaKey: fc.boolean(),
          altKey: fc.boolean(),
          inField: fc.boolean(),
        }),
        (key, afterG, fields) => {
          fc.pre(fields.ctrlKey || fields.metaKey || fields.altKey || fields.inField);
          expect(interpretKey(press(key, fields), afterG)).toEqual({ action: null, startsPrefix: false });
        },
      ),
    );
  });

  it('lists every shortcut it knows', () => {
    expect(SHORTCUT_LIST.map((shortcut) => shortcut.keys)).toContain('Shift + S');
    expect(SHORTCUT_LIST).toHaveLength(10);
  });
});
