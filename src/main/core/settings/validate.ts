import { checkFinanceEmail } from '../../../shared/domain/transfer-form';
import type { Settings } from '../../../shared/ipc/contract-settings';
import { invalidInput, type FieldIssue } from '../../../shared/ipc/errors';

/** The shape is zod's job (contract-settings.ts); these are the checks zod cannot make. */
export type SettingsPatch = Partial<Settings>;

/**
 * 'system', or the canonical form of a BCP 47 tag this runtime can format numbers for
 * ("de-de" → "de-DE"). Undefined when Intl rejects it.
 */
export function canonicalLocale(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === 'system') return 'system';
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    if (canonical === undefined) return undefined;
    return Intl.NumberFormat.supportedLocalesOf([canonical]).length > 0 ? canonical : undefined;
  } catch {
    return undefined;
  }
}

function trimmedCompany(company: Settings['company']): Settings['company'] {
  const kept: Record<string, string> = {};
  for (const [field, value] of Object.entries(company)) {
    const text = value?.trim() ?? '';
    if (text !== '') kept[field] = text;
  }
  return kept;
}

/** Normalise a settings change (canonical locale, trimmed text, '' → none) or throw invalid_input naming each field. */
export function checkSettingsPatch(patch: SettingsPatch): SettingsPatch {
  const issues: FieldIssue[] = [];
  const checked: SettingsPatch = { ...patch };
  if (patch.locale !== undefined) {
    const locale = canonicalLocale(patch.locale);
    if (locale === undefined)
      issues.push({
        field: 'locale',
        problem: `"${patch.locale}" is not a language tag FloatDesk can format with (e.g. en-GB, de-DE, or system)`,
      });
    else checked.locale = locale;
  }
  if (patch.financeEmail !== undefined) {
    const email = patch.financeEmail?.trim() ?? '';
    // The transfer form's own rule: what Settings keeps must prefill a form that can be sent.
    if (email !== '' && checkFinanceEmail(email) !== null)
      issues.push({ field: 'financeEmail', problem: 'enter an e-mail address such as finance@example.com' });
    checked.financeEmail = email === '' ? null : email;
  }
  if (patch.company !== undefined) checked.company = trimmedCompany(patch.company);
  if (patch.signerName !== undefined) {
    const name = patch.signerName?.replace(/\s+/g, ' ').trim() ?? '';
    checked.signerName = name === '' ? null : name;
  }
  if (issues.length > 0) throw invalidInput('settings', issues);
  return checked;
}
