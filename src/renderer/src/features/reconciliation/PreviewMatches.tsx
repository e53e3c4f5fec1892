import type { PlannedMatchView } from '@shared/ipc/contract-recon-settings';
import { formatDate } from '../../lib/format-time';
import { Amount } from './Amount';
import { formatNumber } from '../../lib/format-money';
import { numColumn, TableHead } from '../../components/TableHead';

/**
 * The matches a run would store, exactly (recon:run with preview): each request's reference and
 * the bank lines that pay it — booked, amount, text — with the rule in words.
 */
/** Rows shown at once; a first run on a large ledger can propose tens of thousands. */
const SHOWN = 200;

export function PreviewMatches({ planned }: { planned: readonly PlannedMatchView[] }) {
  if (planned.length === 0) {
    return (
      <p className="muted" data-testid="recon-preview-matches-none">
        The run would match nothing without a person.
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <table className="data-table recon-preview-matches" data-testid="recon-preview-matches">
        <caption>Matches the run would make</caption>
        <TableHead columns={['Request', 'Bank line booked', numColumn('Amount'), 'Bank text', 'Rule']} />
        <tbody>
          {planned.slice(0, SHOWN).map((match) => (
            <tr
              key={`${match.requestReferences.join('+')} ${match.lines.map((line) => line.id).join('+')}`}
              data-testid="recon-preview-match"
              title={match.explanation}
            >
              <th scope="row" className="recon-reference">
                {match.requestReferences.join(', ')}
              </th>
              <td>
                {match.lines.map((line) => (
                  <div key={line.id}>{formatDate(line.bookingDate)}</div>
                ))}
              </td>
              <td className="num">
                {match.lines.map((line) => (
                  <div key={line.id}>
                    <Amount value={line.amount} />
                  </div>
                ))}
              </td>
              <td className="recon-bank-text">
                {match.lines.map((line) => (
                  <div key={line.id}>{line.text === '' ? '—' : line.text}</div>
                ))}
              </td>
              <td>{match.ruleText}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {planned.length > SHOWN ? (
        <p className="muted" data-testid="recon-preview-matches-more">
          The first {formatNumber(SHOWN)} of {formatNumber(planned.length)} matches are listed; the run makes
          all of them.
        </p>
      ) : null}
    </div>
  );
}
