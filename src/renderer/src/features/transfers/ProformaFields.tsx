import { useTransferForm } from '../../stores/transfers';
import { PROFORMA_FIELDS, PROFORMA_LABELS } from './transfer-submission';

/** The proforma invoice block: prefilled from the workspace's company details, each field editable. */
export function ProformaFields() {
  const proforma = useTransferForm((state) => state.fields.proformaInvoice);
  const setProforma = useTransferForm((state) => state.setProforma);
  const prefillProblem = useTransferForm((state) => state.prefillProblem);
  return (
    <fieldset className="form-section proforma-fields">
      <legend>Proforma invoice</legend>
      <p className="field-hint">
        {prefillProblem
          ? `The company details could not be loaded from Settings (${prefillProblem}); type them here if the invoice needs them.`
          : 'Prefilled from the company details in Settings; change any field for this request only. Empty fields are not sent.'}
      </p>
      <div className="proforma-grid">
        {PROFORMA_FIELDS.map((field) => (
          <div key={field} className="form-field">
            <label htmlFor={`proforma-${field}`}>{PROFORMA_LABELS[field]}</label>
            <input
              id={`proforma-${field}`}
              type="text"
              value={proforma[field]}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => setProforma(field, event.target.value)}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
