import { stateWords } from '@shared/domain/recon-words';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { formatDate } from '../../../lib/format-time';
import type { Loadable } from '../../../stores/recon-client';
import type { OpenTotals } from '../../../stores/recon-signoff-store';
import { Amount } from '../Amount';
import { formatNumber } from '../../../lib/format-money';
import { numColumn, TableHead } from '../../../components/TableHead';

/**
 * Before signing off: what stays open as of the date — per state the count and total of each
 * currency, the suggestions not reviewed and any roll-forward difference — and, when anything does,
 * the explicit acknowledgement the sign-off needs.
 */
export function OpenItemsAcknowledgement(props: {
  openTotals: Loadable<OpenTotals>;
  acknowledged: boolean;
  disabled: boolean;
  onAcknowledge: (acknowledged: boolean) => void;
}) {
  const { openTotals, acknowledged, disabled, onAcknowledge } = props;
  if (openTotals.status === 'error')
    return <ErrorState title="What stays open could not be counted" error={openTotals.error} />;
  if (openTotals.status !== 'ready') return <LoadingState label="Counting what stays open…" />;
  const totals = openTotals.value;
  if (!totals.needsAcknowledgement)
    return (
      <p className="recon-hint" data-testid="recon-signoff-nothing-open">
        Nothing stays open as of {formatDate(totals.asOf)}: no open item, no suggestion to review and no
        roll-forward difference.
      </p>
    );
  const openCount = totals.open.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="recon-signoff-open" data-testid="recon-signoff-open">
      <h4 className="recon-subheading">What stays open as of {formatDate(totals.asOf)}</h4>
      {totals.open.length === 0 ? null : (
        <table className="data-table recon-open-totals" data-testid="recon-open-totals">
          <caption className="visually-hidden">Open items as of {formatDate(totals.asOf)}, per state</caption>
          <TableHead columns={['State', 'Currency', numColumn('Items'), numColumn('Total')]} />
          <tbody>
            {totals.open.map((row) => (
              <tr key={`${row.state} ${row.total.currency}`} data-testid="recon-open-total">
                <th scope="row">{stateWords(row.state)}</th>
                <td>{row.total.currency}</td>
                <td className="num">{formatNumber(row.count)}</td>
                <td className="num">
                  <Amount value={row.total} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {totals.suggestions === 0 ? null : (
        <p className="recon-hint">
          {formatNumber(totals.suggestions)} suggested {totals.suggestions === 1 ? 'match is' : 'matches are'}{' '}
          not reviewed.
        </p>
      )}
      {totals.differences.map((difference) => (
        <p key={difference.currency} className="recon-hint" data-testid="recon-open-difference">
          Roll-forward difference not explained: <Amount value={difference} />
        </p>
      ))}
      <div className="recon-acknowledge">
        <input
          type="checkbox"
          id="recon-signoff-acknowledge"
          checked={acknowledged}
          disabled={disabled}
          data-testid="recon-signoff-acknowledge"
          onChange={(event) => onAcknowledge(event.target.checked)}
        />
        <label htmlFor="recon-signoff-acknowledge">
          I have seen what stays open ({formatNumber(openCount)} {openCount === 1 ? 'item' : 'items'}
          {totals.differences.length > 0 ? ', and the roll-forward difference' : ''}) and sign off with it
          carried forward.
        </label>
      </div>
    </div>
  );
}
