import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { BalancesPage } from './features/balances/BalancesPage';
import { BrandsRoute } from './features/catalogue/BrandsRoute';
import { SettingsPage } from './features/settings/SettingsPage';
import { AccessLinkPage } from './features/shell/AccessLinkPage';
import { AppHeader } from './features/shell/AppHeader';
import { KeyboardShortcuts } from './features/shell/KeyboardShortcuts';
import { NotificationBanner } from './features/notifications/NotificationBanner';
import { CredentialsBanner } from './features/settings/CredentialsBanner';
import { NotFoundPage } from './features/shell/NotFoundPage';
import { ReconciliationPage } from './features/reconciliation/ReconciliationPage';
import { ReviewsPage } from './features/reviews/ReviewsPage';
import { SideNav } from './features/shell/SideNav';
import { TransfersRoute } from './features/transfers/TransfersRoute';
import { routeLabel, type ParsedRoute, type RouteId } from './lib/router';
import { useFormatPreferences } from './lib/use-format-preferences';
import { useRoute } from './lib/use-route';
import { useAppStatus } from './stores/app-status';
import { useEventStream } from './stores/event-stream';

/** Pages that have sub-pages (each checks its own); every other page has none. */
const PAGES_WITH_SUBPAGES: ReadonlySet<RouteId> = new Set<RouteId>(['transfers', 'brands']);

function RouteView({ route }: { route: ParsedRoute }) {
  if (route.kind === 'unknown') return <NotFoundPage path={route.path} />;
  if (route.sub !== null && !PAGES_WITH_SUBPAGES.has(route.id))
    return <NotFoundPage path={`/${route.id}/${route.sub}`} />;
  switch (route.id) {
    case 'balances':
      return <BalancesPage />;
    case 'settings':
      return <SettingsPage />;
    case 'transfers':
      return <TransfersRoute sub={route.sub} query={route.query} />;
    case 'reconciliation':
      return <ReconciliationPage query={route.query} />;
    case 'reviews':
      return <ReviewsPage />;
    case 'brands':
      return <BrandsRoute sub={route.sub} query={route.query} />;
  }
}

function routeKey(route: ParsedRoute): string {
  return route.kind === 'page' ? `${route.id}/${route.sub ?? ''}` : `unknown:${route.path}`;
}

/** Title and focus follow the route, so screen readers and keyboard users land on the new page. */
function useRouteAnnouncement(route: ParsedRoute, main: RefObject<HTMLElement | null>): void {
  const key = routeKey(route);
  const previousKey = useRef(key);
  useEffect(() => {
    document.title =
      route.kind === 'page' ? `${routeLabel(route.id)} — FloatDesk` : 'Page not found — FloatDesk';
    if (previousKey.current === key) return;
    previousKey.current = key;
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [key, route, main]);
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>, main: HTMLElement | null): void {
  // The hash is the router's: focus the content instead of following the link.
  event.preventDefault();
  main?.focus();
}

export interface AppProps {
  /** The browser shell can lose its authorisation; Electron cannot. */
  shell: 'electron' | 'browser';
}

export function App({ shell }: AppProps) {
  const route = useRoute();
  // A new number or date format (Settings) re-renders every page at once.
  useFormatPreferences();
  const main = useRef<HTMLElement>(null);
  useRouteAnnouncement(route, main);
  const statusError = useAppStatus((state) => (state.view.status === 'error' ? state.view.error.code : null));
  const streamRefused = useEventStream((state) => state.stream.status === 'unauthorized');

  if (shell === 'browser' && (statusError === 'forbidden' || streamRefused)) {
    return <AccessLinkPage reason="rejected" />;
  }

  return (
    <div className="app-frame">
      <a className="skip-link" href="#main-content" onClick={(event) => skipToContent(event, main.current)}>
        Skip to content
      </a>
      <AppHeader />
      <KeyboardShortcuts />
      <div className="app-body">
        <SideNav current={route.kind === 'page' ? route.id : null} />
        <main id="main-content" className="content" ref={main} tabIndex={-1}>
          <CredentialsBanner />
          <NotificationBanner />
          <RouteView route={route} />
        </main>
      </div>
    </div>
  );
}
