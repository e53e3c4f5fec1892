import { useEffect, useRef } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { navigate } from '../../lib/navigate';
import { hrefFor } from '../../lib/router';
import { useTransferForm, useTransfersTable } from '../../stores/transfers';
import { ConfirmTransfer } from './ConfirmTransfer';
import { DraftsList } from './DraftsList';
import { SubmitOutcomeView } from './SubmitOutcomeView';
import { TransferFormView } from './TransferFormView';

/** `#/transfers/new`: fill in, check what will be sent, send; drafts below. */
export function NewTransferPage() {
  const step = useTransferForm((state) => state.step);
  const outcome = useTransferForm((state) => state.outcome);
  const draftMessage = useTransferForm((state) => state.draftMessage);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => void useTransferForm.getState().start(), []);

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
