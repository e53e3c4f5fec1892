/**
 * transfers:submit — check the form again, register the top-up through the client's idempotent path
 * (never sent twice), record the outcome, and put the new request in the table at once.
 */
import type { EventChannel } from '../../../shared/ipc/channels';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import type { ProformaInvoice, TransferForm } from '../../../shared/ipc/contract-transfers';
import { moneyText } from '../../../shared/domain/formats';
import { canonicalDecimal, requireMinorUnits } from '../../../shared/domain/money';
import { checkTransferForm } from '../../../shared/domain/transfer-form';
import { AppError, invalidInput, type FieldIssue } from '../../../shared/ipc/errors';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { FloatsRepository } from '../ledger/repositories/floats';
import { shareSubmission } from '../team/shared-submission';
import { TransferListRepository } from '../ledger/repositories/transfer-list';
import {
  TransfersRepository,
  utcInstant,
  type TransferSubmissionInput,
} from '../ledger/repositories/transfers';
import type { PlatformClient } from '../platform/client';
import { sameReference } from '../platform/submit-checks';
import type { RegisteredTransfer, SubmissionOutcome, TransferSubmission } from '../platform/submit-types';
import { TransferDuplicatesRepository } from '../ledger/repositories/transfer-duplicates';
import type { TransferDrafts } from './drafts';
import { duplicateWindowStart, findPossibleDuplicate, possibleDuplicateError } from './duplicates';
import { accountName } from './sender';
import { workspaceFormat } from '../settings/word-format';

export type SubmitInput = TransferForm & {
  float: string;
  currency: string;
  amount: string;
  draftId?: number;
  /** The person saw the possible-duplicate warning and chose to send anyway. */
  confirmedPossibleDuplicate?: boolean;
};
type SubmitOutput = ChannelOutput<'transfers:submit'>;

export interface SubmitDeps {
  db: Ledger;
  workspaceId: number;
  clock: Clock;
  /** The workspace's connected platform client (the sync service's). */
  client: () => Promise<PlatformClient>;
  drafts: TransferDrafts;
  emit: (name: EventChannel, payload: unknown) => void;
  /** Who is sending, as recorded with the submission (default: this computer's account name). */
  sender?: () => string | null;
}

/** Unreachable before the top-up left this computer (refused, no DNS, no network): safe to keep for later. */
function unreachableBeforeSending(error: unknown): error is AppError {
  return (
    error instanceof AppError &&
    (error.code === 'offline' || error.code === 'timeout') &&
    error.details?.outcome === 'not_sent'
  );
}

/** The float and currency must be one of the workspace's floats in the latest balances. */
function checkFloatExists(deps: SubmitDeps, float: string, currency: string): void {
  const floats = new FloatsRepository(deps.db).listLatest(deps.workspaceId);
  if (floats.some((item) => item.name === float && item.currency === currency)) return;
  const sameName = floats.some((item) => item.name === float);
  throw invalidInput('transfer request', [
    sameName
      ? { field: 'currency', problem: `is not the currency of the float "${float}"` }
      : {
          field: 'float',
          problem: 'is not one of this workspace’s floats: sync the balances and choose again',
        },
  ]);
}

function submissionOf(input: SubmitInput): TransferSubmission {
  const given = (text: string | undefined): string | undefined => (text?.trim() ? text : undefined);
  const invoice = Object.entries(input.proformaInvoice ?? {}).filter(([, value]) => value?.trim());
  return {
    float: input.float,
    currency: input.currency,
    amount: input.amount.trim(),
    ...(given(input.paymentReference) === undefined ? {} : { paymentReference: input.paymentReference }),
    ...(given(input.financeEmail) === undefined ? {} : { financeEmail: input.financeEmail }),
    ...(invoice.length === 0
      ? {}
      : { proformaInvoice: Object.fromEntries(invoice) as ProformaInvoice & Record<string, string> }),
  };
}

