import { useRef, useState } from 'react';
import type { ReconItem } from '@shared/ipc/contract-recon';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { shownValue } from '../../stores/recon-client';
import type { DecisionEntry } from '../../stores/recon-decisions-store';
import { ITEMS_PAGE_SIZE } from '../../stores/recon-items-store';
import { useReconItems } from '../../stores/recon';
import { ItemFilters } from './ItemFilters';
import { ItemsTable } from './ItemsTable';
import { ManualMatchBar } from './ManualMatchBar';
import { ItemTotals } from './ItemTotals';
import { hasItemFilters, type ReconView } from './recon-query';
import { ResolveDialog } from './ResolveDialog';
import { UndoDialog } from './UndoDialog';
import { formatNumber } from '../../lib/format-money';

interface ItemsSectionProps {
  view: ReconView;
  onChange: (view: ReconView, replace?: boolean) => void;
}

function Pager({ offset, shown, total }: { offset: number; shown: number; total: number }) {
  const page = useReconItems((state) => state.page);
  if (total <= ITEMS_PAGE_SIZE && offset === 0) return null;
  return (
    <nav className="recon-pager" aria-label="Pages of open items">
      <button
        type="button"
        className="button button-secondary"
        disabled={offset === 0}
        onClick={() => void page(offset - ITEMS_PAGE_SIZE)}
      >
        Previous {ITEMS_PAGE_SIZE}
      </button>
      <button
        type="button"
        className="button button-secondary"
        disabled={offset + shown >= total}
        onClick={() => void page(offset + ITEMS_PAGE_SIZE)}
      >
        Next {ITEMS_PAGE_SIZE}
      </button>
    </nav>
  );
}

/** The open items by state and age, the manual match, and the resolve dialog. */
export function ItemsSection({ view, onChange }: ItemsSectionProps) {
  const itemsView = useReconItems((state) => state.view);
  const offset = useReconItems((state) => state.query.offset);
  const reload = useReconItems((state) => state.reload);
  const [resolving, setResolving] = useState<{ item: ReconItem; opener: HTMLElement } | null>(null);
  const [undoing, setUndoing] = useState<{ subject: ReconItem | DecisionEntry; opener: HTMLElement } | null>(
    null,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const page = shownValue(itemsView);
  const filtered = hasItemFilters(view);
  const countLine =
    page === null
      ? ''
      : page.total === 0
        ? filtered
          ? 'No items match these filters.'
          : 'No open items: every bank line and request is matched or resolved.'
        : `${formatNumber(page.total)} item${page.total === 1 ? '' : 's'}${filtered ? (page.total === 1 ? ' matches' : ' match') : ''}` +
          (page.total > page.items.length
            ? ` · showing ${formatNumber(offset + 1)}–${formatNumber(offset + page.items.length)}`
            : '');

  return (
    <section className="recon-section" aria-labelledby="recon-items-title" data-testid="recon-items-section">
      <h2 id="recon-items-title" ref={heading} tabIndex={-1}>
        Open items
      </h2>
      <ItemFilters view={view} onChange={onChange} />
      <ManualMatchBar />
      <p className="table-summary" role="status" data-testid="recon-items-count">
        {countLine}
      </p>
      {page?.totals ? <ItemTotals totals={page.totals} filtered={filtered} /> : null}
      {itemsView.status === 'error' ? (
        <ErrorState
          title="The open items could not be loaded"
          error={itemsView.error}
          onRetry={() => void reload()}
        />
      ) : null}
      {page === null ? (
        itemsView.status === 'error' ? null : (
          <LoadingState label="Loading open items…" />
        )
      ) : page.items.length === 0 ? null : (
        <>
          <ItemsTable
            items={page.items}
            onResolve={(item, opener) => setResolving({ item, opener })}
            sort={view.sort}
            onSort={(sort) => onChange({ ...view, sort })}
            onUndo={(subject, opener) => setUndoing({ subject, opener })}
          />
          <Pager offset={offset} shown={page.items.length} total={page.total} />
        </>
      )}
      {resolving ? (
        <ResolveDialog
          key={`${resolving.item.kind}:${resolving.item.id}`}
          item={resolving.item}
          returnFocus={resolving.opener}
          fallbackFocus={() => heading.current}
          onClose={() => setResolving(null)}
        />
      ) : null}
      {undoing ? (
        <UndoDialog
          key={
            'decisionId' in undoing.subject
              ? undoing.subject.decisionId
              : `${undoing.subject.kind}:${undoing.subject.id}`
          }
          subject={undoing.subject}
          returnFocus={undoing.opener}
          fallbackFocus={() => heading.current}
          onClose={() => setUndoing(null)}
        />
      ) : null}
    </section>
  );
}
