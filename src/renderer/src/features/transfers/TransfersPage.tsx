import { formatNumber } from '../../lib/format-money';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TransferFilters as Filters, TransferSort } from '@shared/ipc/contract-transfers';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageHeading } from '../../components/PageHeading';
import { navigate } from '../../lib/navigate';
import { hrefFor } from '../../lib/router';
import {
  keepTransfersCurrent,
  transferRowAt,
  useTransferDetail,
  useTransferOptions,
  useTransfersTable,
} from '../../stores/transfers';
import { TransfersExport } from '../export/ScreenExports';
import { sortDescription } from './columns';
import { SubmissionBanner } from './SubmissionBanner';
import { TransferDetailPanel } from './TransferDetailPanel';
import { TransferFilters } from './TransferFilters';
import { hasFilters, nextSort, queryFromView, viewFromQuery, type SortColumn } from './transfer-query';
import { TransfersEmpty } from './TransfersStates';
import { GRID_ID, TransfersGrid } from './TransfersGrid';

const hrefOf = (filters: Filters, sort: TransferSort): string =>
  hrefFor('transfers', { query: queryFromView({ filters, sort }) });

/** Every transfer request the ledger holds: filters, a virtualised table, and the selected one's detail. */
export function TransfersPage({ query }: { query: Readonly<Record<string, string>> }) {
  const queryText = new URLSearchParams(query).toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text stands for the query
  const view = useMemo(() => viewFromQuery(query), [queryText]);
  const setView = useTransfersTable((state) => state.setView);
  const phase = useTransfersTable((state) => state.phase);
  const error = useTransfersTable((state) => state.error);
  const refreshError = useTransfersTable((state) => state.refreshError);
  const total = useTransfersTable((state) => state.total);
  const ready = useTransfersTable((state) => state.shownKey === state.key);
  const selectedId = useTransfersTable((state) => state.selectedId);
  const retry = useTransfersTable((state) => state.retry);
  const detailOpen = useTransferDetail((state) => state.view.status !== 'closed');
  const [message, setMessage] = useState('');
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const focusDetail = useRef(false);

  useEffect(() => {
    const stop = keepTransfersCurrent();
    void useTransferOptions.getState().load();
    // Changes made while the page was closed were not followed: what is cached may be old.
    if (useTransfersTable.getState().shownKey !== null) useTransfersTable.getState().refresh();
    return () => {
      stop();
      useTransferDetail.getState().close();
    };
  }, []);

  // Before the paint: the rows of a new view are asked for a frame sooner.
  useLayoutEffect(() => setView(view), [view, setView]);

  // An open detail panel follows the selection (arrow keys).
  useEffect(() => {
    if (selectedId !== null && detailOpen) void useTransferDetail.getState().open(selectedId);
  }, [selectedId, detailOpen]);

  useEffect(() => {
    if (detailOpen && focusDetail.current) {
      focusDetail.current = false;
      detailHeading.current?.focus();
    }
  });

  const changeFilters = (filters: Filters, replace: boolean): void =>
    navigate(hrefOf(filters, view.sort), { replace });
  const sortBy = (column: SortColumn): void => navigate(hrefOf(view.filters, nextSort(view.sort, column)));
  const openDetail = (index: number, focus: boolean): void => {
    const row = transferRowAt(index);
    if (!row) return;
    focusDetail.current = focus;
    void useTransferDetail.getState().open(row.id);
  };
  const closeDetail = (): void => {
    useTransferDetail.getState().close();
    document.getElementById(GRID_ID)?.focus();
  };
  const copied = (reference: string, ok: boolean): void =>
    setMessage(
      ok
        ? `Copied ${reference} to the clipboard.`
        : `Could not copy ${reference}: select it and copy by hand.`,
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape' && detailOpen) {
      event.preventDefault();
      closeDetail();
    }
  };

  const filtered = hasFilters(view.filters);
  const showEmpty = ready && phase === 'ready' && total === 0;
  return (
    <div
      className="page page-wide transfers-page"
      data-testid="transfers-page"
      aria-busy={phase === 'loading'}
      onKeyDown={onKeyDown}
    >
      <div className="page-heading-row">
        <PageHeading title="Transfer requests">
          Every top-up request the ledger holds — from this workspace and from the platform.
        </PageHeading>
        <div className="page-heading-actions">
          <TransfersExport view={view} total={ready ? total : null} />
          <a
            className="button"
            href={hrefFor('transfers', { sub: 'new' })}
            aria-keyshortcuts="N"
            data-testid="new-transfer"
          >
            New transfer request
          </a>
        </div>
      </div>
      <SubmissionBanner />
      <TransferFilters view={view} onChange={changeFilters} />
      <p className="table-summary" role="status" data-testid="transfers-summary">
        {total === null || !ready
          ? 'Loading transfer requests…'
          : `${formatNumber(total)} transfer request${total === 1 ? '' : 's'}${filtered ? ' match' : ''} · sorted by ${sortDescription(view.sort.column, view.sort.direction)}`}
        <span className="copy-message">{message}</span>
      </p>
      {refreshError ? (
        <ErrorState
          title="Some rows could not be loaded; what is shown may be out of date"
          error={refreshError}
          onRetry={retry}
        />
      ) : null}
      {phase === 'error' && error ? (
        <ErrorState title="Transfer requests could not be loaded" error={error} onRetry={retry} />
      ) : showEmpty ? (
        <TransfersEmpty filtered={filtered} onClear={() => changeFilters({}, false)} />
      ) : total === null ? (
        <LoadingState label="Loading transfer requests…" />
      ) : (
        <div className={`transfers-body${detailOpen ? ' with-detail' : ''}`}>
          <TransfersGrid
            onSort={sortBy}
            onOpen={(index) => openDetail(index, false)}
            onEnter={(index) => openDetail(index, true)}
            onCopied={copied}
          />
          <TransferDetailPanel headingRef={detailHeading} onClose={closeDetail} onCopied={copied} />
        </div>
      )}
    </div>
  );
}
