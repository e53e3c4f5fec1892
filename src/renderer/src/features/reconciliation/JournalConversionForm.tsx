import { useEffect, useState } from 'react';
import type { ExchangeRate } from '@shared/ipc/contract-journals';
import { toErrorShape } from '@shared/ipc/errors';
import { ScrollTable } from '../../components/TableHead';
import { invoke } from '../../ipc/client';
import { formatDate } from '../../lib/format-time';
import { readTypedAmount, writeTypedAmount } from '../../lib/typed-amount';
import { useAccountMapping } from '../../stores/account-mapping';
import { useReconJournals } from '../../stores/recon';

/** A typed rate as canonical text, or the problem in words. */
function readRate(text: string): { ok: true; rate: string } | { ok: false; problem: string } {
  const read = readTypedAmount(text);
  if (!read.ok) return { ok: false, problem: `The rate ${read.problem}` };
  if (read.amount.startsWith('-') || !/[1-9]/.test(read.amount))
    return { ok: false, problem: 'A rate must be more than zero.' };
  return { ok: true, rate: read.amount };
}

/** The rates of a CSV, as read by the core (journals:rates.read), shown for a person to check. */
function ImportedRates({ rates }: { rates: readonly ExchangeRate[] }) {
  if (rates.length === 0) return null;
  return (
    <ScrollTable
      className="data-table recon-journal-rates"
      data-testid="recon-journals-imported-rates"
      head={
        <>
          <caption className="visually-hidden">Imported rates</caption>
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">From</th>
              <th scope="col" className="num">
                Rate
              </th>
            </tr>
          </thead>
        </>
      }
    >
      {rates.map((rate) => (
        <tr key={`${rate.currency} ${rate.date ?? ''}`}>
          <td>{rate.currency}</td>
          <td>{rate.date === null ? 'The whole period' : formatDate(rate.date)}</td>
          <td className="num">{writeTypedAmount(rate.rate)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/**
 * Journals in the currency the books are kept in: the books' currency (from Settings → Accounting
 * unless changed here), a rate typed for each other currency (the period's), and rates read from a
 * CSV of date and rate. The preview and the export use them once a person converts.
 */
export function JournalConversionForm() {
  const currencies = useReconJournals((state) => state.currencies);
  const conversion = useReconJournals((state) => state.conversion);
  const convert = useReconJournals((state) => state.convert);
  const settings = useAccountMapping((state) => state.mapping);
  const loadSettings = useAccountMapping((state) => state.load);
  useEffect(() => {
    if (settings === undefined) void loadSettings();
  }, [settings, loadSettings]);
  const [books, setBooks] = useState<string | null>(conversion?.booksCurrency ?? null);
  const shownBooks = books ?? settings?.booksCurrency ?? '';
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      (conversion?.rates ?? [])
        .filter((rate) => rate.date === null)
        .map((rate) => [rate.currency, writeTypedAmount(rate.rate)]),
    ),
  );
  const [imported, setImported] = useState<ExchangeRate[]>(
    () => conversion?.rates.filter((rate) => rate.date !== null) ?? [],
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [importProblem, setImportProblem] = useState<string | null>(null);

  const foreign = currencies.filter((currency) => currency !== shownBooks);
  // Shown when the period has journals in another currency than the books' (with no books'
  // currency set: in more than one currency), or while they are converted.
  const shown = conversion !== null || (shownBooks === '' ? currencies.length > 1 : foreign.length > 0);
  if (!shown) return null;

  async function importRates(file: File): Promise<void> {
    setImportProblem(null);
    try {
      const text = await file.text();
      const answer = await invoke('journals:rates.read', {
        text,
        ...(foreign.length === 1 ? { currency: foreign[0]! } : {}),
      });
      setImported(answer.rates);
    } catch (thrown) {
      setImportProblem(`${file.name} was not imported: ${toErrorShape(thrown).message}`);
    }
  }

  function apply(): void {
    const books = shownBooks.trim().toUpperCase();
    if (books === '') {
      void convert(null);
      return;
    }
    const found: Record<string, string> = {};
    const rates: ExchangeRate[] = [];
    for (const currency of foreign) {
      const text = typed[currency]?.trim() ?? '';
      if (text === '') continue;
      const read = readRate(text);
      if (read.ok) rates.push({ currency, date: null, rate: read.rate });
      else found[currency] = read.problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    // A rate typed here is the period's: it stands in for a period rate of the same file.
    const typedCurrencies = new Set(rates.map((rate) => rate.currency));
    const fromFile = imported.filter((rate) => !(rate.date === null && typedCurrencies.has(rate.currency)));
    void convert({ booksCurrency: books, rates: [...fromFile, ...rates] });
  }

  return (
    <fieldset className="recon-journal-conversion" data-testid="recon-journals-conversion">
      <legend>Currency of the books</legend>
      <div className="recon-journal-conversion-fields">
        <div className="recon-field">
          <label htmlFor="recon-journal-books">Books kept in</label>
          <input
            id="recon-journal-books"
            type="text"
            value={shownBooks}
            onChange={(event) => setBooks(event.target.value.toUpperCase())}
            placeholder="GBP"
            maxLength={3}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        {shownBooks.length === 3
          ? foreign.map((currency) => (
              <div className="recon-field" key={currency}>
                <label htmlFor={`recon-journal-rate-${currency}`}>
                  1 {currency} in {shownBooks}
                </label>
                <input
                  id={`recon-journal-rate-${currency}`}
                  type="text"
                  inputMode="decimal"
                  value={typed[currency] ?? ''}
                  onChange={(event) => setTyped((before) => ({ ...before, [currency]: event.target.value }))}
                  placeholder={writeTypedAmount('0.8612')}
                  aria-invalid={problems[currency] !== undefined || undefined}
                  aria-describedby={problems[currency] ? `recon-journal-rate-${currency}-error` : undefined}
                  autoComplete="off"
                />
                {problems[currency] ? (
                  <span
                    id={`recon-journal-rate-${currency}-error`}
                    className="recon-field-error"
                    role="alert"
                  >
                    {problems[currency]}
                  </span>
                ) : null}
              </div>
            ))
          : null}
        <input
          id="recon-journal-rates-file"
          className="visually-hidden"
          type="file"
          accept=".csv,.txt"
          data-testid="recon-journals-rates-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importRates(file);
          }}
        />
        <label htmlFor="recon-journal-rates-file" className="button button-secondary">
          Import rates CSV…
        </label>
        <button type="button" className="button" onClick={apply}>
          Convert
        </button>
        {conversion !== null ? (
          <button type="button" className="button button-secondary" onClick={() => void convert(null)}>
            Keep each float&apos;s currency
          </button>
        ) : null}
      </div>
      <p className="recon-hint">
        Typed rates are for the whole period. A rates CSV has the columns date, currency and rate (an empty
        date: the whole period; a dated rate applies from that day on). Every converted line shows its rate,
        and the rounding goes to the float&apos;s rounding account (Settings → Accounting).
      </p>
      {importProblem !== null ? (
        <p className="recon-field-error" role="alert">
          {importProblem}
        </p>
      ) : null}
      <ImportedRates rates={imported} />
    </fieldset>
  );
}
