import type { ItemTotals as Totals } from '@shared/ipc/contract-recon';
import { Amount } from './Amount';
import { formatNumber } from '../../lib/format-money';
import { numColumn, TableHead } from '../../components/TableHead';

const count = (n: number): string => formatNumber(n);

/** Per currency, the items the filters keep on every page: how many, money in, money out, net. */
export function ItemTotals({ totals, filtered }: { totals: readonly Totals[]; filtered: boolean }) {
  if (totals.length === 0) return null;
  const title = filtered
    ? 'Totals of the items these filters keep (every page)'
    : 'Totals of every item (every page)';
  return (
    <div className="table-scroll recon-totals" role="region" aria-label={title} tabIndex={0}>
      <table className="data-table recon-totals-table" data-testid="recon-items-totals">
        <caption>{title}</caption>
        <TableHead
          columns={[
            'Currency',
            numColumn('Items'),
            numColumn('Money in (requests)'),
            numColumn('Money out (bank payments)'),
            numColumn('Net'),
          ]}
        />
        <tbody>
          {totals.map((row) => (
            <tr key={row.currency} data-testid="recon-total" data-currency={row.currency}>
              <th scope="row">{row.currency}</th>
              <td className="num">{count(row.count)}</td>
              <td className="num">
                <Amount value={row.moneyIn} />{' '}
                <span className="recon-total-count">({count(row.moneyInCount)})</span>
              </td>
              <td className="num">
                <Amount value={row.moneyOut} />{' '}
                <span className="recon-total-count">({count(row.moneyOutCount)})</span>
              </td>
              <td className="num">
                <Amount value={row.net} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
