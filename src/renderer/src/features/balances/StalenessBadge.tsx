import { useNow } from '../../lib/use-now';
import { freshnessOf, STALENESS } from '@shared/domain/staleness';

const HOURS = STALENESS.staleAfterMs / 3_600_000;
const LIMIT = HOURS === 1 ? 'an hour' : `${HOURS} hours`;

/** "Stale" when the platform refreshed the figure more than an hour ago, "Unknown age" without a time. */
export function StalenessBadge({ platformRefreshedAt }: { platformRefreshedAt: string | null }) {
  const freshness = freshnessOf(platformRefreshedAt, useNow());
  if (freshness === 'fresh') return null;
  const explanation =
    freshness === 'stale'
      ? `The platform refreshed this balance more than ${LIMIT} ago; sync to get a newer figure`
      : 'The platform did not say when it refreshed this balance';
  return (
    <span
      className={`flag ${freshness === 'stale' ? 'flag-warning' : 'flag-muted'}`}
      title={explanation}
      data-testid={`staleness-${freshness}`}
    >
      <span aria-hidden="true">{freshness === 'stale' ? 'stale' : 'age unknown'}</span>
      <span className="visually-hidden">{explanation}</span>
    </span>
  );
}
