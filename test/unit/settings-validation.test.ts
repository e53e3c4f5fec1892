import { describe, expect, it } from 'vitest';
import { settingsContract } from '../../src/shared/ipc/contract-settings';
import { AppError } from '../../src/shared/ipc/errors';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings/defaults';
import { canonicalLocale, checkSettingsPatch } from '../../src/main/core/settings/validate';

function issuesOf(run: () => unknown): Array<{ field: string; problem: string }> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_input');
    return (error as AppError).details?.issues as Array<{ field: string; problem: string }>;
  }
  throw new Error('expected invalid_input');
}

describe('settings defaults', () => {
  it('are valid settings: 5-minute sync, system locale, ISO dates, system theme, no company or e-mail', () => {
    expect(settingsContract['settings:get'].output.parse(DEFAULT_SETTINGS)).toEqual({
      syncIntervalMinutes: 5,
      locale: 'system',
      dateStyle: 'iso',
      theme: 'system',
      company: {},
      financeEmail: null,
      signerName: null,
    });
  });
});

describe('locale check', () => {
  it('accepts system and canonicalises tags Intl knows', () => {
    expect(canonicalLocale('system')).toBe('system');
    expect(canonicalLocale('de-de')).toBe('de-DE');
    expect(canonicalLocale(' en-GB ')).toBe('en-GB');
    expect(canonicalLocale('fr')).toBe('fr');
  });

  it('refuses what is not a language tag', () => {
    for (const bad of ['english', 'xx-!!', '12', 'en_GB_x', 'de-DE-'])
      expect(canonicalLocale(bad), bad).toBeUndefined();
  });

  it('names the locale field in the error', () => {
    expect(issuesOf(() => checkSettingsPatch({ locale: 'nonsense-locale!' }))).toEqual([
      { field: 'locale', problem: expect.stringContaining('nonsense-locale!') },
    ]);
  });
});

describe('settings patch check', () => {
  it('stores the canonical locale', () => {
    expect(checkSettingsPatch({ locale: 'de-de' })).toEqual({ locale: 'de-DE' });
  });

  it('trims the finance e-mail, turns an empty one into none and refuses a malformed one', () => {
    expect(checkSettingsPatch({ financeEmail: ' finance@acme.example ' })).toEqual({
      financeEmail: 'finance@acme.example',
    });
    expect(checkSettingsPatch({ financeEmail: '  ' })).toEqual({ financeEmail: null });
    expect(checkSettingsPatch({ financeEmail: null })).toEqual({ financeEmail: null });
    // What the New transfer request form would refuse when prefilled with it is refused here too.
    for (const email of ['finance@acme.c', 'a,b@acme.example', '"ap"@acme.example']) {
      expect(issuesOf(() => checkSettingsPatch({ financeEmail: email }))[0]?.field, email).toBe(
        'financeEmail',
      );
    }
    expect(issuesOf(() => checkSettingsPatch({ financeEmail: 'finance at acme' }))[0]?.field).toBe(
      'financeEmail',
    );
  });

  it('keeps only filled company fields, trimmed', () => {
    expect(
      checkSettingsPatch({ company: { company_name: ' Acme Ltd ', address_line_2: '  ', city: 'Leeds' } }),
    ).toEqual({ company: { company_name: 'Acme Ltd', city: 'Leeds' } });
  });

  it('reports every bad field at once', () => {
    const fields = issuesOf(() => checkSettingsPatch({ locale: '??', financeEmail: 'x' })).map(
      (i) => i.field,
    );
    expect(fields).toEqual(['locale', 'financeEmail']);
  });

  it('leaves the shape to the contract: unknown keys and out-of-range intervals never get here', () => {
    const input = settingsContract['settings:update'].input;
    expect(input.safeParse({ syncIntervalMinutes: 1441 }).success).toBe(false);
    expect(input.safeParse({ syncIntervalMinutes: 2.5 }).success).toBe(false);
    expect(input.safeParse({ theme: 'sepia' }).success).toBe(false);
    expect(input.safeParse({ apiSecret: 'x' }).success).toBe(false);
    expect(input.safeParse({ syncIntervalMinutes: 0 }).success).toBe(true);
  });
});