/** The client and the platform name fields as the platform does; the form's names let it show them. */
const FORM_FIELDS: Readonly<Record<string, string>> = {
  payment_reference: 'paymentReference',
  finance_email: 'financeEmail',
  proforma_invoice: 'proformaInvoice',
};

function inFormTerms(error: AppError): AppError {
  const issues = error.details?.issues;
  if (!Array.isArray(issues)) return error;
  const renamed = (issues as FieldIssue[]).map((issue) => {
    const [head = '', ...rest] = issue.field.split('.');
    return { ...issue, field: [FORM_FIELDS[head] ?? head, ...rest].join('.') };
  });
  return new AppError(error.code, error.message, { ...error.details, issues: renamed });
}

function formOf(input: SubmitInput): TransferForm {
  const { draftId: _draftId, confirmedPossibleDuplicate: _confirmed, ...form } = input;
  return form;
}

/**
 * The same float, currency and amount requested within 7 days: refused unless confirmed. Returns the
 * earlier request's reference when it was confirmed (recorded with the submission), else null.
 */
function checkPossibleDuplicate(deps: SubmitDeps, input: SubmitInput): string | null {
  const now = deps.clock();
  const amountMinor = requireMinorUnits(input.amount.trim(), input.currency);
  const recent = new TransferDuplicatesRepository(deps.db).recent(
    deps.workspaceId,
    input.float,
    input.currency,
    duplicateWindowStart(now),
  );
  const earlier = findPossibleDuplicate(recent, { amountMinor }, now);
  if (earlier === undefined) return null;
  if (input.confirmedPossibleDuplicate === true) return earlier.paymentReference;
  throw possibleDuplicateError(
    earlier,
    { float: input.float, currency: input.currency, amountMinor },
    workspaceFormat(deps.db, deps.workspaceId),
  );
}

/**
 * The platform's own row for what it just registered (for its created_at: the request's identity), so
 * the next sync finds the same row instead of adding a second one. Undefined when it cannot be read now.
 */
async function findRegistered(client: PlatformClient, transfer: RegisteredTransfer) {
  try {
    const items = await client.listTransferRequests({
      paymentReference: transfer.paymentReference,
      float: transfer.float,
      currency: transfer.currency,
    });
    const amount = canonicalDecimal(transfer.amount);
    const matching = items.filter(
      (item) =>
        sameReference(item.payment_reference, transfer.paymentReference) &&
        item.float === transfer.float &&
        item.requested.currency === transfer.currency &&
        canonicalDecimal(item.requested.amount) === amount,
    );
    return matching.sort((a, b) => (utcInstant(a.created_at) < utcInstant(b.created_at) ? 1 : -1))[0];
  } catch {
    return undefined;
  }
}

