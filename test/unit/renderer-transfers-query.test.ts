import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSFER_SORT_COLUMNS } from '@shared/ipc/contract-transfers';
import { hrefFor, parseHash } from '../../src/renderer/src/lib/router';
import {
  DEFAULT_SORT,
  hasFilters,
  nextSort,
  queryFromView,
  viewFromQuery,
  viewKey,
  type TransferView,
} from '../../src/renderer/src/features/transfers/transfer-query';

/** The view a hash holds after writing a view into it (what reopening a bookmark gives). */
function throughUrl(view: TransferView): TransferView {
  const route = parseHash(hrefFor('transfers', { query: queryFromView(view) }));
  if (route.kind !== 'page') throw new Error('not a page');
  return viewFromQuery(route.query);
}

describe('Transfers view <-> URL query', () => {
  it('reads every filter and the sort from the query', () => {
    expect(
      viewFromQuery({
        float: 'Main',
        currency: 'gbp',
        reference: ' RF18 5390 0754 7034 ',
        from: '2026-01-01',
        to: '2026-01-31',
        status: 'pending,approved_edited,pending',
        text: '  acme ltd ',
        sort: '-requested',
      }),
    ).toEqual({
      filters: {
        float: 'Main',
        currency: 'GBP',
        paymentReference: 'RF18 5390 0754 7034',
        from: '2026-01-01',
        to: '2026-01-31',
        statuses: ['pending', 'approved_edited'],
        text: 'acme ltd',
      },
      sort: { column: 'requested', direction: 'desc' },
    });
  });

  it('ignores values that cannot be right instead of sending them', () => {
    expect(
      viewFromQuery({ currency: 'pounds', from: '2026-02-30', to: 'yesterday', sort: '-nope', text: '   ' }),
    ).toEqual({ filters: {}, sort: DEFAULT_SORT });
  });

  it('leaves the default sort and empty filters out of the URL', () => {
    expect(hrefFor('transfers', { query: queryFromView({ filters: {}, sort: DEFAULT_SORT }) })).toBe(
      '#/transfers',
    );
    expect(
      hrefFor('transfers', {
        query: queryFromView({ filters: { statuses: ['pending'], currency: 'GBP' }, sort: DEFAULT_SORT }),
      }),
    ).toBe('#/transfers?currency=GBP&status=pending');
  });

  it('round-trips any view through the URL', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 &=?#%+,./-]{0,30}[A-Za-z0-9]$/);
    const date = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((value) => value.toISOString().slice(0, 10));
    const view = fc.record({
      filters: fc.record(
        {
          float: word,
          currency: fc.constantFrom('GBP', 'EUR', 'JPY'),
          paymentReference: word,
          from: date,
          to: date,
          statuses: fc.uniqueArray(fc.constantFrom('pending', 'approved', 'approved_edited', 'removed'), {
            minLength: 1,
          }),
          text: word,
        },
        { requiredKeys: [] },
      ),
      sort: fc.record({
        column: fc.constantFrom(...TRANSFER_SORT_COLUMNS),
        direction: fc.constantFrom('asc' as const, 'desc' as const),
      }),
    });
    fc.assert(
      fc.property(view, (original) => {
        expect(viewKey(throughUrl(original))).toBe(viewKey(original));
      }),
    );
  });

  it('keys a view the same whatever the order of its statuses', () => {
    const a = { filters: { statuses: ['pending', 'removed'] }, sort: DEFAULT_SORT };
    const b = { filters: { statuses: ['removed', 'pending'] }, sort: DEFAULT_SORT };
    expect(viewKey(a)).toBe(viewKey(b));
    expect(viewKey(a)).not.toBe(viewKey({ ...a, sort: { column: 'createdAt', direction: 'asc' } }));
  });

  it('knows when a view is filtered', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ statuses: [] })).toBe(false);
    expect(hasFilters({ text: 'x' })).toBe(true);
  });

  it('sorts a new column ascending (dates newest first) and flips the current one', () => {
    expect(nextSort(DEFAULT_SORT, 'float')).toEqual({ column: 'float', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'createdAt')).toEqual({ column: 'createdAt', direction: 'asc' });
    expect(nextSort({ column: 'float', direction: 'asc' }, 'lastChangedAt')).toEqual({
      column: 'lastChangedAt',
      direction: 'desc',
    });
  });
});
