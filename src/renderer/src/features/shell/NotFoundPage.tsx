import { PageHeading } from '../../components/PageHeading';
import { DEFAULT_ROUTE, hrefFor } from '../../lib/router';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <div className="page" data-testid="not-found-page">
      <PageHeading title="Page not found">
        FloatDesk has no page at <code>{path}</code>.
      </PageHeading>
      <p>
        <a href={hrefFor(DEFAULT_ROUTE)}>Go to Balances</a>
      </p>
    </div>
  );
}
