import type { FormEvent } from 'react';
import { formatMoney } from '../../lib/format-money';
import { typedAmountExample, writeTypedAmount } from '../../lib/typed-amount';
import { problemsOf, type FieldName, type FloatChoice } from '../../stores/transfers-form-store';
import { useTransferForm } from '../../stores/transfers';
import { describedBy, FormField } from './FormField';
import { ProformaFields } from './ProformaFields';

const LABELS: Record<FieldName, string> = {
  float: 'Float and currency',
  currency: 'Currency',
  amount: 'Amount',
  paymentReference: 'Payment reference',
  financeEmail: 'Finance e-mail',
};
const FIELD_IDS: Record<FieldName, string> = {
  float: 'transfer-float',
  currency: 'transfer-float',
  amount: 'transfer-amount',
  paymentReference: 'transfer-reference',
  financeEmail: 'transfer-email',
};

const choiceValue = (choice: { name: string; currency: string }): string =>
  JSON.stringify([choice.name, choice.currency]);

function choiceLabel(choice: FloatChoice): string {
  const available = choice.available
    ? ` — ${formatMoney(choice.available.amount, choice.available.currency)} available`
    : '';
  return `${choice.name} · ${choice.currency}${available}`;
}

/** The form's fields; Review checks them all (with the shared rules) before anything is sent. */
export function TransferFormView() {
  const state = useTransferForm();
  const { fields, shown, choices } = state;
  const problems = problemsOf(state);
  const errorOf = (field: FieldName): string | undefined => {
    const issue = problems.find((candidate) => candidate.field === field);
    if (!issue || !shown.has(field)) return undefined;
    return `${LABELS[field]} ${issue.problem}`;
  };
  const floatError = errorOf('float') ?? errorOf('currency');
  const list = choices.status === 'ready' ? choices.value : [];
  const current =
    fields.float || fields.currency ? choiceValue({ name: fields.float, currency: fields.currency }) : '';
  const known = list.some((choice) => choiceValue(choice) === current);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!state.review()) {
      const first = problemsOf(useTransferForm.getState())[0];
      if (first) document.getElementById(FIELD_IDS[first.field as FieldName] ?? '')?.focus();
    }
  };
  const amountHint = `Exact, with at most two decimals${fields.currency ? ` in ${fields.currency}` : ''}, from 0.01 to ${writeTypedAmount('99999999.99')}; type it as you write it, ${typedAmountExample()}.`;
  const referenceHint =
    'An ISO 11649 creditor reference (RF…), generated here; you may type your own (up to 18 characters).';

  return (
    <form
      className="transfer-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="transfer-form-title"
      data-testid="transfer-form"
    >
      <h2 id="transfer-form-title" tabIndex={-1}>
        Request details
      </h2>
      <FormField
        id="transfer-float"
        label={LABELS.float}
        error={floatError}
        hint={
          choices.status === 'error'
            ? `The floats could not be loaded: ${choices.error.message}`
            : 'From the latest balances in this workspace.'
        }
      >
        <select
          id="transfer-float"
          value={current}
          aria-invalid={floatError ? true : undefined}
          aria-describedby={describedBy('transfer-float', true, floatError)}
          onChange={(event) => {
            const chosen = list.find((choice) => choiceValue(choice) === event.target.value) ?? null;
            state.chooseFloat(chosen);
          }}
          onBlur={() => state.showProblem('float')}
        >
          <option value="">{choices.status === 'loading' ? 'Loading floats…' : 'Choose a float'}</option>
          {list.map((choice) => (
            <option key={choiceValue(choice)} value={choiceValue(choice)}>
              {choiceLabel(choice)}
            </option>
          ))}
          {current && !known ? (
            <option
              value={current}
            >{`${fields.float} · ${fields.currency} (not in the latest balances)`}</option>
          ) : null}
        </select>
      </FormField>
      <FormField
        id="transfer-amount"
        label={`${LABELS.amount}${fields.currency ? ` (${fields.currency})` : ''}`}
        error={errorOf('amount')}
        hint={amountHint}
      >
        <input
          id="transfer-amount"
          type="text"
          inputMode="decimal"
          className="input-amount"
          value={fields.amount}
          maxLength={40}
          autoComplete="off"
          placeholder={typedAmountExample('2500.00')}
          aria-invalid={errorOf('amount') ? true : undefined}
          aria-describedby={describedBy('transfer-amount', true, errorOf('amount'))}
          onChange={(event) => state.setField('amount', event.target.value)}
          onBlur={() => state.showProblem('amount')}
        />
      </FormField>
      <FormField
        id="transfer-reference"
        label={LABELS.paymentReference}
        error={errorOf('paymentReference')}
        hint={referenceHint}
      >
        <div className="input-with-button">
          <input
            id="transfer-reference"
            type="text"
            className="input-reference"
            value={fields.paymentReference}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={errorOf('paymentReference') ? true : undefined}
            aria-describedby={describedBy('transfer-reference', true, errorOf('paymentReference'))}
            onChange={(event) => state.setField('paymentReference', event.target.value)}
            onBlur={() => state.showProblem('paymentReference')}
          />
          <button type="button" className="button button-secondary" onClick={state.newReference}>
            Generate new<span className="visually-hidden"> payment reference</span>
          </button>
        </div>
      </FormField>
      <FormField
        id="transfer-email"
        label={LABELS.financeEmail}
        error={errorOf('financeEmail')}
        hint="Where the platform sends the proforma invoice. Optional."
      >
        <input
          id="transfer-email"
          type="email"
          value={fields.financeEmail}
          maxLength={320}
          autoComplete="email"
          aria-invalid={errorOf('financeEmail') ? true : undefined}
          aria-describedby={describedBy('transfer-email', true, errorOf('financeEmail'))}
          onChange={(event) => state.setField('financeEmail', event.target.value)}
          onBlur={() => state.showProblem('financeEmail')}
        />
      </FormField>
      <ProformaFields />
      <div className="form-actions">
        <button type="submit" className="button" data-testid="transfer-review">
          Review request
        </button>
        <button type="button" className="button button-secondary" onClick={() => void state.saveDraft()}>
          Save as draft
        </button>
      </div>
    </form>
  );
}
