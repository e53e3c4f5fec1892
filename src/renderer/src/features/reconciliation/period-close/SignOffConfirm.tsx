import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { formatDate } from '../../../lib/format-time';
import type { SigningView } from '../../../stores/recon-signoff-store';
import { useReconPeriod } from '../../../stores/recon';
import { useSettings } from '../../../stores/settings';
import { OpenItemsAcknowledgement } from './OpenItemsAcknowledgement';
import { SignerNameAsk } from './SignerNameAsk';
import { signOffExplanation, signOffOutlook } from './period-text';
import { formatNumber } from '../../../lib/format-money';

type Pending = Extract<SigningView, { status: 'reviewing' | 'saving' | 'error' }>;

/** The counts of the summary as of the date: what is settled (locked) and what stays open. */
function Outlook({ signing }: { signing: Pending }) {
  const { summary } = signing;
  if (summary.status === 'error')
    return <ErrorState title="The summary as of that date could not be loaded" error={summary.error} />;
  if (summary.status !== 'ready') return <LoadingState label="Counting the items as of that date…" />;
  const outlook = signOffOutlook(summary.value);
  const figures: Array<{ label: string; value: number; testId: string }> = [
    { label: 'Matched requests (locked)', value: outlook.matched, testId: 'matched' },
    {
      label: 'Resolved requests (locked if resolved by a person)',
      value: outlook.resolved,
      testId: 'resolved',
    },
    { label: 'Already signed off', value: outlook.alreadySignedOff, testId: 'signed-off' },
    { label: 'Open requests (not locked, carry forward)', value: outlook.open, testId: 'open' },
    {
      label: 'Unmatched bank payments (carry forward)',
      value: outlook.unmatchedBankPayments,
      testId: 'unmatched',
    },
  ];
  return (
    <dl className="recon-figures recon-signoff-outlook" data-testid="recon-signoff-outlook">
      {figures.map((figure) => (
        <div key={figure.testId} className="recon-figure" data-testid={`recon-outlook-${figure.testId}`}>
          <dt>{figure.label}</dt>
          <dd className="recon-outlook-value">{formatNumber(figure.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Step 2: say plainly what signing off will do, with the counts, before anything is written. */
export function SignOffConfirm({ signing }: { signing: Pending }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmSigning = useReconPeriod((state) => state.confirmSigning);
  const cancelSigning = useReconPeriod((state) => state.cancelSigning);
  const savedName = useSettings((state) => state.settings?.signerName ?? null);
  const updateSettings = useSettings((state) => state.update);
  const [name, setName] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [tried, setTried] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const saving = signing.status === 'saving';
  const day = formatDate(signing.asOf);
  useEffect(() => heading.current?.focus(), []);
  const totals = signing.openTotals.status === 'ready' ? signing.openTotals.value : null;
  const needsAcknowledgement = totals?.needsAcknowledgement ?? false;
  const nameMissing = savedName === null && name.trim() === '';

  const sign = async (): Promise<void> => {
    setTried(true);
    if (nameMissing || (needsAcknowledgement && !acknowledged)) return;
    if (savedName === null) {
      const error = await updateSettings({ signerName: name.trim() });
      setNameError(error === null ? null : error.message);
      if (error !== null) return;
    }
    await confirmSigning(needsAcknowledgement ? { acknowledgeOpenItems: true } : {});
  };

  return (
    <div className="recon-signoff-confirm" data-testid="recon-signoff-confirm">
      <h3 id="recon-signoff-confirm-title" ref={heading} tabIndex={-1} className="recon-subheading">
        Sign off as of {day}?
      </h3>
      <p>{signOffExplanation(signing.asOf)}</p>
      <Outlook signing={signing} />
      <OpenItemsAcknowledgement
        openTotals={signing.openTotals}
        acknowledged={acknowledged}
        disabled={saving}
        onAcknowledge={setAcknowledged}
      />
      {tried && needsAcknowledgement && !acknowledged ? (
        <p className="recon-field-error" data-testid="recon-signoff-acknowledge-error">
          Tick the box to acknowledge what stays open, or go back and settle it first.
        </p>
      ) : null}
      {savedName === null ? (
        <SignerNameAsk value={name} disabled={saving} missing={tried && nameMissing} onChange={setName} />
      ) : (
        <p className="recon-hint" data-testid="recon-signoff-by">
          Signed off by {savedName} (the name in Settings).
        </p>
      )}
      {nameError === null ? null : <p className="recon-field-error">The name was not saved: {nameError}</p>}
      {signing.note.trim() === '' ? null : (
        <p className="recon-hint">
          Note: <q>{signing.note.trim()}</q>
        </p>
      )}
      {signing.status === 'error' ? (
        <div className="recon-signoff-error" role="alert" data-testid="recon-signoff-error">
          <p className="recon-field-error">Not signed off: {signing.error.message}</p>
          <p className="recon-hint">
            Error code: <code>{signing.error.code}</code>
          </p>
        </div>
      ) : null}
      <div className="recon-actions">
        <button
          type="button"
          className="button"
          disabled={saving || signing.summary.status === 'loading' || signing.openTotals.status === 'loading'}
          data-testid="recon-signoff-confirm-button"
          onClick={() => void sign()}
        >
          {saving ? 'Signing off…' : `Sign off as of ${day}`}
        </button>
        <button type="button" className="button button-secondary" disabled={saving} onClick={cancelSigning}>
          Back
        </button>
      </div>
    </div>
  );
}
