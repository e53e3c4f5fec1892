import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE, hrefFor, parseHash, ROUTES, routeLabel } from '../../src/renderer/src/lib/router';

describe('parseHash', () => {
  it.each(['', '#', '#/', '#//'])('opens the default page for %j', (hash) => {
    expect(parseHash(hash)).toEqual({ kind: 'page', id: DEFAULT_ROUTE, sub: null, query: {} });
  });

  it('defaults to balances', () => {
    expect(DEFAULT_ROUTE).toBe('balances');
  });

  it.each(ROUTES.map((route) => route.id))('round-trips %s through hrefFor', (id) => {
    expect(parseHash(hrefFor(id))).toEqual({ kind: 'page', id, sub: null, query: {} });
  });

  it('tolerates a trailing slash, a missing slash and a query', () => {
    expect(parseHash('#/transfers/')).toEqual({ kind: 'page', id: 'transfers', sub: null, query: {} });
    expect(parseHash('#settings')).toEqual({ kind: 'page', id: 'settings', sub: null, query: {} });
    expect(parseHash('#/brands?q=amazon')).toEqual({
      kind: 'page',
      id: 'brands',
      sub: null,
      query: { q: 'amazon' },
    });
  });

  it('reads a sub-page and the query, and writes them back', () => {
    const query = { status: 'approved_edited', text: 'a b&c=d', from: '2026-01-01' };
    const href = hrefFor('transfers', { sub: 'new', query: { ...query, empty: '' } });
    expect(href).toBe('#/transfers/new?status=approved_edited&text=a+b%26c%3Dd&from=2026-01-01');
    expect(parseHash(href)).toEqual({ kind: 'page', id: 'transfers', sub: 'new', query });
    expect(parseHash('#/transfers?status=a&status=b')).toMatchObject({ query: { status: 'a' } });
  });

  it('reports unknown paths instead of guessing', () => {
    expect(parseHash('#/nope')).toEqual({ kind: 'unknown', path: '/nope' });
    expect(parseHash('#/balances/extra/more')).toEqual({ kind: 'unknown', path: '/balances/extra/more' });
    expect(parseHash('#/Balances')).toEqual({ kind: 'unknown', path: '/Balances' });
    expect(parseHash('#main-content')).toEqual({ kind: 'unknown', path: '/main-content' });
  });
});

describe('routes', () => {
  it('lists the navigation in order with labels', () => {
    expect(ROUTES.map((route) => route.label)).toEqual([
      'Balances',
      'Transfers',
      'Reconciliation',
      'Reviews',
      'Brands',
      'Settings',
    ]);
    expect(routeLabel('reconciliation')).toBe('Reconciliation');
    expect(hrefFor('balances')).toBe('#/balances');
  });
});
