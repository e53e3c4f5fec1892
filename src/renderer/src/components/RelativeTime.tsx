import { formatExactTime, formatRelativeTime } from '../lib/format-time';
import { useNow } from '../lib/use-now';

interface RelativeTimeProps {
  /** ISO 8601 with offset, as the core sent it. */
  iso: string;
}

/** "5 minutes ago", with the exact local time and the original string on hover. */
export function RelativeTime({ iso }: RelativeTimeProps) {
  const now = useNow();
  const exact = formatExactTime(iso);
  return (
    <time dateTime={iso} title={`${exact} (recorded as ${iso})`}>
      {formatRelativeTime(iso, now)}
    </time>
  );
}
