import { RelativeTime } from '../../components/RelativeTime';

interface TimeCellProps {
  iso: string | null;
}

export function TimeCell({ iso }: TimeCellProps) {
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
    </td>
  );
}
