import { useState } from 'react';
import type { SignOff } from '@shared/ipc/contract-signoff';
import { RelativeTime } from '../../../components/RelativeTime';
import { formatDate } from '../../../lib/format-time';
import { shownValue } from '../../../stores/recon-client';
import { useReconPeriod } from '../../../stores/recon';
import { driftHeading, driftSentence } from './period-text';
import { UnlockDialog } from './UnlockDialog';

/**
 * Signed-off requests the platform changed after the sign-off, for every sign-off in force: at the
 * top of the screen, each with the Unlock that lets the period be corrected.
 */
export function DriftAlerts() {
  const signOffs = useReconPeriod((state) => shownValue(state.signOffs));
  const [unlocking, setUnlocking] = useState<{ signOff: SignOff; opener: HTMLElement } | null>(null);
  const drifting = (signOffs ?? []).filter(
    (signOff) => signOff.unlocked === null && signOff.drift.length > 0,
  );
  if (drifting.length === 0 && unlocking === null) return null;

  return (
    <section
      className="recon-drift-alerts"
      aria-labelledby="recon-drift-title"
      data-testid="recon-drift-alerts"
    >
      {drifting.length === 0 ? null : (
        <>
          <h2 id="recon-drift-title">{driftHeading(drifting)}</h2>
          {drifting.map((signOff) => {
            const asOf = formatDate(signOff.asOf);
            return (
              <div key={signOff.id} className="recon-drift-group" data-testid="recon-drift-alert">
                <ul className="recon-drift-lines">
                  {signOff.drift.map((drift) => (
                    <li key={drift.id} data-testid="recon-drift-line">
                      {driftSentence(drift, signOff.asOf)}{' '}
                      <span className="recon-hint">
                        (seen <RelativeTime iso={drift.detectedAt} />)
                      </span>
                    </li>
                  ))}
                </ul>
                <div className="recon-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={(event) => setUnlocking({ signOff, opener: event.currentTarget })}
                  >
                    Unlock the sign-off as of {asOf}…
                  </button>
                  <span className="recon-hint">Unlock to correct the period, then sign it off again.</span>
                </div>
              </div>
            );
          })}
        </>
      )}
      {unlocking ? (
        <UnlockDialog
          key={unlocking.signOff.id}
          signOff={unlocking.signOff}
          returnFocus={unlocking.opener}
          fallbackFocus={() => document.getElementById('recon-period-title')}
          onClose={() => setUnlocking(null)}
        />
      ) : null}
    </section>
  );
}
