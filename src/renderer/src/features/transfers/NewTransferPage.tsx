import { useEffect, useRef } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { writeTypedAmount } from '../../lib/typed-amount';
import { navigate } from '../../lib/navigate';
import { hrefFor } from '../../lib/router';
import { useTransferForm, useTransfersTable } from '../../stores/transfers';
import { ConfirmTransfer } from './ConfirmTransfer';
import { DraftsList } from './DraftsList';
import { SubmitOutcomeView } from './SubmitOutcomeView';
import { TransferFormView } from './TransferFormView';
import { topUpPrefillOf, type TopUpPrefill } from './transfer-links';

/** Fill in the float (when the ledger knows it) and the suggested amount an address asked for. */
function applyPrefill(prefill: TopUpPrefill): void {
  const form = useTransferForm.getState();
  const choices = form.choices.status === 'ready' ? form.choices.value : [];
  const choice = choices.find((c) => c.name === prefill.name && c.currency === prefill.currency);
  if (!choice) return;
  form.chooseFloat(choice);
  if (prefill.amount !== null) form.setField('amount', writeTypedAmount(prefill.amount));
}

/**
 * `#/transfers/new`: fill in, check what will be sent, send; drafts below. `?float&currency&amount`
 * (a low-balance notice's "Request a top-up") prefills the float and amount once.
 */
export function NewTransferPage({ query = {} }: { query?: Readonly<Record<string, string>> }) {
  const step = useTransferForm((state) => state.step);
  const outcome = useTransferForm((state) => state.outcome);
  const draftMessage = useTransferForm((state) => state.draftMessage);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  const prefill = topUpPrefillOf(query);
  const prefillKey = prefill ? JSON.stringify(prefill) : null;
  useEffect(() => {
    void useTransferForm
      .getState()
      .start()
      .then(() => {
        if (prefillKey === null) return;
        applyPrefill(JSON.parse(prefillKey) as TopUpPrefill);
        // Once: going back to the form later keeps what the person typed since.
        navigate(hrefFor('transfers', { sub: 'new' }), { replace: true });
      });
  }, [prefillKey]);

  useEffect(() => {
    if (step === 'confirm') confirmHeading.current?.focus();
  }, [step]);

  const send = async (confirmedPossibleDuplicate = false): Promise<void> => {
    const result = await useTransferForm.getState().submit({ confirmedPossibleDuplicate });
    if (result.kind === 'duplicate') {
      confirmHeading.current?.focus();
      return;
    }
    if (result.kind !== 'registered') {
      if (result.kind !== 'unknown') document.getElementById('transfer-form-title')?.focus();
      return;
    }
    // The ledger has the request now: show the newest first and select it (or filter to it).
    const table = useTransfersTable.getState();
    table.refresh();
    if (result.transferId !== null)
      table.selectId(result.transferId, () =>
        navigate(hrefFor('transfers', { query: { reference: result.paymentReference } })),
      );
    navigate(hrefFor('transfers'));
  };

  return (
    <div className="page new-transfer-page" data-testid="new-transfer-page" aria-busy={step === 'sending'}>
      <p className="breadcrumb">
        <a href={hrefFor('transfers')}>← Transfer requests</a>
      </p>
      <PageHeading title="New transfer request">
        Ask the platform to top up a float. You pay it from your bank with the payment reference below; the
        platform approves it when the money arrives.
      </PageHeading>
      {outcome ? (
        <SubmitOutcomeView outcome={outcome} onNew={() => void useTransferForm.getState().reset()} />
      ) : null}
      {draftMessage ? (
        <p className="form-note" role="status">
          {draftMessage}
        </p>
      ) : null}
      {step === 'edit' ? <TransferFormView /> : null}
      {step === 'confirm' || step === 'sending' ? (
        <ConfirmTransfer headingRef={confirmHeading} onSend={(confirmed) => void send(confirmed)} />
      ) : null}
      <DraftsList />
    </div>
  );
}
