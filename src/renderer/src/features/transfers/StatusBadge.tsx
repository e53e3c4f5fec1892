import { statusLabel } from './columns';

/** A transfer request's status as a coloured badge (the colour is never the only cue: the words are). */
export function StatusBadge({ status }: { status: string }) {
  const known = /^[a-z_]+$/.test(status) ? status : 'other';
  return <span className={`status-badge status-${known}`}>{statusLabel(status)}</span>;
}
