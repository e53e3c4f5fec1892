/**
 * From a period's facts to its journals: one journal per kind and currency (top-ups, refunds due,
 * derived spend, resolutions), each made of entries that balance exactly on their own, dated the
 * period's as-of date, naming the sign-off they come from, or DRAFT when there is none. Pure and
 * deterministic: the same facts in any order give identical journals.
 */
import type { AccountMapping } from './account-mapping';
import {
  refundEntry,
  resolutionEntry,
  sortedTopUp,
  spendEntry,
  topUpEntry,
  referencesOf,
} from './entry-rules';
import { assertBalanced } from './journal-amounts';
import { requireMappings } from './missing-mappings';
import { notPostedWhy, postsEntry } from './posting-reasons';
import type { Journal, JournalEntry, JournalKind, JournalSet, NotPosted, PeriodFacts } from './types';
import { approvalPending } from './request-states';
import { adjustmentEntry, reversalEntry } from './later-entries';

export const KIND_ORDER: readonly JournalKind[] = ['top_ups', 'refunds', 'derived_spend', 'resolutions'];

const KIND_SLUG: Readonly<Record<JournalKind, string>> = {
  top_ups: 'TOP-UPS',
  refunds: 'REFUNDS',
  derived_spend: 'SPEND',
  resolutions: 'RESOLUTIONS',
};

const KIND_WORDS: Readonly<Record<JournalKind, string>> = {
  top_ups: 'Top-ups paid into the prepaid floats',
  refunds: 'Top-ups paid then removed or cancelled: refunds due',
  derived_spend: 'Gift-card spend, derived from the float roll-forward',
  resolutions: 'Bank lines resolved as fees, exchange differences or write-offs',
};

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function journalId(facts: PeriodFacts, kind: JournalKind, currency: string): string {
  const origin = facts.signOffId === null ? 'DRAFT' : `FD-S${facts.signOffId}`;
  return `${origin}-${facts.asOf}-${KIND_SLUG[kind]}-${currency}`;
}

function narration(facts: PeriodFacts, kind: JournalKind, currency: string): string {
  const period = `period ${facts.period.from} to ${facts.period.to}`;
  const origin = facts.signOffId === null ? 'DRAFT, not signed off' : `sign-off ${facts.signOffId}`;
  const draft = facts.signOffId === null ? 'DRAFT: ' : '';
  return `${draft}${KIND_WORDS[kind]}, ${currency}, ${period} (FloatDesk ${origin})`;
}

interface Keyed {
  kind: JournalKind;
  currency: string;
  key: string;
  entry: JournalEntry;
}

function keyedEntries(facts: PeriodFacts, mapping: AccountMapping, notPosted: NotPosted[]): Keyed[] {
  const keyed: Keyed[] = [];
  for (const raw of facts.topUps) {
    const topUp = sortedTopUp(raw);
    const key = `${referencesOf(topUp)}\u0000${topUp.lines.map((line) => line.bankTransactionId).join(' ')}`;
    if (topUp.adjustment === true) {
      keyed.push({ kind: 'top_ups', currency: topUp.currency, key, entry: adjustmentEntry(topUp, mapping) });
    } else if (topUp.closed) {
      const entry = topUp.reversal === true ? reversalEntry(topUp, mapping) : refundEntry(topUp, mapping);
      keyed.push({ kind: 'refunds', currency: topUp.currency, key, entry });
    } else if (approvalPending(topUp.requests)) {
      // Not closed (above), approval pending: awaiting approval (request-states.ts).
      for (const request of topUp.requests) {
        notPosted.push({
          kind: 'request',
          id: request.paymentReference,
          reasonCode: 'awaiting_approval',
          why: 'Paid, not yet approved by the platform: it is posted once approved.',
        });
      }
    } else {
      keyed.push({ kind: 'top_ups', currency: topUp.currency, key, entry: topUpEntry(topUp, mapping) });
    }
  }
  for (const spend of facts.spend) {
    keyed.push({
      kind: 'derived_spend',
      currency: spend.currency,
      key: spend.float,
      entry: spendEntry(spend, mapping, facts.period),
    });
  }
  for (const item of facts.resolutions) {
    if (postsEntry(item))
      keyed.push({
        kind: 'resolutions',
        currency: item.currency,
        key: item.id,
        entry: resolutionEntry(item, mapping),
      });
    else
      notPosted.push({ kind: item.kind, id: item.id, reasonCode: item.reasonCode, why: notPostedWhy(item) });
  }
  return keyed;
}

/**
 * The journals of a period. Refuses (invalid_input, every missing mapping named) before making any
 * when a float or currency the period touches is not mapped.
 */
export function buildJournals(facts: PeriodFacts, mapping: AccountMapping): JournalSet {
  requireMappings(facts, mapping);
  const notPosted: NotPosted[] = [];
  const keyed = keyedEntries(facts, mapping, notPosted).filter((item) => item.entry.lines.length > 0);
  keyed.sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      byText(a.currency, b.currency) ||
      byText(a.key, b.key),
  );
  const journals: Journal[] = [];
  for (const item of keyed) {
    let journal = journals[journals.length - 1];
    if (journal === undefined || journal.kind !== item.kind || journal.currency !== item.currency) {
      journal = {
        id: journalId(facts, item.kind, item.currency),
        kind: item.kind,
        currency: item.currency,
        convertedFrom: null,
        date: facts.asOf,
        narration: narration(facts, item.kind, item.currency),
        signOffId: facts.signOffId,
        draft: facts.signOffId === null,
        entries: [],
      };
      journals.push(journal);
    }
    journal.entries.push(item.entry);
  }
  journals.forEach(assertBalanced);
  notPosted.sort((a, b) => byText(a.kind, b.kind) || byText(a.id, b.id));
  return { journals, notPosted };
}
