/**
 * The app's pages and how they map to the URL hash (`#/balances`, `#/transfers`, ...).
 * Pure: no DOM access here, so it is unit-tested in node; `use-route.ts` connects it to the window.
 */

export const ROUTES = [
  { id: 'balances', label: 'Balances' },
  { id: 'transfers', label: 'Transfers' },
  { id: 'reconciliation', label: 'Reconciliation' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'brands', label: 'Brands' },
  { id: 'settings', label: 'Settings' },
] as const;

export type RouteId = (typeof ROUTES)[number]['id'];

export const DEFAULT_ROUTE: RouteId = 'balances';

/**
 * What a hash points at: a known page (with an optional sub-page such as `new` in
 * `#/transfers/new`, and the query after `?`, e.g. a table's filters), or a page this version does
 * not have.
 */
export type ParsedRoute =
  | { kind: 'page'; id: RouteId; sub: string | null; query: Readonly<Record<string, string>> }
  | { kind: 'unknown'; path: string };

const routeIds: ReadonlySet<string> = new Set(ROUTES.map((route) => route.id));

function isRouteId(value: string): value is RouteId {
  return routeIds.has(value);
}

function parseQuery(text: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) if (!Object.hasOwn(query, key)) query[key] = value;
  return query;
}

/**
 * `''`, `'#'`, `'#/'` → the default page; `'#/transfers'`, `'#/transfers/'`, `'#transfers'` and
 * `'#/transfers?x=1'` → transfers (query {x: '1'}); `'#/transfers/new'` → transfers, sub 'new';
 * anything deeper or unknown → unknown (the caller shows "page not found").
 */
export function parseHash(hash: string): ParsedRoute {
  const withoutMark = hash.startsWith('#') ? hash.slice(1) : hash;
  const mark = withoutMark.indexOf('?');
  const path = mark === -1 ? withoutMark : withoutMark.slice(0, mark);
  const query = parseQuery(mark === -1 ? '' : withoutMark.slice(mark + 1));
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'page', id: DEFAULT_ROUTE, sub: null, query };
  const first = segments[0] ?? '';
  if (segments.length <= 2 && isRouteId(first))
    return { kind: 'page', id: first, sub: segments[1] ?? null, query };
  return { kind: 'unknown', path: `/${segments.join('/')}` };
}

/** `#/<page>[/<sub>][?query]`; query entries with an empty value are left out. */
export function hrefFor(
  id: RouteId,
  options: { sub?: string; query?: Readonly<Record<string, string | undefined>> } = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value) params.set(key, value);
  const search = params.toString();
  return `#/${id}${options.sub ? `/${encodeURIComponent(options.sub)}` : ''}${search ? `?${search}` : ''}`;
}

export function routeLabel(id: RouteId): string {
  return ROUTES.find((route) => route.id === id)?.label ?? id;
}
