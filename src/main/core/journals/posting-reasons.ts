/**
 * Which resolutions post an entry. A bank line resolved as a bank fee, an exchange-rate difference or
 * written off is money that left (or reached) the bank with no top-up behind it: it goes to the
 * variance account against the bank. Every other resolution moved no money the books do not already hold, so it is
 * listed, not posted, with its reason.
 */
import { AUTOMATIC_REASON_WORDS, RESOLUTION_REASON_WORDS } from '../../../shared/domain/recon-words';
import type { ResolvedItem } from './types';

const POSTED_LINE_REASONS: ReadonlySet<string> = new Set(['bank_fee', 'fx_difference', 'written_off']);

export function postsEntry(item: ResolvedItem): boolean {
  return item.kind === 'line' && POSTED_LINE_REASONS.has(item.reasonCode);
}

export function reasonWords(code: string): string {
  const words: Readonly<Record<string, string>> = { ...RESOLUTION_REASON_WORDS, ...AUTOMATIC_REASON_WORDS };
  return words[code] ?? `reason "${code}"`;
}

/** Why a resolution is listed and not posted, in words. */
export function notPostedWhy(item: ResolvedItem): string {
  const reason = reasonWords(item.reasonCode);
  if (item.kind === 'request') {
    return `${reason}: a request resolved without a payment moved no money through the bank, so nothing is posted.`;
  }
  return `${reason}: this reason calls for no entry (no fee, exchange difference or write-off to book), so nothing is posted.`;
}
