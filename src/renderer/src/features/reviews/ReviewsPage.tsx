import { useEffect, useRef, useState } from 'react';
import type { SignOff } from '@shared/ipc/contract-signoff';
import { PageHeading } from '../../components/PageHeading';
import { onEvent } from '../../ipc/client';
import { hrefFor } from '../../lib/router';
import { shownValue } from '../../stores/recon-client';
import { useReconPeriod } from '../../stores/recon';
import { keepPageCurrent } from '../../stores/keep-current';
import { useTeam } from '../../stores/team';
import { LoadedSignOffs } from '../reconciliation/period-close/LoadedSignOffs';
import { ReportDialog } from '../reconciliation/period-close/ReportDialog';
import { preparerText, reviewText } from '../reconciliation/period-close/period-text';
import { RejectDialog } from './RejectDialog';
import { ReviewCard } from './ReviewCard';
import { formatDate } from '../../lib/format-time';

/** Whether this workspace is in a team (a review is team mode's); null while unknown. */
function useInTeam(): boolean | null {
  const overview = useTeam((state) => state.overview);
  const load = useTeam((state) => state.load);
  useEffect(() => {
    void load();
  }, [load]);
  return overview === null ? null : overview.joined;
}

function Decided({ signOffs }: { signOffs: readonly SignOff[] }) {
  if (signOffs.length === 0) return null;
  return (
    <section className="review-section" aria-labelledby="reviews-decided-title">
      <h2 id="reviews-decided-title">Reviewed</h2>
      <ul className="review-decided" data-testid="reviews-decided">
        {signOffs.map((signOff) => (
          <li key={signOff.id}>
            <strong>As of {formatDate(signOff.asOf)}</strong>, prepared by {preparerText(signOff)}:{' '}
            {reviewText(signOff)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The review queue: sign-offs awaiting a reviewer other than their preparer (team mode). */
export function ReviewsPage() {
  const view = useReconPeriod((state) => state.signOffs);
  const reload = useReconPeriod((state) => state.reload);
  const openReport = useReconPeriod((state) => state.openReport);
  const closeReport = useReconPeriod((state) => state.closeReport);
  const inTeam = useInTeam();
  const [report, setReport] = useState<HTMLElement | null | undefined>(undefined);
  const [rejecting, setRejecting] = useState<{ signOff: SignOff; opener: HTMLElement } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  // A colleague's sign-off, or another reviewer's verdict, arrives while the queue is open.
  useEffect(() => {
    void reload();
    return keepPageCurrent({ onEvent }, () => void reload());
  }, [reload]);
  const signOffs = shownValue(view);
  const awaiting = (signOffs ?? []).filter((signOff) => signOff.state === 'awaiting_review');
  const decided = (signOffs ?? []).filter((signOff) => signOff.review !== null).slice(0, 10);

  return (
    <div className="page reviews-page" data-testid="reviews-page">
      <PageHeading title="Reviews">
        A month-end signed off in a team waits here for a reviewer other than the person who prepared it.
        Approving it locks its items on every desktop of the team; rejecting it sends it back with your note.
      </PageHeading>
      {inTeam === false ? (
        <p className="review-solo" data-testid="reviews-no-team">
          This workspace is not in a team, so a sign-off holds as soon as it is made, without a review. To
          share the month-end with colleagues, join your team in{' '}
          <a href={hrefFor('settings')}>Settings → Team</a>.
        </p>
      ) : null}
      <LoadedSignOffs>
        {() => (
          <section className="review-section" aria-labelledby="reviews-waiting-title">
            <h2 id="reviews-waiting-title">Awaiting review</h2>
            {awaiting.length === 0 ? (
              <p className="muted" data-testid="reviews-empty">
                Nothing awaits review.
              </p>
            ) : (
              <div className="review-list" ref={list} tabIndex={-1}>
                {awaiting.map((signOff) => (
                  <ReviewCard
                    key={signOff.id}
                    signOff={signOff}
                    onViewReport={(shown, opener) => {
                      setReport(opener);
                      void openReport(shown.id);
                    }}
                    onReject={(shown, opener) => setRejecting({ signOff: shown, opener })}
                  />
                ))}
              </div>
            )}
          </section>
        )}
      </LoadedSignOffs>
      <Decided signOffs={decided} />
      {report === undefined ? null : (
        <ReportDialog
          returnFocus={report}
          onClose={() => {
            setReport(undefined);
            closeReport();
          }}
        />
      )}
      {rejecting ? (
        <RejectDialog
          key={rejecting.signOff.id}
          signOff={rejecting.signOff}
          returnFocus={rejecting.opener}
          fallbackFocus={() => list.current}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </div>
  );
}
