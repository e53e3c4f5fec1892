/**
 * What a match made by a person must satisfy before it is stored: every item exists, is listed
 * once, is a payment (not money received), all in one currency, and none is in a match in force.
 */
import { moneyText, type FormatPreferences } from '../../../shared/domain/formats';
import type { ChannelInput } from '../../../shared/ipc/contract';
import { AppError, invalidInput, type FieldIssue } from '../../../shared/ipc/errors';
import type { ItemRows, ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import type { ReconContext } from './context';
import { lineName } from './match-details';
import type { ReconLine, ReconRequest, ReconWorld } from './world';

const lineNameOfRow = (world: ReconWorld, row: number, format: FormatPreferences): string => {
  const line = world.lineByRow.get(row);
  return line === undefined ? `bank line ${row}` : lineName(line, format);
};

/** Refuse rows a match in force already covers, naming the decision to undo. */
export function requireUnmatched(
  context: ReconContext,
  repo: ReconDecisionsRepository,
  world: ReconWorld,
  rows: ItemRows,
): void {
  const covered = repo.covered(context.workspaceId, 'match', rows);
  const issues: FieldIssue[] = [
    ...[...covered.lines].map(([row, decision]) => ({
      field: 'lineIds',
      problem: `${lineNameOfRow(world, row, context.format())} is already matched (decision ${decision}); undo that decision first`,
    })),
    ...[...covered.requests].map(([row, decision]) => ({
      field: 'requestReferences',
      problem: `request ${world.requestByRow.get(row)?.key ?? row} is already matched (decision ${decision}); undo that decision first`,
    })),
  ];
  if (issues.length > 0) throw invalidInput('match', issues);
}

/** Items in another currency than the first bank line's; `field` names the input that holds each. */
export function currencyIssues(
  lines: readonly ReconLine[],
  requests: readonly ReconRequest[],
  field: (kind: 'line' | 'request', index: number) => string,
  format: FormatPreferences,
): FieldIssue[] {
  const currency = lines[0]?.currency ?? requests[0]?.requested.currency;
  return [
    ...lines.flatMap((line, i) =>
      line.currency === currency
        ? []
        : [
            {
              field: field('line', i),
              problem: `${lineName(line, format)} is in ${line.currency}, the first bank line in ${currency}`,
            },
          ],
    ),
    ...requests.flatMap((request, i) =>
      request.requested.currency === currency
        ? []
        : [
            {
              field: field('request', i),
              problem: `request ${request.key} is in ${request.requested.currency}, the bank payment in ${currency}: amounts in different currencies cannot be matched (resolve them instead, e.g. as fx_difference)`,
            },
          ],
    ),
  ];
}

function duplicates(ids: readonly string[], field: string): FieldIssue[] {
  return ids.flatMap((id, index) =>
    ids.indexOf(id) !== index ? [{ field: `${field}[${index}]`, problem: `"${id}" is listed twice` }] : [],
  );
}

const isPayment = (amount: string): boolean => amount.startsWith('-') && !/^-0(\.0*)?$/.test(amount);

/** The lines and requests a match by hand names, checked. */
export function manualItems(
  world: ReconWorld,
  input: ChannelInput<'recon:match.manual'>,
  format: FormatPreferences,
): { lines: ReconLine[]; requests: ReconRequest[] } {
  const lines = input.lineIds.map((id) => world.lineByKey.get(id));
  const requests = input.requestReferences.map((id) => world.requestByKey.get(id));
  const missing: FieldIssue[] = [
    ...lines.flatMap((line, i) =>
      line ? [] : [{ field: `lineIds[${i}]`, problem: `no bank line has the id "${input.lineIds[i]}"` }],
    ),
    ...requests.flatMap((request, i) =>
      request
        ? []
        : [
            {
              field: `requestReferences[${i}]`,
              problem: `no transfer request has the reference "${input.requestReferences[i]}"`,
            },
          ],
    ),
  ];
  if (missing.length > 0) {
    throw new AppError('not_found', `${missing[0]!.field}: ${missing[0]!.problem}. Nothing was matched.`, {
      issues: missing,
    });
  }
  const found = { lines: lines.map((line) => line!), requests: requests.map((request) => request!) };
  const issues: FieldIssue[] = [
    ...duplicates(input.lineIds, 'lineIds'),
    ...duplicates(input.requestReferences, 'requestReferences'),
    ...found.lines.flatMap((line, i) =>
      isPayment(line.amount)
        ? []
        : [
            {
              field: `lineIds[${i}]`,
              problem: `${lineName(line, format)} is money received (${moneyText(line.amount, line.currency, format)}), not a payment`,
            },
          ],
    ),
    ...currencyIssues(
      found.lines,
      found.requests,
      (kind, i) => (kind === 'line' ? `lineIds[${i}]` : `requestReferences[${i}]`),
      format,
    ),
  ];
  if (issues.length > 0) throw invalidInput('match', issues);
  return found;
}
