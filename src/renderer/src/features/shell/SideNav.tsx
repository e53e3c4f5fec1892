import { hrefFor, ROUTES, type RouteId } from '../../lib/router';

interface SideNavProps {
  /** The page shown, or null on "page not found". */
  current: RouteId | null;
}

/** The app's main navigation: plain links to hash routes, so keyboard, history and new-tab work. */
export function SideNav({ current }: SideNavProps) {
  return (
    <nav className="side-nav" aria-label="Main">
      <ul>
        {ROUTES.map((route) => (
          <li key={route.id}>
            <a href={hrefFor(route.id)} aria-current={route.id === current ? 'page' : undefined}>
              {route.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
