import type { ReactNode } from 'react';

interface PageHeadingProps {
  title: string;
  /** One or two sentences under the heading saying what the page is for. */
  children?: ReactNode;
}

/** The page's h1. Focusable from script so a route change can move focus to it (not by Tab). */
export function PageHeading({ title, children }: PageHeadingProps) {
  return (
    <header className="page-heading">
      <h1 tabIndex={-1}>{title}</h1>
      {children === undefined ? null : <p className="page-lede">{children}</p>}
    </header>
  );
}
