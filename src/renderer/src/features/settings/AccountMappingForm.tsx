import { useState, type FormEvent } from 'react';
import type { AccountMappingRowInput, SavedAccountMapping } from '@shared/ipc/contract-journal-mapping';
import type { ErrorShape } from '@shared/ipc/errors';
import { ScrollTable } from '../../components/TableHead';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useAccountMapping } from '../../stores/account-mapping';
import { SaveFooter, SaveStatus, TextField } from './Field';

type Field = keyof AccountMappingRowInput;

/** The columns a person fills in, with the words in the heading and for a screen reader. */
const ACCOUNT_COLUMNS: ReadonlyArray<{ field: Field; heading: string; words: string; hint: string }> = [
  { field: 'floatAccount', heading: 'Prepaid float', words: 'prepaid float account', hint: '1210' },
  { field: 'bankAccount', heading: 'Bank', words: 'bank account', hint: '1200' },
  { field: 'costAccount', heading: 'Gift-card cost', words: 'gift-card cost account', hint: '5000' },
  { field: 'varianceAccount', heading: 'Variance', words: 'variance account', hint: '8100' },
  { field: 'refundsAccount', heading: 'Refunds due', words: 'refunds receivable account', hint: '1220' },
  { field: 'taxCode', heading: 'Tax code', words: 'tax code', hint: 'none' },
  { field: 'tracking', heading: 'Tracking', words: 'tracking', hint: 'Region=North' },
  { field: 'roundingAccount', heading: 'Rounding', words: 'rounding account', hint: 'none' },
  { field: 'taxCodes', heading: 'Tax codes by line', words: 'tax codes by line', hint: 'cost=VAT' },
];

interface EditedRow extends AccountMappingRowInput {
  /** A float the ledger knows or a saved row: its name and currency are not typed. */
  known: boolean;
}

export const blankRow = (float: string, currency: string, known: boolean): EditedRow => ({
  float,
  currency,
  floatAccount: '',
  bankAccount: '',
  costAccount: '',
  varianceAccount: '',
  refundsAccount: '',
  taxCode: '',
  tracking: '',
  roundingAccount: '',
  taxCodes: '',
  known,
});

function savedSentence(mapping: SavedAccountMapping): string {
  if (mapping.updatedAt === null) return 'No accounts are saved yet.';
  const rows = mapping.rows.length;
  return `${rows} float${rows === 1 ? '' : 's'} mapped.`;
}

/** The mapping table, started from what is stored (a save or an import starts it again). */
export function AccountMappingForm({
  mapping,
  status,
  setStatus,
}: {
  mapping: SavedAccountMapping;
  status: string | null;
  setStatus: (text: string | null) => void;
}) {
  const save = useAccountMapping((state) => state.save);
  const [rows, setRows] = useState<EditedRow[]>(() => mapping.rows.map((row) => ({ ...row, known: true })));
  const [booksCurrency, setBooksCurrency] = useState(mapping.booksCurrency ?? '');
  const [error, setError] = useState<ErrorShape | null>(null);
  const notListed = mapping.unmapped.filter(
    (float) => !rows.some((row) => row.float === float.float && row.currency === float.currency),
  );
  const known = [
    'booksCurrency',
    ...rows.flatMap((_, index) =>
      ['float', 'currency', ...ACCOUNT_COLUMNS.map((column) => column.field)].map(
        (field) => `rows[${index}].${field}`,
      ),
    ),
  ];
  const invalid = fieldErrorsOf(error, known).fields;

  const update = (index: number, field: Field, value: string): void =>
    setRows((before) => before.map((row, at) => (at === index ? { ...row, [field]: value } : row)));

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const failed = await save(
      rows.map(({ known: _known, ...row }) => row),
      booksCurrency.trim(),
    );
    setError(failed);
    setStatus(failed === null ? 'Saved. Journals use these accounts from now on.' : null);
  }

  const cell = (row: EditedRow, index: number, field: Field, words: string, hint: string) => (
    <input
      type="text"
      className={`mapping-input mapping-input-${field}`}
      value={row[field]}
      onChange={(event) => update(index, field, event.target.value)}
      aria-label={`${words[0]!.toUpperCase()}${words.slice(1)} for ${row.float || 'the new float'} (${row.currency || 'currency'})`}
      aria-invalid={invalid[`rows[${index}].${field}`] !== undefined || undefined}
      placeholder={hint}
      autoComplete="off"
      spellCheck={false}
      data-testid={`mapping-${field}-${index}`}
    />
  );

  return (
    <form
      className="settings-form mapping-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Accounts per float"
      noValidate
    >
      {notListed.length > 0 ? (
        <div className="mapping-unmapped" data-testid="mapping-unmapped">
          <p>
            <strong>
              {notListed.length} float{notListed.length === 1 ? ' has' : 's have'} no accounts yet:
            </strong>{' '}
            {notListed.map((float) => `${float.float} (${float.currency})`).join(', ')}. No journal can be
            made for them until they are mapped.
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              setRows((before) => [
                ...before,
                ...notListed.map((float) => blankRow(float.float, float.currency, true)),
              ])
            }
          >
            Add {notListed.length === 1 ? 'it' : 'them'} to the table
          </button>
        </div>
      ) : null}
      <ScrollTable
        className="data-table mapping-table"
        data-testid="mapping-table"
        head={
          <thead>
            <tr>
              <th scope="col">Float</th>
              <th scope="col">Currency</th>
              {ACCOUNT_COLUMNS.map((column) => (
                <th scope="col" key={column.field}>
                  {column.heading}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
        }
      >
        {rows.length === 0 ? (
          <tr>
            <td colSpan={ACCOUNT_COLUMNS.length + 3} className="muted">
              No float is mapped. Import a mapping CSV, add the floats above, or add a row.
            </td>
          </tr>
        ) : null}
        {rows.map((row, index) => (
          <tr key={index} data-testid="mapping-row">
            {row.known ? (
              <>
                <th scope="row">{row.float}</th>
                <td>{row.currency}</td>
              </>
            ) : (
              <>
                <td>{cell(row, index, 'float', 'float name', 'Float name')}</td>
                <td>{cell(row, index, 'currency', 'currency', 'GBP')}</td>
              </>
            )}
            {ACCOUNT_COLUMNS.map((column) => (
              <td key={column.field}>{cell(row, index, column.field, column.words, column.hint)}</td>
            ))}
            <td>
              <button
                type="button"
                className="button button-secondary mapping-remove"
                onClick={() => setRows((before) => before.filter((_, at) => at !== index))}
                aria-label={`Remove the accounts of ${row.float || 'this row'} (${row.currency || 'no currency'})`}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </ScrollTable>
      <button
        type="button"
        className="button button-secondary mapping-add"
        onClick={() => setRows((before) => [...before, blankRow('', '', false)])}
      >
        Add a row
      </button>
      <div className="mapping-books">
        <TextField
          id="books-currency"
          label="Books kept in"
          value={booksCurrency}
          onChange={(value) => setBooksCurrency(value.toUpperCase())}
          placeholder="GBP"
          autoComplete="off"
          error={invalid.booksCurrency}
          hint="The currency of your books, e.g. GBP. Journals of a float in another currency are converted into it at the rates you give when you export them, and the rounding goes to the float's rounding account. Empty: each journal stays in its float's currency."
        />
      </div>
      <SaveFooter
        failure={error}
        failureTitle="The accounts could not be saved"
        saveLabel="Save accounts"
        status={
          <SaveStatus
            text={status ?? savedSentence(mapping)}
            quiet={status === null}
            testId="mapping-status"
          />
        }
      />
    </form>
  );
}
