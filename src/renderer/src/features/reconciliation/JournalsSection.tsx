import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { numColumn, ScrollTable, TableHead } from '../../components/TableHead';
import { formatMoney, formatNumber } from '../../lib/format-money';
import { formatDate, formatExactTime } from '../../lib/format-time';
import { shownValue, type JournalPreview } from '../../stores/recon-client';
import { useReconJournals } from '../../stores/recon';
import { writeTypedAmount } from '../../lib/typed-amount';
import { JournalConversionForm } from './JournalConversionForm';
import { JournalExportControl } from './JournalExportControl';

type PreviewJournal = JournalPreview['journals'][number];

const KIND_WORDS: Record<PreviewJournal['kind'], string> = {
  top_ups: 'Top-ups paid into the floats',
  refunds: 'Refunds due (paid, then removed or cancelled)',
  derived_spend: 'Gift-card spend (derived)',
  resolutions: 'Bank fees and exchange differences',
};

function Origin({ value }: { value: JournalPreview }) {
  const period = `${formatDate(value.period.from)} to ${formatDate(value.period.to)}`;
  if (value.signOffId !== null)
    return (
      <p data-testid="recon-journals-origin">
        From sign-off {value.signOffId}, for the period {period}.
      </p>
    );
  return (
    <p data-testid="recon-journals-origin">
      <span className="flag flag-warning">Draft</span> For the period {period}:{' '}
      {value.draftWhy ?? 'not signed off'}. Every journal is marked DRAFT until the period is signed off.
    </p>
  );
}

function SinceLastExport({ value }: { value: JournalPreview['sinceLastExport'] }) {
  if (value === null) return null;
  const from = value.signOffId === null ? 'a DRAFT' : `sign-off ${value.signOffId}`;
  return (
    <div className="recon-journal-since" role="note" data-testid="recon-journals-since">
      <p>
        <strong>Changed since the last export</strong> ({formatExactTime(value.exportedAt)}, from {from}):
      </p>
      <ul>
        {value.changes.length === 0 ? <li>Nothing: the entries are the same.</li> : null}
        {value.changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
    </div>
  );
}

type PreviewLine = PreviewJournal['lines'][number];

/** A converted line's description without the " [900.00 EUR at 0.8612]" the files carry: shown apart. */
const described = (line: PreviewLine): string =>
  line.converted === null ? line.description : line.description.replace(/ \[[^\]]*\]$/, '');

/** "€900.00 at 0.8612": what a converted line was in the float's currency, and the rate used. */
const convertedWords = (line: PreviewLine): string =>
  line.converted === null
    ? ''
    : `${formatMoney(line.converted.amount, line.converted.currency)} at ${writeTypedAmount(line.converted.rate)}`;

function JournalTable({ journal }: { journal: PreviewJournal }) {
  const money = (amount: string | null): string =>
    amount === null ? '' : formatMoney(amount, journal.currency);
  const converted = journal.convertedFrom !== null;
  const columns = ['Account', 'Description', 'Reference', numColumn('Debit'), numColumn('Credit')];
  return (
    <details className="recon-journal" data-testid="recon-journal">
      <summary>
        <strong>{KIND_WORDS[journal.kind]}</strong>,{' '}
        {converted ? `${journal.convertedFrom} converted to ${journal.currency}` : journal.currency}:{' '}
        {formatNumber(journal.lineCount)} lines, debits {money(journal.debit)} = credits{' '}
        {money(journal.credit)}
      </summary>
      <p className="recon-hint">{journal.narration}</p>
      <ScrollTable
        className="data-table"
        head={
          <>
            <caption className="visually-hidden">Lines of {journal.narration}</caption>
            <TableHead columns={converted ? [...columns, numColumn('Converted from, at rate')] : columns} />
          </>
        }
      >
        {journal.lines.map((line, index) => (
          <tr key={index}>
            <td>{line.account}</td>
            <td>{described(line)}</td>
            <td className="recon-reference">{line.reference}</td>
            <td className="num">{money(line.debit)}</td>
            <td className="num">{money(line.credit)}</td>
            {converted ? (
              <td className="num" data-testid="recon-journal-rate">
                {convertedWords(line)}
              </td>
            ) : null}
          </tr>
        ))}
      </ScrollTable>
      {journal.lines.length < journal.lineCount ? (
        <p className="muted">
          The first {formatNumber(journal.lines.length)} of {formatNumber(journal.lineCount)} lines; the
          export holds them all.
        </p>
      ) : null}
    </details>
  );
}

