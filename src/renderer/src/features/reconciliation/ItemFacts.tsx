import type {
  ReconItem,
  ReconLineDetail,
  ReconMatch,
  ReconMatchTotals,
  ReconRequestDetail,
} from '@shared/ipc/contract-recon';
import { formatDate } from '../../lib/format-time';
import { Amount } from './Amount';
import { bankLineNarrative } from '@shared/domain/recon-item-words';
import { isZeroAmount } from './recon-text';

/**
 * Bank lines and requests as people know them: a line by its booking date, signed amount, what the
 * bank wrote and its reference; a request by its reference, float, amounts and date. FloatDesk's
 * own line id is only a small disclosure, for copying into a question to support.
 */

export function LineIdDisclosure({ id }: { id: string }) {
  return (
    <details className="recon-line-id">
      <summary>line id</summary>
      <code>{id}</code>
    </details>
  );
}

/**
 * "Ref. ABC" — the reference printed on the line — and "Bank id 123" — the bank's own transaction
 * id, when the statement gave one — or that there is neither.
 */
export function LineReference({ line }: { line: ReconLineDetail }) {
  if (line.reference === null && line.bankId === null)
    return <span className="recon-line-ref muted">No reference</span>;
  return (
    <>
      {line.reference === null ? null : <span className="recon-line-ref">Ref. {line.reference}</span>}
      {line.bankId === null || line.bankId === line.reference ? null : (
        <span className="recon-line-ref muted">Bank id {line.bankId}</span>
      )}
    </>
  );
}

export function LineFacts({ line }: { line: ReconLineDetail }) {
  const text = bankLineNarrative(line);
  return (
    <div className="recon-facts" data-testid="recon-line-facts">
      <span className="recon-facts-head">
        <time dateTime={line.bookingDate}>{formatDate(line.bookingDate)}</time> ·{' '}
        <Amount value={line.amount} />
      </span>
      {text === null ? null : <span className="recon-facts-text">{text}</span>}
      <LineReference line={line} />
      <LineIdDisclosure id={line.id} />
    </div>
  );
}

export function RequestFacts({ request }: { request: ReconRequestDetail }) {
  return (
    <div className="recon-facts" data-testid="recon-request-facts">
      <span className="recon-facts-head">
        <code>{request.reference}</code>
      </span>
      <span>Float {request.float}</span>
      <span>
        Requested <Amount value={request.requested} />
        {request.approved === null ? (
          ', not approved yet'
        ) : (
          <>
            , approved <Amount value={request.approved} />
          </>
        )}
      </span>
      <span className="muted">
        Created <time dateTime={request.createdDate}>{formatDate(request.createdDate)}</time>
      </span>
    </div>
  );
}

/** The difference of a match in words: "Paid as requested" or "Paid −£20.00 less than requested". */
export function DifferenceText({ totals }: { totals: ReconMatchTotals | null | undefined }) {
  if (totals === undefined) return null;
  if (totals === null) return <span>Amounts in different currencies</span>;
  const against =
    totals.differenceApproved !== null && !isZeroAmount(totals.differenceApproved.amount)
      ? { value: totals.differenceApproved, what: 'approved' }
      : { value: totals.difference, what: 'requested' };
  if (isZeroAmount(against.value.amount)) {
    return (
      <span className="recon-balanced">
        Paid <Amount value={totals.paid} />, as {totals.approved === null ? 'requested' : 'approved'}
      </span>
    );
  }
  const less = against.value.amount.startsWith('-');
  const size = { ...against.value, amount: less ? against.value.amount.slice(1) : against.value.amount };
  return (
    <span className="recon-difference">
      Paid <Amount value={totals.paid} />: <Amount value={size} /> {less ? 'less' : 'more'} than{' '}
      {against.what}
    </span>
  );
}

/** Every bank line and request of a match, side by side, with the difference. */
export function MatchFacts({ match }: { match: ReconMatch }) {
  const lines = match.lines ?? [];
  const requests = match.requests ?? [];
  return (
    <div className="recon-match-facts">
      <div>
        <span className="recon-kind">{lines.length === 1 ? 'Bank line' : 'Bank lines'}</span>
        <ul className="recon-facts-list" aria-label="Bank lines">
          {lines.map((line) => (
            <li key={line.id}>
              <LineFacts line={line} />
            </li>
          ))}
        </ul>
      </div>
      <div>
        <span className="recon-kind">{requests.length === 1 ? 'Request' : 'Requests'}</span>
        <ul className="recon-facts-list" aria-label="Requests">
          {requests.map((request) => (
            <li key={request.reference}>
              <RequestFacts request={request} />
            </li>
          ))}
        </ul>
      </div>
      <p className="recon-facts-difference">
        <DifferenceText totals={match.totals} />
      </p>
    </div>
  );
}

/**
 * The evidence of a match in words: without the amounts when the difference is shown beside it
 * (formatted, from `totals`), else the whole explanation.
 */
export function evidenceWords(match: Pick<ReconMatch, 'explanation' | 'evidenceText' | 'totals'>): string {
  return match.evidenceText !== undefined && match.totals !== undefined
    ? match.evidenceText
    : match.explanation;
}

/** An open item's row head: whether it is a bank line or a request, and how people know it. */
export function ItemIdCell({ item }: { item: ReconItem }) {
  return (
    <th scope="row" className="recon-id">
      <span className="recon-kind">{item.kind === 'line' ? 'Bank line' : 'Request'}</span>
      {item.kind === 'line' && item.line !== undefined ? (
        <>
          <LineReference line={item.line} />
          <LineIdDisclosure id={item.id} />
        </>
      ) : (
        <code>{item.id}</code>
      )}
    </th>
  );
}

/** An open item's date and signed amount, as two cells of its row. */
export function ItemDateAndAmount({ item }: { item: ReconItem }) {
  return (
    <>
      <td className="time">
        <time dateTime={item.date}>{formatDate(item.date)}</time>
      </td>
      <td className="num">
        <Amount value={item.amount} />
      </td>
    </>
  );
}
