import { create } from 'zustand';
import { newCreditorReference } from '@shared/domain/creditor-reference';
import type { Money } from '@shared/domain/money';
import { checkTransferForm, type TransferFormIssue } from '@shared/domain/transfer-form';
import type { TransferDraft } from '@shared/ipc/contract-transfers';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import {
  draftFormFrom,
  emptyFields,
  fieldsFromDraft,
  submissionFrom,
  typedTransferAmount,
  type ProformaField,
  type TransferFields,
} from '../features/transfers/transfer-submission';
import { formatExactTime } from '../lib/format-time';
import type { TransfersClient } from './transfers-client';
import {
  duplicateOf,
  issuesFrom,
  type PossibleDuplicate,
  type SubmitOutcome,
} from './transfer-submit-outcome';

export type { PossibleDuplicate, SubmitOutcome } from './transfer-submit-outcome';

/**
 * The New transfer request form: the float · currency pairs of the latest balances, fields prefilled
 * from the workspace settings, field checks with the shared rules (src/shared/domain/transfer-form),
 * a confirmation step, the submission and its outcome, and the drafts kept when it cannot be sent.
 */

export interface FloatChoice {
  name: string;
  currency: string;
  available: Money | null;
}

type Loadable<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: ErrorShape };

export type FieldName = 'float' | 'currency' | 'amount' | 'paymentReference' | 'financeEmail';

export interface TransferFormState {
  choices: Loadable<FloatChoice[]>;
  drafts: Loadable<TransferDraft[]>;
  fields: TransferFields;
  /** The draft these fields came from (deleted by the core once the request is registered). */
  draftId: number | null;
  /** Fields whose problems are shown (left once, or every field after Review). */
  shown: ReadonlySet<FieldName>;
  /** Problems the core reported for the last submission, by field. */
  serverIssues: TransferFormIssue[];
  step: 'edit' | 'confirm' | 'sending' | 'done';
  outcome: SubmitOutcome | null;
  /** Prefill from settings failed: the company fields are empty for that reason. */
  prefillProblem: string | null;
  draftMessage: string | null;
  /** Load the floats, the company details and the drafts; start a fresh form unless one is open. */
  start(): Promise<void>;
  setField(field: Exclude<FieldName, 'float' | 'currency'>, value: string): void;
  chooseFloat(choice: FloatChoice | null): void;
  setProforma(field: ProformaField, value: string): void;
  showProblem(field: FieldName): void;
  newReference(): void;
  /** Check every field: on to the confirmation step when nothing is wrong. */
  review(): boolean;
  edit(): void;
  /** `confirmedPossibleDuplicate`: the person chose "Send anyway" after the duplicate warning. */
  submit(options?: { confirmedPossibleDuplicate?: boolean }): Promise<SubmitOutcome>;
  saveDraft(): Promise<void>;
  resumeDraft(draft: TransferDraft): void;
  deleteDraft(id: number): Promise<void>;
  /** Start over with a fresh form (prefilled again). */
  reset(): Promise<void>;
}

/** The shared rules on the form with its amount read in the chosen number format ("25,000.00"). */
function checkTyped(fields: TransferFields): TransferFormIssue[] {
  const typed = typedTransferAmount(fields);
  if (typed.ok) return checkTransferForm({ ...fields, amount: typed.amount });
  // Text the parser refuses is never a plain decimal either: the amount issue is there, in its place.
  const problem = fields.amount.trim() === '' ? 'is required' : typed.problem;
  return checkTransferForm(fields).map((issue) => (issue.field === 'amount' ? { ...issue, problem } : issue));
}

export function problemsOf(state: Pick<TransferFormState, 'fields' | 'serverIssues'>): TransferFormIssue[] {
  const local = checkTyped(state.fields);
  const fields = new Set(local.map((issue) => issue.field));
  return [...local, ...state.serverIssues.filter((issue) => !fields.has(issue.field))];
}

