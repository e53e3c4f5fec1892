import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { copyText } from '../../lib/copy-text';
import { useNow } from '../../lib/use-now';
import {
  rowsPerPage,
  scrollToReveal,
  visibleRange,
  type RowRange,
  type Viewport,
} from '../../lib/virtual-window';
import { transferRowAt, useTransfersTable } from '../../stores/transfers';
import { COLUMN_TEMPLATE, MIN_TABLE_WIDTH, ROW_HEIGHT, TRANSFER_COLUMNS } from './columns';
import { GridHeader } from './GridHeader';
import type { SortColumn } from './transfer-query';
import { rowDomId, TransferRowView } from './TransferRowView';

export const GRID_ID = 'transfers-grid';

/** Rows rendered above and below the visible ones, so a scroll shows rows, not gaps. */
const OVERSCAN = 8;

interface TransfersGridProps {
  onSort: (column: SortColumn) => void;
  /** A row was clicked: select it and show its detail. */
  onOpen: (index: number) => void;
  /** Enter on the selected row: show its detail and move there. */
  onEnter: (index: number) => void;
  onCopied: (reference: string, copied: boolean) => void;
}

/** The rows the viewport shows: the first one (partly) visible and how many. */
interface RowsInView {
  first: number;
  count: number;
}

/** The scroll position and the height left for rows under the sticky header. */
function viewportOf(element: HTMLElement | null, head: HTMLElement | null): Viewport {
  const headHeight = head?.offsetHeight ?? ROW_HEIGHT;
  return {
    scrollTop: element?.scrollTop ?? 0,
    height: Math.max(0, (element?.clientHeight ?? 0) - headHeight),
  };
}

function rowsInViewOf(viewport: Viewport): RowsInView {
  const first = Math.floor(viewport.scrollTop / ROW_HEIGHT);
  return { first, count: Math.ceil((viewport.scrollTop + viewport.height) / ROW_HEIGHT) - first };
}

function renderedRange(view: RowsInView, total: number): RowRange {
  return visibleRange(
    { scrollTop: view.first * ROW_HEIGHT, height: view.count * ROW_HEIGHT },
    ROW_HEIGHT,
    total,
    OVERSCAN,
  );
}

function revealRow(element: HTMLElement | null, head: HTMLElement | null, index: number): void {
  if (!element) return;
  const target = scrollToReveal(index, ROW_HEIGHT, viewportOf(element, head));
  if (target !== null) element.scrollTop = target;
}

/**
 * The virtualised table of transfer requests: a scrolling grid whose body is as tall as all rows,
 * with only the rows in view (plus OVERSCAN) rendered, each at its fixed offset. Arrow keys, Page
 * Up/Down, Home/End move the selection; Enter opens its detail.
 */
export function TransfersGrid({ onSort, onOpen, onEnter, onCopied }: TransfersGridProps) {
  const total = useTransfersTable((state) => state.total) ?? 0;
  const key = useTransfersTable((state) => state.key);
  const shownKey = useTransfersTable((state) => state.shownKey);
  const ready = useTransfersTable((state) => state.phase === 'ready' && state.shownKey === state.key);
  const sort = useTransfersTable((state) => state.view.sort);
  const selectedIndex = useTransfersTable((state) => state.selectedIndex);
  const reveal = useTransfersTable((state) => state.reveal);
  const ensureRange = useTransfersTable((state) => state.ensureRange);
  const select = useTransfersTable((state) => state.select);
  useTransfersTable((state) => state.version); // re-render when rows arrive
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const [rowsInView, setRowsInView] = useState<RowsInView>({ first: 0, count: 30 });
  const range = useMemo(() => renderedRange(rowsInView, total), [rowsInView, total]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = (): void => {
      const next = rowsInViewOf(viewportOf(element, head.current));
      setRowsInView((previous) =>
        previous.first === next.first && previous.count === next.count ? previous : next,
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);

  // Another view starts at its top.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [key]);

  useEffect(() => ensureRange(range), [range, shownKey, ensureRange]);

  useEffect(() => {
    if (reveal) revealRow(scroller.current, head.current, reveal.index);
  }, [reveal]);

  const moveTo = (index: number): void => {
    if (total === 0) return;
    const clamped = Math.max(0, Math.min(total - 1, index));
    select(clamped);
    revealRow(scroller.current, head.current, clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.target !== event.currentTarget) return;
    const viewport = viewportOf(scroller.current, head.current);
    const firstVisible = Math.ceil(viewport.scrollTop / ROW_HEIGHT);
    const current = selectedIndex ?? firstVisible;
    // With nothing selected yet, the first key selects the first row in view.
    const step = selectedIndex === null ? 0 : 1;
    const page = rowsPerPage(ROW_HEIGHT, viewport.height);
    const moves: Record<string, () => number> = {
      ArrowDown: () => current + step,
      ArrowUp: () => current - step,
      PageDown: () => current + page,
      PageUp: () => current - page,
      Home: () => 0,
      End: () => total - 1,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
    } else if (event.key === 'Enter' && selectedIndex !== null) {
      event.preventDefault();
      onEnter(selectedIndex);
    }
  };

  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    const target = event.target as HTMLElement;
    const copy = target.closest<HTMLElement>('[data-copy]');
    if (copy?.dataset.copy) {
      const reference = copy.dataset.copy;
      void copyText(reference).then((copied) => onCopied(reference, copied));
      return;
    }
    const index = Number(target.closest<HTMLElement>('[data-index]')?.dataset.index ?? Number.NaN);
    if (Number.isInteger(index)) {
      select(index);
      onOpen(index);
    }
  };

  const rows = [];
  const pool = Math.max(1, range.end - range.start);
  for (let index = range.start; index < Math.min(range.end, total); index++) {
    rows.push(
      <TransferRowView
        key={index % pool}
        index={index}
        row={transferRowAt(index)}
        selected={index === selectedIndex}
        now={now}
      />,
    );
  }
  const activeRendered = selectedIndex !== null && selectedIndex >= range.start && selectedIndex < range.end;

  return (
    <div
      ref={scroller}
      id={GRID_ID}
      role="grid"
      aria-label="Transfer requests"
      aria-rowcount={total + 1}
      aria-colcount={TRANSFER_COLUMNS.length}
      aria-activedescendant={
        activeRendered && transferRowAt(selectedIndex) ? rowDomId(selectedIndex) : undefined
      }
      aria-busy={!ready}
      aria-keyshortcuts="ArrowUp ArrowDown PageUp PageDown Home End Enter"
      tabIndex={0}
      className="transfers-grid"
      data-testid="transfers-grid"
      data-ready={ready}
      data-view={shownKey ?? ''}
      data-total={total}
      style={
        { '--transfer-columns': COLUMN_TEMPLATE, '--transfer-min-width': MIN_TABLE_WIDTH } as CSSProperties
      }
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <GridHeader ref={head} sort={sort} onSort={onSort} />
      <div role="rowgroup" className="grid-body" style={{ height: total * ROW_HEIGHT }}>
        {rows}
      </div>
    </div>
  );
}