/** Why a ledger write failed, in words (never a stack). */
function ledgerProblem(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Into the draft it came from, or a new one when that draft is gone (deleted meanwhile). */
function keepDraft(deps: SubmitDeps, form: TransferForm, draftId: number | undefined, reason: string) {
  try {
    return deps.drafts.save(form, { id: draftId, reason });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    return deps.drafts.save(form, { reason });
  }
}

export async function submitTransferRequest(deps: SubmitDeps, input: SubmitInput): Promise<SubmitOutput> {
  const issues = checkTransferForm(input);
  if (issues.length > 0) throw invalidInput('transfer request', issues);
  checkFloatExists(deps, input.float, input.currency);
  const duplicateOf = checkPossibleDuplicate(deps, input);
  const submission = submissionOf(input);
  const submittedBy = (deps.sender ?? accountName)();
  const transfers = new TransfersRepository(deps.db);
  const submittedAt = isoNow(deps.clock);
  const client = await deps.client();
  /** Records the submission; answers what it recorded. */
  const record = (
    reference: string,
    outcome: 'registered' | 'confirmed_by_lookup' | 'refused' | 'unknown',
    errorCode: string | null = null,
  ): TransferSubmissionInput => {
    const recorded = { ...submission, paymentReference: reference, submittedAt, outcome, errorCode };
    const full = { ...recorded, submittedBy, confirmedDuplicateOf: duplicateOf };
    transfers.recordSubmission(deps.workspaceId, full);
    return full;
  };

  let registered: SubmissionOutcome;
  try {
    registered = await client.submitTransfer(submission);
  } catch (error) {
    if (unreachableBeforeSending(error)) {
      const draft = keepDraft(deps, formOf(input), input.draftId, error.message);
      throw new AppError('offline', `${error.message} Nothing was sent: the request is kept as a draft.`, {
        ...error.details,
        draftId: draft.id,
      });
    }
    if (!(error instanceof AppError)) throw error;
    const reference = error.details?.paymentReference;
    if (typeof reference !== 'string') throw inFormTerms(error);
    if (error.details?.outcome !== 'unknown') {
      record(reference, 'refused', error.code);
      throw inFormTerms(error);
    }
    // It may be registered: keep the form with this very reference, so sending it again is refused
    // by the platform lookup if the first one landed (a top-up is never sent twice).
    // A ledger failure here must not hide the reference: the answer still says "unknown, check it".
    let note = '';
    try {
      deps.db
        .transaction(() => {
          record(reference, 'unknown', error.code);
          keepDraft(deps, { ...formOf(input), paymentReference: reference }, input.draftId, error.message);
        })
        .immediate();
    } catch (problem) {
      note = ` FloatDesk could not note it in this workspace's ledger (${ledgerProblem(problem)}).`;
    }
    deps.emit('ledger:changed', { source: 'this-core' });
    return {
      outcome: 'unknown',
      paymentReference: reference,
      transferId: null,
      message: `${error.message}${note}`,
    };
  }

  const { transfer } = registered;
  const found = await findRegistered(client, transfer);
  // The platform has the top-up now: whatever the ledger does next, the answer must say so, or a
  // person told "failed" would send it again. The submission and the draft's removal commit first;
  // the platform's row is a bonus (the next sync brings it anyway).
  let notRecorded: string | null = null;
  try {
    deps.db
      .transaction(() => {
        const outcome = registered.confirmedByLookup ? 'confirmed_by_lookup' : 'registered';
        // The team hears who sent it: the request itself comes to every desktop from the platform.
        shareSubmission(deps, record(transfer.paymentReference, outcome));
        if (input.draftId !== undefined) deps.drafts.delete(input.draftId);
      })
      .immediate();
  } catch (error) {
    notRecorded = ledgerProblem(error);
  }
  let transferId: number | null = null;
  if (found !== undefined) {
    try {
      deps.db
        .transaction(() => {
          transfers.upsertTransferRequests(deps.workspaceId, [found], {
            syncRunId: null,
            observedAt: isoNow(deps.clock),
          });
          transferId =
            new TransferListRepository(deps.db).idOf(
              deps.workspaceId,
              found.payment_reference,
              utcInstant(found.created_at),
            ) ?? null;
        })
        .immediate();
    } catch {
      transferId = null; // the table shows it after the next sync, as the message says
    }
  }
  deps.emit('ledger:changed', { source: 'this-core' });
  const amount = moneyText(transfer.amount, transfer.currency, workspaceFormat(deps.db, deps.workspaceId));
  return {
    outcome: 'registered',
    paymentReference: transfer.paymentReference,
    transferId,
    message:
      `The platform registered the transfer request of ${amount} to ${transfer.float} with reference ` +
      `${transfer.paymentReference}. Pay it from the bank with this reference; it stays pending until the platform approves it.` +
      (transferId === null ? ' It appears in the table after the next sync.' : '') +
      (notRecorded === null
        ? ''
        : ` FloatDesk could not note it in this workspace's ledger (${notRecorded}): do not send it again.`),
  };
}
