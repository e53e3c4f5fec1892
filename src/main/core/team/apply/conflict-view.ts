/**
 * team:conflicts — each conflict as a person reads it: the item both decided on (a bank line by its
 * date, amount and text; a request by its reference), and each side's who, when and what.
 */
import { dateText, moneyText, type FormatPreferences } from '../../../../shared/domain/formats';
import { reasonWords, ruleWords } from '../../../../shared/domain/recon-words';
import type { TeamConflict } from '../../../../shared/ipc/contract-team';
import type { LoggedChange } from '../../ledger/repositories/team-replica';
import { ReconDecisionsRepository } from '../../ledger/repositories/recon-decisions';
import { TeamAppliedRepository } from '../../ledger/repositories/team-applied';
import { TeamConflictsRepository, type StoredConflict } from '../../ledger/repositories/team-conflicts';
import type { ReconContext } from '../../recon/context';
import { loadWorld } from '../../recon/load';
import { lineDetail, requestDetail } from '../../recon/match-details';
import type { ReconLine, ReconRequest } from '../../recon/world';
import type { LineName, RequestName } from '../shared-decision';
import { localNames, type LocalNames } from './local-names';
import type { SharedMatch, SharedResolve } from './record-shared';
import { authorName } from './team-context';

type Change = Pick<LoggedChange, 'seq' | 'id' | 'kind' | 'subject' | 'payload' | 'actor' | 'madeAt'>;

interface Named {
  lines: LineName[];
  requests: RequestName[];
}

function namedIn(payload: Record<string, unknown>, kind: string): Named {
  if (kind === 'decision.resolve') {
    const shared = payload as unknown as SharedResolve;
    return shared.kind === 'line'
      ? { lines: [shared.row as LineName], requests: [] }
      : { lines: [], requests: [shared.row as RequestName] };
  }
  const shared = payload as unknown as Partial<SharedMatch>;
  return { lines: shared.lines ?? [], requests: shared.requests ?? [] };
}

const lineKey = (name: LineName): string => `${name.account}/${name.bankId}/${name.date}`;

function lineText(line: ReconLine, format: FormatPreferences): string {
  const text = [line.counterpartyName, line.remittance, line.reference].find(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return `the bank line of ${dateText(line.bookingDate, format)}, ${moneyText(line.amount, line.currency, format)}${text === undefined ? '' : `, “${text}”`}`;
}

function namedText(names: LocalNames, named: Named, format: FormatPreferences): string[] {
  return [
    ...named.lines.map((name) => {
      const line = names.line(name);
      return line === undefined
        ? `bank line ${name.bankId} of ${dateText(name.date, format)}`
        : lineText(line, format);
    }),
    ...named.requests.map((name) => `request ${name.reference}`),
  ];
}

function what(change: Change, names: LocalNames, format: FormatPreferences): string {
  const payload = JSON.parse(change.payload) as Record<string, unknown>;
  const items = namedText(names, namedIn(payload, change.kind), format).join(' with ');
  switch (change.kind) {
    case 'decision.auto_match':
      return `Matched automatically (${ruleWords((payload as unknown as SharedMatch).match.rule)}): ${items}`;
    case 'decision.confirm':
      return `Confirmed the suggested match: ${items}`;
    case 'decision.manual':
      return `Matched by hand: ${items}`;
    case 'decision.resolve': {
      const shared = payload as unknown as SharedResolve;
      return `Resolved ${items} as “${reasonWords(shared.reasonCode)}”: ${shared.note}`;
    }
    default:
      return `Decided on ${items}`;
  }
}

/** The items both sides name (else the other side's), found here when they are. */
function commonItems(standing: Named, other: Named): Named {
  const lines = new Set(standing.lines.map(lineKey));
  const references = new Set(standing.requests.map((request) => request.reference));
  const both = {
    lines: other.lines.filter((line) => lines.has(lineKey(line))),
    requests: other.requests.filter((request) => references.has(request.reference)),
  };
  return both.lines.length + both.requests.length > 0 ? both : other;
}

export function listConflicts(context: ReconContext, all: boolean): TeamConflict[] {
  const { db, workspaceId } = context;
  const applied = new TeamAppliedRepository(db);
  const decisions = new ReconDecisionsRepository(db);
  const names = localNames(loadWorld(context));
  const format = context.format();
  const side = (change: Change | undefined): TeamConflict['standing'] => {
    if (change === undefined)
      return {
        who: 'Someone in the team',
        login: '',
        at: new Date(0).toISOString(),
        what: '',
        here: false,
        inForce: false,
      };
    const payload = JSON.parse(change.payload) as Record<string, unknown>;
    const decisionId = applied.decisionOfChange(workspaceId, change.id);
    const decision = decisionId === undefined ? undefined : decisions.get(workspaceId, decisionId);
    return {
      who: authorName(payload, change.actor),
      login: change.actor,
      at: change.madeAt,
      what: what(change, names, format),
      here: applied.madeHere(workspaceId, change.id),
      inForce: decision !== undefined && decision.undoneBy === null,
    };
  };
  return new TeamConflictsRepository(db)
    .conflicts(workspaceId, all ? 'all' : 'open')
    .map((conflict: StoredConflict) => {
      const standing = applied.changeAt(workspaceId, conflict.standingSeq);
      const other = applied.changeAt(workspaceId, conflict.otherSeq);
      const named = (change: Change | undefined): Named =>
        change === undefined
          ? { lines: [], requests: [] }
          : namedIn(JSON.parse(change.payload) as Record<string, unknown>, change.kind);
      const items = commonItems(named(standing), named(other));
      const lines = items.lines.flatMap((name) => {
        const line = names.line(name);
        return line === undefined ? [] : [lineDetail(line)];
      });
      const requests = items.requests.flatMap((name) => {
        const request: ReconRequest | undefined = names.request(name);
        return request === undefined ? [] : [requestDetail(request)];
      });
      const item = namedText(names, items, format).join(' and ');
      return {
        id: conflict.id,
        item: item.charAt(0).toUpperCase() + item.slice(1),
        lines,
        requests,
        standing: side(standing),
        other: side(other),
        settled:
          conflict.settledAt === null
            ? null
            : {
                at: conflict.settledAt,
                choice: conflict.settledChoice ?? 'standing',
                by: conflict.settledBy,
              },
      };
    });
}
