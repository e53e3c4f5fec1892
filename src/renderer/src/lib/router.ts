/**
 * The app's pages and how they map to the URL hash (`#/balances`, `#/transfers`, ...).
 * Pure: no DOM access here, so it is unit-tested in node; `use-route.ts` connects it to the window.
 */

export const ROUTES = [
  { id: 'balances', label: 'Balances' },
  { id: 'transfers', label: 'Transfers' },
  { id: 'reconciliation', label: 'Reconciliation' },
  { id: 'brands', label: 'Brands' },
  { id: 'settings', label: 'Settings' },
] as const;

export type RouteId = (typeof ROUTES)[number]['id'];

export const DEFAULT_ROUTE: RouteId = 'balances';

/** What a hash points at: a known page, or a page this version does not have. */
export type ParsedRoute = { kind: 'page'; id: RouteId } | { kind: 'unknown'; path: string };

const routeIds: ReadonlySet<string> = new Set(ROUTES.map((route) => route.id));

function isRouteId(value: string): value is RouteId {
  return routeIds.has(value);
}

/**
 * `''`, `'#'`, `'#/'` → the default page; `'#/transfers'`, `'#/transfers/'`, `'#transfers'` and
 * `'#/transfers?x=1'` → transfers; anything else → unknown (the caller shows "page not found").
 */
export function parseHash(hash: string): ParsedRoute {
  const withoutMark = hash.startsWith('#') ? hash.slice(1) : hash;
  const path = withoutMark.split('?')[0] ?? '';
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'page', id: DEFAULT_ROUTE };
  const first = segments[0] ?? '';
  if (segments.length === 1 && isRouteId(first)) return { kind: 'page', id: first };
  return { kind: 'unknown', path: `/${segments.join('/')}` };
}

export function hrefFor(id: RouteId): string {
  return `#/${id}`;
}

export function routeLabel(id: RouteId): string {
  return ROUTES.find((route) => route.id === id)?.label ?? id;
}
