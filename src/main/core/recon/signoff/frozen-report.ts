/**
 * A sign-off's frozen report: `{summary, items}` exactly as recon:summary and recon:items (every
 * item, every state, no paging) answer as of its date, stored as gzip'ed JSON text with the
 * SHA-256 of that text, and checked against it whenever it is read back.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ReconItem, ReconSummary } from '../../../../shared/ipc/contract-recon';
import { AppError } from '../../../../shared/ipc/errors';
import type { ReconContext } from '../context';
import type { DecisionState } from '../decision-state';
import { summarize } from '../report';
import { openSuggestionCount } from '../suggestions-view';
import { allItems } from '../report-items';
import type { ReconWorld } from '../world';

export interface FrozenReport {
  summary: ReconSummary;
  items: ReconItem[];
}

export interface StoredReport {
  gzip: Buffer;
  sha256: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The report as of `asOf`, as the context (with its locks) sees the ledger. */
export function freezeReport(
  context: ReconContext,
  world: ReconWorld,
  state: DecisionState,
  asOf: string,
): StoredReport {
  const suggestions = openSuggestionCount(context, world, state);
  const report: FrozenReport = {
    summary: summarize(context, world, state, asOf, suggestions),
    items: allItems(context, world, state, asOf),
  };
  const text = JSON.stringify(report);
  return { gzip: gzipSync(Buffer.from(text, 'utf8')), sha256: sha256(text) };
}

/** The stored report; `ledger_corrupt` when it does not unpack or its hash does not match. */
export function readReport(signOffId: number, stored: StoredReport): FrozenReport {
  const corrupt = (why: string): AppError =>
    new AppError(
      'ledger_corrupt',
      `The frozen report of sign-off ${signOffId} is damaged (${why}). Restore the ledger from a backup.`,
      { signOffId },
    );
  let text: string;
  try {
    text = gunzipSync(stored.gzip).toString('utf8');
  } catch {
    throw corrupt('it does not unpack');
  }
  if (sha256(text) !== stored.sha256) throw corrupt('its SHA-256 does not match the one stored');
  return JSON.parse(text) as FrozenReport;
}
