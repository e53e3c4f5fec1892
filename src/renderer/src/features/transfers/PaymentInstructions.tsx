import { useEffect, useState } from 'react';
import type { Money } from '@shared/domain/money';
import { formatMoney } from '../../lib/format-money';
import { hrefFor } from '../../lib/router';
import { hasBankDetails, usePlatformBankDetails } from '../../stores/platform-bank-details';
import { CopyButton } from './CopyButton';

interface PaymentInstructionsProps {
  paymentReference: string;
  amount: Money;
}

function CopyRow({
  label,
  what,
  value,
  onCopied,
}: {
  label: string;
  /** What the copy button copies, e.g. "the payee name". */
  what: string;
  value: string;
  onCopied: (text: string, ok: boolean) => void;
}) {
  if (value === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd className="payment-value">
        <span className="payment-text">{value}</span>
        <CopyButton text={value} label={`Copy ${what}`} onCopied={onCopied} />
      </dd>
    </>
  );
}

/**
 * After a top-up is registered: what to pay, to whom (the platform's bank details from Settings) and
 * the reference to quote, each ready to copy into the bank. Without bank details, where to set them.
 */
export function PaymentInstructions({ paymentReference, amount }: PaymentInstructionsProps) {
  const details = usePlatformBankDetails((state) => state.details);
  const loadError = usePlatformBankDetails((state) => state.loadError);
  const [copyMessage, setCopyMessage] = useState('');
  useEffect(() => void usePlatformBankDetails.getState().load(), []);
  const onCopied = (text: string, ok: boolean): void =>
    setCopyMessage(ok ? `Copied ${text}.` : `Could not copy: select ${text} and copy it by hand.`);
  return (
    <div className="payment-instructions" data-testid="payment-instructions">
      <h3>Pay it from your bank</h3>
      <dl className="payment-fields">
        <CopyRow
          label="Payment reference"
          what="payment reference"
          value={paymentReference}
          onCopied={onCopied}
        />
        <dt>Amount</dt>
        <dd className="payment-value">
          <span className="payment-text amount">{formatMoney(amount.amount, amount.currency)}</span>
          <CopyButton text={amount.amount} label="Copy the amount" onCopied={onCopied} />
        </dd>
        {details && hasBankDetails(details) ? (
          <>
            <CopyRow label="Payee" what="the payee name" value={details.payeeName} onCopied={onCopied} />
            <CopyRow
              label="IBAN or account number"
              what="the IBAN or account number"
              value={details.account}
              onCopied={onCopied}
            />
            <CopyRow
              label="Sort code or BIC"
              what="the sort code or BIC"
              value={details.bankCode}
              onCopied={onCopied}
            />
            <CopyRow label="Bank" what="the bank name" value={details.bankName} onCopied={onCopied} />
          </>
        ) : null}
      </dl>
      {details && hasBankDetails(details) && details.note !== '' ? (
        <p className="payment-note">{details.note}</p>
      ) : null}
      {details !== undefined && !hasBankDetails(details) ? (
        <p className="payment-missing" data-testid="bank-details-missing">
          FloatDesk does not know the platform&apos;s bank details yet. Add them once in{' '}
          <a href={`${hrefFor('settings')}`}>Settings → Paying the platform</a>, from the platform&apos;s
          payment instructions; they are then shown here after every request.
        </p>
      ) : null}
      {loadError ? (
        <p className="payment-missing">
          The platform&apos;s bank details could not be read: {loadError.message}
        </p>
      ) : null}
      <p className="copy-message" role="status">
        {copyMessage}
      </p>
    </div>
  );
}
