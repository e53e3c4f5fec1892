import type { MouseEvent } from 'react';
import type { ReconSummary } from '@shared/ipc/contract-recon';
import type { ReconState } from '../../stores/recon-items-store';
import { formatDate } from '../../lib/format-time';
import { DifferenceCell, AmountCell } from './Amount';
import { hrefOfView, type ReconView } from './recon-query';
import { ATTENTION_STATES, STATE_HINTS, STATE_LABELS, STATE_ORDER } from './recon-text';
import { formatNumber } from '../../lib/format-money';
import { numColumn, ScrollTable, TableHead } from '../../components/TableHead';

interface SummarySectionProps {
  summary: ReconSummary;
  view: ReconView;
  /** Show those items (or the suggestions) further down the page, and move focus there. */
  onShow: (state: ReconState | 'suggestions') => void;
}

/** A plain click follows the link in the page; a modified one (new window) is the browser's. */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Counts per state (each one a link to those items), the suggestions waiting, and totals per currency. */
export function SummarySection({ summary, view, onShow }: SummarySectionProps) {
  return (
    <section className="recon-section" aria-labelledby="recon-summary-title" data-testid="recon-summary">
      <h2 id="recon-summary-title">Summary as of {formatDate(summary.asOf)}</h2>
      <dl className="recon-figures">
        {STATE_ORDER.map((state) => {
          const count = summary.states[state];
          const attention = ATTENTION_STATES.has(state) && count > 0;
          return (
            <div
              key={state}
              className={`recon-figure${attention ? ' attention' : ''}${count === 0 ? ' zero' : ''}`}
              data-testid={`recon-count-${state}`}
              title={STATE_HINTS[state]}
            >
              <dt>{STATE_LABELS[state]}</dt>
              <dd>
                <a
                  href={hrefOfView({ ...view, state })}
                  className="recon-figure-value"
                  onClick={(event) => {
                    if (!plainClick(event)) return;
                    event.preventDefault();
                    onShow(state);
                  }}
                >
                  {formatNumber(count)}
                  <span className="visually-hidden"> — {STATE_HINTS[state].toLowerCase()}; show them</span>
                </a>
              </dd>
            </div>
          );
        })}
        <div
          className={`recon-figure${summary.suggestions > 0 ? ' attention' : ' zero'}`}
          data-testid="recon-count-suggestions"
        >
          <dt>Suggestions to review</dt>
          <dd>
            <a
              href={hrefOfView(view)}
              className="recon-figure-value"
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                onShow('suggestions');
              }}
            >
              {formatNumber(summary.suggestions)}
              <span className="visually-hidden"> — go to the suggestions</span>
            </a>
          </dd>
        </div>
        {summary.outOfScope !== undefined ? (
          <div className="recon-figure zero" data-testid="recon-count-out-of-scope">
            <dt>Before reconciliation start</dt>
            <dd className="recon-figure-value">
              {formatNumber(summary.outOfScope.requests + summary.outOfScope.lines)}
              <span className="visually-hidden">
                {' '}
                open items dated before the start date, counted in no state
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
      {summary.currencies.length === 0 ? (
        <p className="muted">No bank payments or requests in any currency yet.</p>
      ) : (
        <ScrollTable
          className="data-table recon-currency-table"
          data-testid="recon-currencies"
          head={
            <>
              <caption className="visually-hidden">
                Totals per currency as of {formatDate(summary.asOf)}
              </caption>
              <TableHead
                columns={[
                  'Currency',
                  numColumn('Paid from the bank'),
                  numColumn('Matched requests'),
                  numColumn('Open requests'),
                  numColumn('Roll-forward difference'),
                ]}
              />
            </>
          }
        >
          {summary.currencies.map((row) => (
            <tr key={row.currency} data-testid={`recon-currency-${row.currency}`}>
              <th scope="row">{row.currency}</th>
              <AmountCell value={row.paid} />
              <AmountCell value={row.matchedRequested} />
              <td className="num">{formatNumber(row.openRequests)}</td>
              <DifferenceCell value={row.rollForwardDifference} missingNote="no balance snapshot" />
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
