import type { CurrencyGroup } from '@shared/domain/floats';
import type { FloatInsight } from '@shared/ipc/contract-floats';
import { formatMoney, hasMoreDecimalsThanCurrency } from '../../lib/format-money';
import { FloatHistoryCard } from './FloatHistoryCard';
import { FloatRow } from './FloatRow';
import { OverPreciseFlag } from './OverPreciseFlag';
import { totalAvailable } from './totals';
import { numColumn, TableHead } from '../../components/TableHead';

interface CurrencyGroupSectionProps {
  group: CurrencyGroup<FloatInsight>;
}

function currencyName(code: string): string | undefined {
  try {
    const name = new Intl.DisplayNames(undefined, { type: 'currency' }).of(code);
    return name === code ? undefined : name;
  } catch {
    return undefined;
  }
}

/**
 * One currency: a heading, a table of its floats (balances, threshold, runway, freshness) with an
 * exact total of available balances, and a history chart per float.
 */
export function CurrencyGroupSection({ group }: CurrencyGroupSectionProps) {
  const { currency, floats } = group;
  const headingId = `currency-heading-${currency}`;
  const name = currencyName(currency);
  const { total, withoutBalance } = totalAvailable(currency, floats);
  return (
    <section
      className="currency-group"
      aria-labelledby={headingId}
      data-testid={`currency-group-${currency}`}
    >
      <h2 id={headingId}>
        {currency}
        {name === undefined ? null : <span className="currency-name"> {name}</span>}
      </h2>
      <div className="table-scroll">
        <table className="data-table balances-table" aria-labelledby={headingId}>
          <colgroup>
            <col className="col-float" />
            <col className="col-available" />
            <col className="col-pending" />
            <col className="col-threshold" />
            <col className="col-runway" />
            <col className="col-time" />
            <col className="col-time" />
          </colgroup>
          <TableHead
            columns={[
              'Float',
              numColumn('Available balance'),
              numColumn('Pending payments'),
              numColumn('Low-balance threshold'),
              numColumn('Runway'),
              'Platform refreshed',
              'Recorded',
            ]}
          />
          <tbody>
            {floats.map((float) => (
              <FloatRow key={float.name} float={float} />
            ))}
          </tbody>
          <tfoot>
            <tr className="total-row" data-testid={`currency-total-${currency}`}>
              <th scope="row">Total available</th>
              <td className="num">
                {total === null ? (
                  <span className="empty-value">—</span>
                ) : (
                  <>
                    {hasMoreDecimalsThanCurrency(total.amount, currency) ? (
                      <OverPreciseFlag currency={currency} />
                    ) : null}
                    <span className="amount">{formatMoney(total.amount, total.currency)}</span>
                  </>
                )}
              </td>
              <td colSpan={5} className="total-note">
                {withoutBalance === 0
                  ? null
                  : `${withoutBalance} ${withoutBalance === 1 ? 'float has' : 'floats have'} no balance recorded yet and ${withoutBalance === 1 ? 'is' : 'are'} not included.`}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="history-grid">
        {floats
          .filter((float) => float.recordedAt !== null)
          .map((float) => (
            <FloatHistoryCard key={float.name} float={float} threshold={float.threshold} />
          ))}
      </div>
    </section>
  );
}
