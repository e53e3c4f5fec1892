/**
 * What changed since the last export of a period's journals: when that export came from another
 * source (a sign-off since unlocked and signed again, or a DRAFT), each entry added, removed or
 * changed since, in words, so the accountant knows what to correct in the books.
 */
import { AuditLogRepository } from '../ledger/repositories/audit-log';
import type { JournalConversion } from '../../../shared/ipc/contract-journals';
import type { ReconContext } from '../recon/context';
import type { AccountMapping } from './account-mapping';
import { applyConversion } from './conversion';
import { buildJournals } from './journal-rules';
import { readPeriodFacts } from './period-facts';
import type { Journal, JournalSet } from './types';

export interface SinceLastExport {
  /** When the last export was made, and the sign-off it came from (null: a DRAFT). */
  exportedAt: string;
  signOffId: number | null;
  /** Each entry added, removed or changed since, in words. */
  changes: string[];
}

const KIND_WORDS: Readonly<Record<Journal['kind'], string>> = {
  top_ups: 'top-up',
  refunds: 'refund due',
  derived_spend: 'derived spend',
  resolutions: 'resolution',
};

/** Each entry by what it is about (kind, currency, the references of its lines), with its lines. */
function entries(set: JournalSet): Map<string, { words: string; lines: string }> {
  const found = new Map<string, { words: string; lines: string }>();
  for (const journal of set.journals) {
    for (const entry of journal.entries) {
      const about = [...new Set(entry.lines.map((line) => line.reference || line.description))].join(' ');
      found.set(`${journal.kind}\u0000${journal.currency}\u0000${about}`, {
        words: `${KIND_WORDS[journal.kind]} ${about} (${journal.currency})`,
        lines: JSON.stringify(entry.lines.map((line) => [line.account, line.amount])),
      });
    }
  }
  return found;
}

export function changesSinceLastExport(
  context: ReconContext,
  asOf: string,
  mapping: AccountMapping,
  current: { signOffId: number | null; set: JournalSet },
  /** The conversion the current set was made with: the last export's facts are converted alike. */
  conversion?: JournalConversion,
): SinceLastExport | null {
  const last = new AuditLogRepository(context.db).lastAbout(
    context.workspaceId,
    'journal.exported',
    `journals:${asOf}`,
  );
  if (last === undefined) return null;
  const { signOffId } = JSON.parse(last.details) as { signOffId: number | null };
  if (signOffId === current.signOffId && signOffId !== null) return null;
  const since = { exportedAt: last.at, signOffId };
  if (signOffId === null)
    return {
      ...since,
      changes: [
        'The last export was a DRAFT: entries it held may have changed since. Replace it in the books with this one.',
      ],
    };
  let before: JournalSet;
  try {
    const facts = readPeriodFacts(context, asOf, signOffId).facts;
    const converted = applyConversion(facts, buildJournals(facts, mapping), mapping, conversion);
    if (converted.missing.length > 0)
      return { ...since, changes: [`The last export cannot be compared: ${converted.missing.join(' ')}`] };
    before = converted.set;
  } catch (error) {
    return { ...since, changes: [`The last export cannot be compared: ${(error as Error).message}`] };
  }
  const was = entries(before);
  const now = entries(current.set);
  const changes: string[] = [];
  for (const [key, entry] of now) {
    const old = was.get(key);
    if (old === undefined) changes.push(`Added: ${entry.words}.`);
    else if (old.lines !== entry.lines) changes.push(`Changed: ${entry.words}.`);
  }
  for (const [key, entry] of was) if (!now.has(key)) changes.push(`Removed: ${entry.words}.`);
  return { ...since, changes };
}
