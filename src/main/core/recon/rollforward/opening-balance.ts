/**
 * recon:opening.set / recon:opening.list — opening balances a person enters per float from the
 * platform's own statement. Each entry and its audit log entry commit together; a later entry for
 * the same float and date replaces it for the roll-forward, and both stay in the ledger.
 */
import { shareChange } from '../../team/share-change';
import { isKnownCurrency } from '../../../../shared/domain/currency';
import { fromMinorUnits, isDecimalString, toMinorUnits } from '../../../../shared/domain/money';
import type { ChannelInput, ChannelOutput } from '../../../../shared/ipc/contract';
import { invalidInput } from '../../../../shared/ipc/errors';
import {
  OpeningBalancesRepository,
  type OpeningBalanceEntry,
} from '../../ledger/repositories/opening-balances';
import { appendInTransaction } from '../audit/audit-log';
import { auditActor, type ReconContext } from '../context';

type SetInput = ChannelInput<'recon:opening.set'>;
type Entry = ChannelOutput<'recon:opening.list'>['entries'][number];

/**
 * The one place an entered opening balance is read: plain decimals only for now ("25000.00",
 * "-12.5"), exact, within the currency's decimals.
 */
export function enteredAmountMinor(text: string, currency: string): bigint {
  const amount = text.trim();
  if (!isDecimalString(amount) || /e/i.test(amount)) {
    throw invalidInput('opening balance', [
      {
        field: 'amount',
        problem: `"${amount.slice(0, 40)}" is not an amount: type digits with a decimal point, such as 25000.00`,
      },
    ]);
  }
  const minor = toMinorUnits(amount, currency);
  if (!minor.ok) {
    throw invalidInput('opening balance', [
      {
        field: 'amount',
        problem: `${currency} has ${minor.allowed} decimal places; the amount has ${minor.found}`,
      },
    ]);
  }
  return minor.minor;
}

function realDate(date: string): boolean {
  const ms = Date.parse(`${date}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

function toOutput(entry: OpeningBalanceEntry, replaces: number): Entry {
  return {
    id: entry.id,
    currency: entry.currency,
    float: entry.float,
    asOf: entry.asOf,
    amount: { amount: entry.amount, currency: entry.currency },
    note: entry.note,
    enteredAt: entry.enteredAt,
    replaces,
  };
}

export function setOpeningBalance(
  context: ReconContext,
  input: SetInput,
): ChannelOutput<'recon:opening.set'> {
  const { db, workspaceId } = context;
  const repo = new OpeningBalancesRepository(db);
  if (!isKnownCurrency(input.currency))
    throw invalidInput('opening balance', [
      { field: 'currency', problem: `${input.currency} is not a known currency` },
    ]);
  if (!realDate(input.asOf))
    throw invalidInput('opening balance', [{ field: 'asOf', problem: 'choose a real date' }]);
  if (input.asOf > context.today())
    throw invalidInput('opening balance', [
      {
        field: 'asOf',
        problem: 'the date is in the future: enter a balance the platform has already reported',
      },
    ]);
  const amountMinor = enteredAmountMinor(input.amount, input.currency);
  const float = input.float.trim();
  const note = input.note.trim();
  return db
    .transaction(() => {
      const known = repo.floats(workspaceId).some((f) => f.currency === input.currency && f.name === float);
      if (!known)
        throw invalidInput('opening balance', [
          { field: 'float', problem: `this workspace has no ${input.currency} float named "${float}"` },
        ]);
      const earlier = repo.history(workspaceId, input.currency, float, input.asOf);
      const entry = appendInTransaction(db, {
        workspaceId,
        at: context.now(),
        actor: auditActor(context),
        action: 'balance.opening_entered',
        subject: `float:${input.currency} ${float}`,
        details: {
          currency: input.currency,
          float,
          asOf: input.asOf,
          amount: fromMinorUnits(amountMinor, input.currency),
          note,
          ...(earlier[0] ? { replacesEntry: earlier[0].id } : {}),
        },
      });
      const id = repo.insert(workspaceId, {
        currency: input.currency,
        float,
        asOf: input.asOf,
        amountMinor,
        note,
        enteredAt: entry.at,
        actor: context.actor,
        auditSeq: entry.seq,
      });
      shareChange(context, {
        kind: 'opening.set',
        subject: `float:${input.currency} ${float}`,
        payload: {
          currency: input.currency,
          float,
          asOf: input.asOf,
          amount: fromMinorUnits(amountMinor, input.currency),
          note,
        },
      });
      const stored = repo.history(workspaceId, input.currency, float, input.asOf)[0] as OpeningBalanceEntry;
      if (stored.id !== id) throw new Error('The opening balance just entered is not the latest one.');
      return { entry: toOutput(stored, earlier.length), auditSeq: entry.seq };
    })
    .immediate();
}

export function listOpeningBalances(context: ReconContext): ChannelOutput<'recon:opening.list'> {
  const repo = new OpeningBalancesRepository(context.db);
  const entries = repo
    .current(context.workspaceId)
    .map((entry) =>
      toOutput(entry, repo.history(context.workspaceId, entry.currency, entry.float, entry.asOf).length - 1),
    )
    .sort((a, b) => (a.asOf < b.asOf ? 1 : a.asOf > b.asOf ? -1 : 0));
  return { floats: repo.floats(context.workspaceId), entries };
}
