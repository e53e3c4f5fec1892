import { useState } from 'react';
import type { ReconItem } from '@shared/ipc/contract-recon';
import { ItemDateAndAmount, ItemIdCell } from '../ItemFacts';
import { RULE_LABELS, STATE_LABELS, resolveLabel } from '../recon-text';
import { REPORT_PAGE_SIZE, reportPageText } from './period-text';
import { numColumn, TableHead } from '../../../components/TableHead';

function matchText(item: ReconItem): string {
  if (item.resolution) return `Resolved: ${resolveLabel(item.resolution.reasonCode)}`;
  return item.match ? RULE_LABELS[item.match.rule] : '';
}

/** The frozen items of a sign-off, one page at a time. */
export function ReportItemsTable({ items }: { items: readonly ReconItem[] }) {
  const [offset, setOffset] = useState(0);
  const page = items.slice(offset, offset + REPORT_PAGE_SIZE);
  const text = reportPageText(offset, page.length, items.length);
  return (
    <div className="recon-report-items">
      <p className="table-summary" role="status" data-testid="recon-report-page">
        {text}
      </p>
      {page.length === 0 ? null : (
        <div className="recon-report-scroll" role="region" aria-label="Items of the report" tabIndex={0}>
          <table className="data-table recon-report-table" data-testid="recon-report-items">
            <caption className="visually-hidden">Items of the report: {text}</caption>
            <TableHead
              columns={['Item', 'State', 'Date', numColumn('Amount'), 'Float or bank text', 'Match']}
            />
            <tbody>
              {page.map((item) => (
                <tr key={`${item.kind}:${item.id}`} data-testid="recon-report-item">
                  <ItemIdCell item={item} />
                  <td>{STATE_LABELS[item.state]}</td>
                  <ItemDateAndAmount item={item} />
                  <td className="recon-label">{item.label}</td>
                  <td>{matchText(item)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {items.length > REPORT_PAGE_SIZE ? (
        <nav className="recon-pager" aria-label="Pages of the report's items">
          <button
            type="button"
            className="button button-secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - REPORT_PAGE_SIZE))}
          >
            Previous {REPORT_PAGE_SIZE}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={offset + REPORT_PAGE_SIZE >= items.length}
            onClick={() => setOffset(offset + REPORT_PAGE_SIZE)}
          >
            Next {REPORT_PAGE_SIZE}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
