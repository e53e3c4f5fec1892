import { useRef, useState } from 'react';
import type { SignOff } from '@shared/ipc/contract-signoff';
import { formatDate, formatExactTime } from '../../../lib/format-time';
import { SignOffReportExport } from '../../export/ScreenExports';
import { lockedCellText, preparerText, reviewText, signOffStatusText } from './period-text';
import { ViewReportButton } from './ReportDialog';
import { UnlockDialog } from './UnlockDialog';
import { formatNumber } from '../../../lib/format-money';
import { unseenColumn, TableHead } from '../../../components/TableHead';

interface SignOffListProps {
  signOffs: readonly SignOff[];
  onViewReport: (signOff: SignOff, opener: HTMLElement) => void;
}

function DriftBadge({ signOff }: { signOff: SignOff }) {
  const count = signOff.drift.length;
  if (count === 0) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">no changes</span>
      </>
    );
  }
  return (
    <span className="recon-drift-badge" data-testid="recon-drift-badge">
      {formatNumber(count)} {count === 1 ? 'change' : 'changes'}
    </span>
  );
}

const STATE_BADGES: Record<SignOff['state'], { label: string; className: string }> = {
  signed_off: { label: 'In force', className: 'recon-state-signed_off' },
  awaiting_review: { label: 'Awaiting review', className: 'recon-state-awaiting_review' },
  rejected: { label: 'Rejected', className: 'recon-state-rejected' },
};

/** In force, unlocked, awaiting a reviewer or rejected by one, with who and why. */
function SignOffStatus({ signOff }: { signOff: SignOff }) {
  const badge =
    signOff.unlocked === null ? STATE_BADGES[signOff.state] : { label: 'Unlocked', className: '' };
  const reviewed = reviewText(signOff);
  return (
    <>
      <span className={`recon-state-badge ${badge.className}`}>{badge.label}</span>
      {reviewed === null ? null : <span className="recon-signoff-unlocked">{reviewed}</span>}
      {signOff.unlocked === null ? null : (
        <span className="recon-signoff-unlocked">{signOffStatusText(signOff)}</span>
      )}
    </>
  );
}

/** Every sign-off, newest first: what it locked, whether it is in force, drift, report and unlock. */
export function SignOffList({ signOffs, onViewReport }: SignOffListProps) {
  const [unlocking, setUnlocking] = useState<{ signOff: SignOff; opener: HTMLElement } | null>(null);
  const table = useRef<HTMLTableElement>(null);
  return (
    <div className="table-scroll">
      <table
        className="data-table recon-signoffs-table"
        data-testid="recon-signoffs"
        ref={table}
        tabIndex={-1}
      >
        <caption className="visually-hidden">Sign-offs, newest first</caption>
        <TableHead
          columns={['As of', 'Signed', 'Note', 'Locked', 'Status', 'Changed since', unseenColumn('Actions')]}
        />
        <tbody>
          {signOffs.map((signOff) => {
            const asOf = formatDate(signOff.asOf);
            return (
              <tr
                key={signOff.id}
                data-testid="recon-signoff"
                data-id={signOff.id}
                data-in-force={signOff.unlocked === null}
              >
                <th scope="row">
                  <time dateTime={signOff.asOf}>{asOf}</time>
                </th>
                <td className="time">
                  <time dateTime={signOff.signedAt}>{formatExactTime(signOff.signedAt)}</time>
                  <span className="recon-signoff-actor">by {preparerText(signOff)}</span>
                </td>
                <td className="recon-signoff-note-cell">{signOff.note}</td>
                <td>{lockedCellText(signOff)}</td>
                <td data-testid="recon-signoff-status">
                  <SignOffStatus signOff={signOff} />
                </td>
                <td>
                  <DriftBadge signOff={signOff} />
                </td>
                <td className="recon-row-actions">
                  <ViewReportButton
                    signOff={signOff}
                    className="button button-secondary recon-small"
                    what={`signed off as of ${asOf}`}
                    onViewReport={onViewReport}
                  />
                  <SignOffReportExport signOffId={signOff.id} asOf={signOff.asOf} />
                  {signOff.unlocked === null && signOff.state === 'signed_off' ? (
                    <button
                      type="button"
                      className="button button-secondary recon-small"
                      aria-label={`Unlock the sign-off as of ${asOf}…`}
                      onClick={(event) => setUnlocking({ signOff, opener: event.currentTarget })}
                    >
                      Unlock…
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {unlocking ? (
        <UnlockDialog
          key={unlocking.signOff.id}
          signOff={unlocking.signOff}
          returnFocus={unlocking.opener}
          fallbackFocus={() =>
            table.current?.querySelector<HTMLElement>(`[data-id="${unlocking.signOff.id}"] button`) ??
            table.current
          }
          onClose={() => setUnlocking(null)}
        />
      ) : null}
    </div>
  );
}
