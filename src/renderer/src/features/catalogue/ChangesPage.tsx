import { useLayoutEffect, useMemo } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageHeading } from '../../components/PageHeading';
import { formatExactTime } from '../../lib/format-time';
import { navigate } from '../../lib/navigate';
import { hrefFor } from '../../lib/router';
import { useCatalogueChanges } from '../../stores/catalogue';
import { BrandsTabs } from './BrandsTabs';
import {
  CHANGE_KINDS,
  CHANGES_PAGE_SIZE,
  changesViewFromQuery,
  queryFromChangesView,
  type ChangesView,
} from './catalogue-query';
import { CHANGE_KIND_LABELS, changeKindText, countText } from './catalogue-text';
import { Pager } from './Pager';
import { BrandChangesExport } from '../export/ScreenExports';
import { DateField } from '../../components/DateField';
import { TableHead } from '../../components/TableHead';

const hrefOf = (view: ChangesView): string => hrefFor('brands', { query: queryFromChangesView(view) });

/** What changed in the catalogue across syncs: new and vanished brands, status, discount, limits… */
export function ChangesPage({ query }: { query: Readonly<Record<string, string>> }) {
  const queryText = new URLSearchParams(query).toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text stands for the query
  const view = useMemo(() => changesViewFromQuery(query), [queryText]);
  const setView = useCatalogueChanges((state) => state.setView);
  const result = useCatalogueChanges((state) => state.result);
  const error = useCatalogueChanges((state) => state.error);
  const ready = useCatalogueChanges((state) => state.shownKey === state.key);
  const refresh = useCatalogueChanges((state) => state.refresh);
  useLayoutEffect(() => setView(view), [view, setView]);

  const change = (next: ChangesView): void => navigate(hrefOf({ ...next, page: next.page }));
  const setDate = (field: 'from' | 'to', value: string): void => {
    const next: ChangesView = { ...view, page: 0 };
    if (value) next[field] = value;
    else delete next[field];
    change(next);
  };
  const toggleKind = (kind: (typeof CHANGE_KINDS)[number]): void => {
    const kinds = view.kinds.includes(kind) ? view.kinds.filter((k) => k !== kind) : [...view.kinds, kind];
    change({ ...view, kinds, page: 0 });
  };

  return (
    <div className="page page-wide brands-page" data-testid="changes-page" aria-busy={!ready}>
      <PageHeading title="What changed">
        Brands that appeared, vanished or changed (status, discount, face values, limits, transaction types)
        from sync to sync.
      </PageHeading>
      <BrandsTabs current="changes" />
      <div className="page-heading-actions">
        <BrandChangesExport view={view} />
      </div>
      <div className="changes-filters">
        <label>
          <span>From</span>
          <DateField
            id="changes-from"
            value={view.from ?? ''}
            onChange={(date) => setDate('from', date)}
            testId="changes-from"
          />
        </label>
        <label>
          <span>To</span>
          <DateField
            id="changes-to"
            value={view.to ?? ''}
            onChange={(date) => setDate('to', date)}
            testId="changes-to"
          />
        </label>
        <fieldset>
          <legend>Kind</legend>
          {CHANGE_KINDS.map((kind) => (
            <label key={kind}>
              <input
                type="checkbox"
                checked={view.kinds.includes(kind)}
                onChange={() => toggleKind(kind)}
                data-testid={`changes-kind-${kind}`}
              />
              {CHANGE_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="table-summary" role="status" data-testid="changes-summary">
        {result ? `${countText(result.total, 'change')}` : 'Loading changes…'}
      </p>
      {error ? (
        <ErrorState title="The change log could not be loaded" error={error} onRetry={refresh} />
      ) : null}
      {result === null ? (
        error ? null : (
          <LoadingState label="Loading changes…" />
        )
      ) : result.changes.length === 0 ? (
        <div className="state state-empty" data-testid="changes-empty">
          <p className="state-title">
            No changes recorded{view.from || view.to || view.kinds.length > 0 ? ' for these filters' : ' yet'}
          </p>
          <p>Changes appear after a sync finds the platform’s catalogue different from the last one.</p>
        </div>
      ) : (
        <div className="table-scroll" data-testid="changes-table" data-ready={ready}>
          <table className="data-table">
            <TableHead columns={['Seen', 'Brand', 'Kind', 'What changed']} />
            <tbody>
              {result.changes.map((row) => (
                <tr key={row.id} data-testid="change-row" data-slug={row.slug} data-kind={row.kind}>
                  <td className="time">{formatExactTime(row.observedAt)}</td>
                  <th scope="row">
                    <a href={hrefFor('brands', { sub: row.slug })}>{row.name}</a>
                  </th>
                  <td>{changeKindText(row.kind)}</td>
                  <td>
                    {row.summary}
                    {row.attribute ? (
                      <div className="muted">
                        Attribute <code>{row.attribute}</code>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result ? (
        <Pager
          page={view.page}
          total={result.total}
          size={CHANGES_PAGE_SIZE}
          label="Pages of changes"
          onPage={(page) => change({ ...view, page })}
        />
      ) : null}
    </div>
  );
}
