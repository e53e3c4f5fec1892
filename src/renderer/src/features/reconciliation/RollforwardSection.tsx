import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { formatMoney, formatNumber } from '../../lib/format-money';
import { formatDate, formatExactTime } from '../../lib/format-time';
import { shownValue, type Rollforward } from '../../stores/recon-client';
import type { RollforwardPeriod } from '../../stores/recon-rollforward-store';
import { useReconRollforward } from '../../stores/recon';
import { AmountCell, DifferenceCell } from './Amount';
import { isIsoDate } from './recon-query';
import { OpeningBalanceForm } from './OpeningBalanceForm';
import { flagTitle } from './recon-text';
import { boundWords, flagSentence } from './rollforward-words';
import { DateField } from '../../components/DateField';
import { numColumn, ScrollTable, TableHead } from '../../components/TableHead';

function PeriodForm({ period }: { period: RollforwardPeriod | null }) {
  const load = useReconRollforward((state) => state.load);
  const [from, setFrom] = useState(period?.from ?? '');
  const [to, setTo] = useState(period?.to ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [shownPeriod, setShownPeriod] = useState(period);
  // The period moved with the as-of date: the fields follow.
  if (period !== shownPeriod) {
    setShownPeriod(period);
    setFrom(period?.from ?? '');
    setTo(period?.to ?? '');
  }
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!isIsoDate(from) || !isIsoDate(to)) return setProblem('Enter both dates of the period.');
    if (from > to) return setProblem('The period must start on or before its last day.');
    setProblem(null);
    void load({ from, to });
  };
  return (
    <form className="recon-filters" aria-label="Roll-forward period" onSubmit={submit} noValidate>
      <div className="recon-field">
        <label htmlFor="recon-rf-from">From</label>
        <DateField id="recon-rf-from" value={from} onChange={setFrom} />
      </div>
      <div className="recon-field">
        <label htmlFor="recon-rf-to">To</label>
        <DateField id="recon-rf-to" value={to} onChange={setTo} />
      </div>
      <button type="submit" className="button button-secondary">
        Show period
      </button>
      {problem ? (
        <p className="recon-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function RollforwardTable({ value, period }: { value: Rollforward; period: RollforwardPeriod }) {
  if (value.currencies.length === 0) return <p className="muted">No float moved in this period.</p>;
  return (
    <ScrollTable
      className="data-table recon-rollforward-table"
      data-testid="recon-rollforward"
      head={
        <>
          <caption className="visually-hidden">
            Float roll-forward from {formatDate(period.from)} to {formatDate(period.to)}
          </caption>
          <TableHead
            columns={[
              'Currency',
              numColumn('Opening balance'),
              numColumn('+ Approved top-ups'),
              numColumn(
                <>
                  − Spend <span className="recon-derived">derived</span>
                </>,
              ),
              numColumn('= Closing balance'),
              numColumn('Difference'),
            ]}
          />
        </>
      }
    >
      {value.currencies.map((row) => (
        <tr key={row.currency} data-testid={`recon-rollforward-${row.currency}`}>
          <th scope="row">{row.currency}</th>
          <AmountCell value={row.opening} emptyNote="no opening balance" />
          <AmountCell value={row.topUps} />
          <AmountCell value={row.spend} emptyNote="cannot be derived" />
          <AmountCell value={row.closing} emptyNote="no closing balance" />
          <DifferenceCell value={row.difference} missingNote="needs both balances" />
        </tr>
      ))}
    </ScrollTable>
  );
}

type BoundBalance = Rollforward['floats'][number]['opening'];

function Bound({ value, bound }: { value: BoundBalance; bound: 'start' | 'end' }) {
  if (value === null) return <span className="muted">none within the tolerance</span>;
  const exact = value.basis.kind === 'snapshot' ? formatExactTime(value.basis.recordedAt) : undefined;
  return (
    <span title={exact}>
      <AmountText value={value.amount} /> ({boundWords(value.basis, bound)})
    </span>
  );
}

function AmountText({ value }: { value: { amount: string; currency: string } }) {
  return <strong className="num">{formatMoney(value.amount, value.currency)}</strong>;
}

/** Per float: the balances used at the bounds and where each comes from. */
function BoundSources({ value }: { value: Rollforward }) {
  if (value.floats.length === 0) return null;
  return (
    <>
      <h3 className="recon-subheading">Where the balances come from</h3>
      <p className="recon-hint">
        Each bound uses an opening balance entered below, else the balance recorded nearest to it within{' '}
        {value.toleranceDays} days.
      </p>
      <ul className="recon-bounds" data-testid="recon-rollforward-bounds">
        {value.floats.map((float) => (
          <li key={`${float.currency} ${float.float}`}>
            <span className="recon-bounds-float">
              {float.currency} · {float.float}
            </span>
            <span>
              Opening: <Bound value={float.opening} bound="start" />
            </span>
            <span>
              Closing: <Bound value={float.closing} bound="end" />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** How many flags show before "Show all". */
const FLAGS_SHOWN = 6;

function Flags({ flags }: { flags: Rollforward['flags'] }) {
  const [all, setAll] = useState(false);
  if (flags.length === 0)
    return <p className="recon-balanced-line">No flags: every movement is explained.</p>;
  const shown = all ? flags : flags.slice(0, FLAGS_SHOWN);
  return (
    <>
      <h3 className="recon-subheading">Flags ({formatNumber(flags.length)})</h3>
      <ul className="recon-flags" id="recon-rf-flags" data-testid="recon-rollforward-flags">
        {shown.map((flag, index) => (
          <li key={index}>
            <span className="flag flag-warning">{flagTitle(flag.kind)}</span>
            {flag.float ? <strong>{flag.float}: </strong> : null}
            {flagSentence(flag)}
          </li>
        ))}
      </ul>
      {flags.length > FLAGS_SHOWN ? (
        <button
          type="button"
          className="button button-secondary recon-more"
          aria-expanded={all}
          aria-controls="recon-rf-flags"
          onClick={() => setAll(!all)}
        >
          {all ? `Show the first ${FLAGS_SHOWN} only` : `Show all ${formatNumber(flags.length)} flags`}
        </button>
      ) : null}
    </>
  );
}

/** Opening + approved top-ups − spend (derived) = closing, per currency, with the flags of the period. */
export function RollforwardSection() {
  const period = useReconRollforward((state) => state.period);
  const view = useReconRollforward((state) => state.view);
  const reload = useReconRollforward((state) => state.reload);
  const value = shownValue(view);
  return (
    <section
      className="recon-section"
      aria-labelledby="recon-rf-title"
      data-testid="recon-rollforward-section"
    >
      <h2 id="recon-rf-title">Float roll-forward</h2>
      <p className="recon-hint">
        Spend is derived: it is what the balances imply after the approved top-ups, not a figure the platform
        reports.
      </p>
      <PeriodForm period={period} />
      {view.status === 'error' ? (
        <ErrorState
          title="The roll-forward could not be computed"
          error={view.error}
          onRetry={() => void reload()}
        />
      ) : null}
      {value === null || period === null ? (
        view.status === 'loading' ? (
          <LoadingState label="Computing the roll-forward…" />
        ) : null
      ) : (
        <>
          <RollforwardTable value={value} period={period} />
          <BoundSources value={value} />
          <Flags flags={value.flags} />
        </>
      )}
      {period !== null ? <OpeningBalanceForm defaultDate={period.from} /> : null}
    </section>
  );
}