export function createTransferFormStore(client: TransfersClient, randomInt: (bound: number) => number) {
  let pristine = true;
  const useForm = create<TransferFormState>()((set, get) => {
    const freshFields = (): TransferFields => ({
      ...emptyFields(),
      paymentReference: newCreditorReference(randomInt),
    });
    const edited = (patch: Partial<TransferFormState>): void => {
      pristine = false;
      set({ ...patch, serverIssues: [], draftMessage: null });
    };

    /** The form to edit from its first step: these fields, nothing marked wrong yet, no outcome. */
    const openForm = (fields: TransferFields, draftId: number | null, draftMessage: string | null): void =>
      set({ fields, draftId, shown: new Set(), serverIssues: [], step: 'edit', outcome: null, draftMessage });

    async function loadChoices(): Promise<void> {
      try {
        const { floats } = await client.invoke('floats:list', {});
        const value = floats.map((float) => ({
          name: float.name,
          currency: float.currency,
          available: float.available,
        }));
        set({ choices: { status: 'ready', value } });
      } catch (thrown) {
        set({ choices: { status: 'error', error: toErrorShape(thrown) } });
      }
    }

    async function loadDrafts(): Promise<void> {
      try {
        const { drafts } = await client.invoke('transfers:drafts.list', {});
        set({ drafts: { status: 'ready', value: drafts } });
      } catch (thrown) {
        set({ drafts: { status: 'error', error: toErrorShape(thrown) } });
      }
    }

    async function prefill(): Promise<void> {
      try {
        const settings = await client.invoke('settings:get', {});
        if (!pristine) return;
        const { fields } = get();
        const proforma = { ...fields.proformaInvoice };
        for (const field of Object.keys(proforma) as ProformaField[])
          proforma[field] = settings.company[field] ?? '';
        set({
          fields: { ...fields, proformaInvoice: proforma, financeEmail: settings.financeEmail ?? '' },
          prefillProblem: null,
        });
      } catch (thrown) {
        set({ prefillProblem: toErrorShape(thrown).message });
      }
    }

    return {
      choices: { status: 'loading' },
      drafts: { status: 'loading' },
      fields: emptyFields(),
      draftId: null,
      shown: new Set(),
      serverIssues: [],
      step: 'edit',
      outcome: null,
      prefillProblem: null,
      draftMessage: null,

      async start() {
        if (get().step === 'done' || (pristine && get().fields.paymentReference === '')) {
          pristine = true;
          openForm(freshFields(), null, null);
        }
        await Promise.all([loadChoices(), loadDrafts(), pristine ? prefill() : Promise.resolve()]);
      },
      setField(field, value) {
        edited({ fields: { ...get().fields, [field]: value } });
      },
      chooseFloat(choice) {
        edited({ fields: { ...get().fields, float: choice?.name ?? '', currency: choice?.currency ?? '' } });
      },
      setProforma(field, value) {
        const { fields } = get();
        edited({ fields: { ...fields, proformaInvoice: { ...fields.proformaInvoice, [field]: value } } });
      },
      showProblem(field) {
        if (!get().shown.has(field)) set({ shown: new Set([...get().shown, field]) });
      },
      newReference() {
        edited({ fields: { ...get().fields, paymentReference: newCreditorReference(randomInt) } });
      },
      review() {
        const all = new Set<FieldName>(['float', 'currency', 'amount', 'paymentReference', 'financeEmail']);
        if (problemsOf(get()).length > 0) {
          set({ shown: all });
          return false;
        }
        set({ shown: all, step: 'confirm', outcome: null });
        return true;
      },
      edit() {
        set({ step: 'edit' });
      },
      async submit(options = {}) {
        const state = get();
        if (checkTyped(state.fields).length > 0) {
          set({
            step: 'edit',
            shown: new Set(['float', 'currency', 'amount', 'paymentReference', 'financeEmail']),
          });
          return {
            kind: 'failed',
            error: { code: 'invalid_input', message: 'Correct the fields marked in the form.' },
          };
        }
        set({ step: 'sending', outcome: null });
        let outcome: SubmitOutcome;
        try {
          const submission = submissionFrom(state.fields, state.draftId);
          if (options.confirmedPossibleDuplicate) submission.confirmedPossibleDuplicate = true;
          const result = await client.invoke('transfers:submit', submission);
          outcome =
            result.outcome === 'registered'
              ? {
                  kind: 'registered',
                  paymentReference: result.paymentReference,
                  transferId: result.transferId,
                  message: result.message,
                  amount: { amount: submission.amount, currency: submission.currency },
                }
              : { kind: 'unknown', paymentReference: result.paymentReference, message: result.message };
          set({ step: 'done', outcome, draftId: null });
          void loadDrafts();
        } catch (thrown) {
          const error = toErrorShape(thrown);
          if (error.code === 'offline') {
            const draftId = typeof error.details?.draftId === 'number' ? error.details.draftId : null;
            outcome = { kind: 'offline', draftId, message: error.message };
            set({ step: 'edit', outcome, draftId: draftId ?? state.draftId });
            void loadDrafts();
          } else if (duplicateOf(error) !== null) {
            outcome = {
              kind: 'duplicate',
              earlier: duplicateOf(error) as PossibleDuplicate,
              message: error.message,
            };
            set({ step: 'confirm', outcome });
          } else {
            outcome = { kind: 'failed', error };
            set({ step: 'edit', outcome, serverIssues: issuesFrom(error) });
          }
        }
        return outcome;
      },
      async saveDraft() {
        const { fields, draftId } = get();
        try {
          const draft = await client.invoke('transfers:drafts.save', {
            ...(draftId === null ? {} : { id: draftId }),
            form: draftFormFrom(fields),
          });
          set({ draftId: draft.id, draftMessage: 'Draft saved. It is listed under Drafts below.' });
          await loadDrafts();
        } catch (thrown) {
          set({ draftMessage: `The draft could not be saved: ${toErrorShape(thrown).message}` });
        }
      },
      resumeDraft(draft) {
        pristine = false;
        openForm(
          fieldsFromDraft(draft.form),
          draft.id,
          `Draft from ${formatExactTime(draft.savedAt)} opened.`,
        );
      },
      async deleteDraft(id) {
        try {
          await client.invoke('transfers:drafts.delete', { id });
          if (get().draftId === id) set({ draftId: null });
          set({ draftMessage: 'Draft deleted.' });
        } catch (thrown) {
          set({ draftMessage: `The draft could not be deleted: ${toErrorShape(thrown).message}` });
        }
        await loadDrafts();
      },
      async reset() {
        pristine = true;
        openForm(freshFields(), null, null);
        await prefill();
      },
    };
  });
  return { useForm };
}