function AccountTotals({ accounts }: { accounts: JournalPreview['accounts'] }) {
  return (
    <ScrollTable
      className="data-table"
      data-testid="recon-journal-accounts"
      head={
        <>
          <caption className="visually-hidden">Totals per account</caption>
          <TableHead columns={['Account', 'Currency', numColumn('Debits'), numColumn('Credits')]} />
        </>
      }
    >
      {accounts.map((row) => (
        <tr key={`${row.currency} ${row.account}`}>
          <th scope="row">{row.account}</th>
          <td>{row.currency}</td>
          <td className="num">{formatMoney(row.debit, row.currency)}</td>
          <td className="num">{formatMoney(row.credit, row.currency)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

function Preview({ value }: { value: JournalPreview }) {
  if (value.missing.length > 0)
    return (
      <div className="recon-journal-missing" role="alert" data-testid="recon-journals-missing">
        <p>The journals cannot be made yet:</p>
        <ul>
          {value.missing.map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
        <a className="button button-secondary" href="#/settings">
          Set the accounts in Settings
        </a>
      </div>
    );
  if (value.journals.length === 0)
    return (
      <p className="muted">
        Nothing to post for this period: no top-up paid, no spend derived, nothing resolved.
      </p>
    );
  return (
    <>
      <JournalExportControl asOf={value.asOf} />
      {value.journals.map((journal) => (
        <JournalTable key={journal.id} journal={journal} />
      ))}
      <h3 className="recon-subheading">Totals per account</h3>
      <AccountTotals accounts={value.accounts} />
      {value.notPosted.length > 0 ? (
        <>
          <h3 className="recon-subheading">Listed, not posted</h3>
          <ul className="recon-journal-notes" data-testid="recon-journals-not-posted">
            {value.notPosted.map((item) => (
              <li key={`${item.kind} ${item.id}`}>
                {item.kind === 'line' ? 'Bank line' : 'Request'}{' '}
                <span className="recon-reference">{item.id}</span>: {item.why}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The period's journals for the books, as an export would write them. */
export function JournalsSection() {
  const view = useReconJournals((state) => state.view);
  const reload = useReconJournals((state) => state.reload);
  const show = useReconJournals((state) => state.show);
  const value = shownValue(view);
  return (
    <section className="recon-section" aria-labelledby="recon-journals-title" data-testid="recon-journals">
      <h2 id="recon-journals-title">Journals for the books</h2>
      <p className="recon-hint">
        The period as balanced journal entries for the accounts: top-ups paid from the bank into the floats,
        refunds due, the derived spend and bank fees, each journal balancing on its own.
      </p>
      {view.status === 'error' ? (
        <ErrorState title="The journals could not be made" error={view.error} onRetry={() => void reload()} />
      ) : null}
      {view.status === 'idle' ? (
        <button
          type="button"
          className="button button-secondary"
          data-testid="recon-journals-show"
          onClick={() => void show()}
        >
          Show the journals
        </button>
      ) : value === null ? (
        view.status === 'error' ? null : (
          <LoadingState label="Making the journals…" />
        )
      ) : (
        <>
          <Origin value={value} />
          <SinceLastExport value={value.sinceLastExport} />
          {value.notes.map((note) => (
            <p key={note} className="recon-hint">
              {note}
            </p>
          ))}
          <JournalConversionForm />
          <Preview value={value} />
        </>
      )}
    </section>
  );
}
