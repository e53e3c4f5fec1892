import type { Settings } from '../../../shared/ipc/contract-settings';

/** Shorter values (a country code, a county initial) would blank out unrelated text in every line. */
const SHORTEST = 4;

/**
 * The company details, finance e-mail and signer name typed in Settings, as values the log must never carry in
 * any text (a platform message quoting a proforma invoice, say), not only under their field names.
 */
export function personalValuesOf(
  settings: Pick<Settings, 'company' | 'financeEmail'> & Partial<Pick<Settings, 'signerName'>>,
): string[] {
  return [...Object.values(settings.company), settings.financeEmail, settings.signerName].filter(
    (value): value is string => typeof value === 'string' && value.trim().length >= SHORTEST,
  );
}
