import { Amount, DifferenceCell } from './Amount';
import type { SelectionSum } from './selection-sums';
import { numColumn, TableHead } from '../../components/TableHead';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Per currency, what the ticked bank lines paid, what the ticked requests ask, and the difference. */
export function SelectionSums({ sums }: { sums: readonly SelectionSum[] }) {
  return (
    <div
      className="table-scroll recon-selection-sums"
      role="region"
      aria-label="Sums of the ticked items"
      tabIndex={0}
    >
      <table className="data-table" data-testid="recon-selection-sums">
        <caption className="visually-hidden">Sums of the ticked items per currency</caption>
        <TableHead
          columns={[
            'Currency',
            numColumn('Paid by the ticked bank lines'),
            numColumn('Ticked requests'),
            numColumn('Difference (paid − requested)'),
          ]}
        />
        <tbody>
          {sums.map((sum) => (
            <tr key={sum.currency} data-testid="recon-selection-sum" data-currency={sum.currency}>
              <th scope="row">{sum.currency}</th>
              <td className="num">
                <Amount value={sum.paid} />{' '}
                <span className="recon-total-count">({plural(sum.lineCount, 'line')})</span>
              </td>
              <td className="num">
                <Amount value={sum.requested} />{' '}
                <span className="recon-total-count">({plural(sum.requestCount, 'request')})</span>
              </td>
              <DifferenceCell value={sum.difference} missingNote="" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
