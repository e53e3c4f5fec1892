import { formatNumber } from '../../lib/format-money';
import type { ExportPhase } from './export-session';

/** What the export control says about its export: short lines for the page and the live region. Pure. */

/** 1536 → "1.5 KB"; sizes a person reads, not exact. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, { maximumFractionDigits: 1 })}\u00a0${units[unit]}`;
}

const rowsText = (rows: number): string => `${formatNumber(rows)} row${rows === 1 ? '' : 's'}`;

/** The progress line under the bar: rows of total when the total is known. */
export function progressText(phase: ExportPhase): string {
  switch (phase.status) {
    case 'starting':
      return phase.cancelling ? 'Cancelling…' : 'Starting…';
    case 'running':
      if (phase.cancelling) return 'Cancelling…';
      return phase.totalRows === null
        ? `${rowsText(phase.rows)} written`
        : `${formatNumber(phase.rows)} of ${rowsText(phase.totalRows)}`;
    case 'downloading':
      return `Downloading ${phase.fileName}…`;
    default:
      return '';
  }
}

/** 0–100, or null when the total is not known (an indeterminate bar). */
export function progressPercent(phase: ExportPhase): number | null {
  if (phase.status === 'downloading') return 100;
  if (phase.status !== 'running' || phase.totalRows === null || phase.totalRows === 0) return null;
  return Math.min(100, Math.floor((phase.rows / phase.totalRows) * 100));
}

/**
 * One sentence for the live region: said when the phase changes, never on every row count (that
 * would talk over everything else).
 */
export function phaseSentence(phase: ExportPhase, what: string): string {
  switch (phase.status) {
    case 'idle':
      return phase.note ?? '';
    case 'starting':
    case 'running':
      return phase.cancelling ? 'Cancelling the export…' : `Exporting ${what}…`;
    case 'downloading':
      return `Exported; downloading ${phase.fileName}…`;
    case 'done':
      return phase.savedTo === null
        ? `Downloaded ${phase.fileName}: ${rowsText(phase.rows)}, ${formatBytes(phase.bytes)}.`
        : `Saved to ${phase.savedTo}: ${rowsText(phase.rows)}, ${formatBytes(phase.bytes)}.`;
    case 'cancelled':
      return 'Export cancelled. No file was written.';
    case 'failed':
      return `The export failed: ${phase.message}`;
  }
}

/** The few words next to the button while its dialog is closed. */
export function buttonStatus(phase: ExportPhase): string {
  switch (phase.status) {
    case 'starting':
    case 'running': {
      if (phase.cancelling) return 'Cancelling…';
      const percent = progressPercent(phase);
      return percent === null ? 'Exporting…' : `Exporting… ${percent}%`;
    }
    case 'downloading':
      return 'Downloading…';
    case 'done':
      return phase.savedTo === null ? `Downloaded ${phase.fileName}` : `Saved to ${phase.savedTo}`;
    case 'cancelled':
      return 'Export cancelled';
    case 'failed':
      return 'Export failed';
    case 'idle':
      return phase.note ?? '';
  }
}
