/**
 * journals:preview — the period's journals as journals:export would write them, for a person to
 * check before exporting: every journal with its first lines and totals, what each account is
 * debited and credited, and, instead of a refusal, the floats the mapping still lacks.
 */
import type { ChannelOutput } from '../../../shared/ipc/contract';
import type { JournalConversion } from '../../../shared/ipc/contract-journals';
import type { ReconContext } from '../recon/context';
import type { AccountMapping } from './account-mapping';
import { absoluteAmount, isDebit, linesOf, totalsOf } from './journal-amounts';
import { applyConversion } from './conversion';
import { changesSinceLastExport } from './export-changes';
import { buildJournals } from './journal-rules';
import { mappingNeeds, missingMappings } from './missing-mappings';
import { readPeriodFacts } from './period-facts';
import type { Journal, JournalLine } from './types';

type Preview = ChannelOutput<'journals:preview'>;

/** Lines shown per journal; the totals always cover every line. */
export const PREVIEW_LINES = 500;

function shownLine(line: JournalLine, currency: string): Preview['journals'][number]['lines'][number] {
  const amount = absoluteAmount(line.amount, currency);
  const debit = isDebit(line);
  return {
    account: line.account,
    description: line.description,
    reference: line.reference,
    debit: debit ? amount : null,
    credit: debit ? null : amount,
    converted:
      line.converted === undefined
        ? null
        : {
            amount: absoluteAmount(line.converted.amount, line.converted.currency),
            currency: line.converted.currency,
            rate: line.converted.rate,
          },
  };
}

function accountTotals(journals: readonly Journal[]): Preview['accounts'] {
  const byAccount = new Map<string, { account: string; currency: string; lines: JournalLine[] }>();
  for (const journal of journals) {
    for (const line of linesOf(journal)) {
      const key = `${journal.currency}\u0000${line.account}`;
      const group = byAccount.get(key) ?? { account: line.account, currency: journal.currency, lines: [] };
      group.lines.push(line);
      byAccount.set(key, group);
    }
  }
  return [...byAccount.values()]
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.account.localeCompare(b.account))
    .map(({ account, currency, lines }) => ({ account, currency, ...totalsOf(lines, currency) }));
}

export function previewJournals(
  context: ReconContext,
  asOf: string,
  mapping: AccountMapping,
  conversion?: JournalConversion,
): Preview {
  const source = readPeriodFacts(context, asOf);
  const base = {
    asOf,
    period: source.facts.period,
    signOffId: source.facts.signOffId,
    draftWhy: source.draftWhy,
    notes: source.notes,
  };
  const none = { journals: [], accounts: [], notPosted: [], sinceLastExport: null, conversion: null };
  const missing = missingMappings(mappingNeeds(source.facts), mapping);
  if (missing.length > 0) return { ...base, ...none, missing };
  const converted = applyConversion(source.facts, buildJournals(source.facts, mapping), mapping, conversion);
  if (converted.missing.length > 0) return { ...base, ...none, missing: converted.missing };
  const { set } = converted;
  const { journals, notPosted } = set;
  return {
    ...base,
    sinceLastExport: changesSinceLastExport(
      context,
      asOf,
      mapping,
      { signOffId: source.facts.signOffId, set },
      conversion,
    ),
    missing: [],
    conversion: converted.used,
    journals: journals.map((journal) => {
      const lines = linesOf(journal);
      const totals = totalsOf(lines, journal.currency);
      return {
        id: journal.id,
        kind: journal.kind,
        currency: journal.currency,
        convertedFrom: journal.convertedFrom,
        narration: journal.narration,
        date: journal.date,
        debit: totals.debit,
        credit: totals.credit,
        lineCount: lines.length,
        lines: lines.slice(0, PREVIEW_LINES).map((line) => shownLine(line, journal.currency)),
      };
    }),
    accounts: accountTotals(journals),
    notPosted: notPosted.map(({ kind, id, why }) => ({ kind, id, why })),
  };
}
