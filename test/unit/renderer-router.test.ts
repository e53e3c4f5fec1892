import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE, hrefFor, parseHash, ROUTES, routeLabel } from '../../src/renderer/src/lib/router';

describe('parseHash', () => {
  it.each(['', '#', '#/', '#//'])('opens the default page for %j', (hash) => {
    expect(parseHash(hash)).toEqual({ kind: 'page', id: DEFAULT_ROUTE });
  });

  it('defaults to balances', () => {
    expect(DEFAULT_ROUTE).toBe('balances');
  });

  it.each(ROUTES.map((route) => route.id))('round-trips %s through hrefFor', (id) => {
    expect(parseHash(hrefFor(id))).toEqual({ kind: 'page', id });
  });

  it('tolerates a trailing slash, a missing slash and a query', () => {
    expect(parseHash('#/transfers/')).toEqual({ kind: 'page', id: 'transfers' });
    expect(parseHash('#settings')).toEqual({ kind: 'page', id: 'settings' });
    expect(parseHash('#/brands?q=amazon')).toEqual({ kind: 'page', id: 'brands' });
  });

  it('reports unknown paths instead of guessing', () => {
    expect(parseHash('#/nope')).toEqual({ kind: 'unknown', path: '/nope' });
    expect(parseHash('#/balances/extra')).toEqual({ kind: 'unknown', path: '/balances/extra' });
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
      'Brands',
      'Settings',
    ]);
    expect(routeLabel('reconciliation')).toBe('Reconciliation');
    expect(hrefFor('balances')).toBe('#/balances');
  });
});
