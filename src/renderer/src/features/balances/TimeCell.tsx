import type { ReactNode } from 'react';
import { RelativeTime } from '../../components/RelativeTime';

interface TimeCellProps {
  iso: string | null;
  /** Shown after the time, e.g. a staleness badge. */
  children?: ReactNode;
}

export function TimeCell({ iso, children }: TimeCellProps) {
  return (
    <td className="time">
      {iso === null ? (
        <>
          <span className="empty-value" aria-hidden="true">
            —
          </span>
          <span className="visually-hidden">not yet</span>
        </>
      ) : (
        <RelativeTime iso={iso} />
      )}
      {children === undefined ? null : <span className="time-badge">{children}</span>}
    </td>
  );
}
