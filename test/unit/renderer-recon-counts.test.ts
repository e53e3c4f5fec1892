/**
 * Counts on the Reconciliation screen follow the chosen number format (Settings → Format), never
 * the browser's own: "12.345" in de-DE, "12,345" in en-GB.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatPreferences } from '../../src/renderer/src/lib/format-preferences';
import { reportPageText } from '../../src/renderer/src/features/reconciliation/period-close/period-text';
import {
  importSentence,
  moreProblemsSentence,
} from '../../src/renderer/src/features/reconciliation/recon-text';
import { flagSentence } from '../../src/renderer/src/features/reconciliation/rollforward-words';
import type { ImportResult } from '../../src/renderer/src/stores/recon-client';

afterEach(() => setFormatPreferences({ locale: 'system', dateStyle: 'locale' }));

const imported = {
  stored: true,
  format: 'csv',
  linesRead: 12345,
  linesAdded: 12000,
  linesAlreadyKnown: 345,
  errorsTotal: 1500,
  errors: [],
} as unknown as ImportResult;

describe('counts in the chosen number format', () => {
  it('groups thousands as de-DE does', () => {
    setFormatPreferences({ locale: 'de-DE', dateStyle: 'iso' });
    expect(importSentence('march.csv', imported)).toBe(
      'Imported march.csv (CSV): 12.345 lines read, 12.000 added, 345 already known. 1.500 lines could not be read.',
    );
    expect(moreProblemsSentence(imported)).toMatch(/^… and 1\.500 more problems/);
    expect(reportPageText(1000, 100, 12345)).toBe('Items 1.001–1.100 of 12.345');
  });

  it('and as en-GB does, in the roll-forward flags too', () => {
    setFormatPreferences({ locale: 'en-GB', dateStyle: 'locale' });
    expect(reportPageText(1000, 100, 12345)).toBe('Items 1,001–1,100 of 12,345');
    const sentence = flagSentence({
      kind: 'approval_not_counted',
      currency: 'GBP',
      float: 'Main',
      seenAt: '2026-11-03T10:00:00Z',
      paymentReferences: Array.from({ length: 1203 }, (_, i) => `FD${i}`),
      total: { amount: '1234567.50', currency: 'GBP' },
    } as Parameters<typeof flagSentence>[0]);
    expect(sentence).toMatch(
      /^1,203 requests \(FD0, FD1, FD2 and 1,200 more; £1,234,567\.50\) .* on 3 Nov 2026 /,
    );
  });
});
