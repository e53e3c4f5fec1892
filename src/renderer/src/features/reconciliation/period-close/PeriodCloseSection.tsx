import { useState } from 'react';
import type { SignOff } from '@shared/ipc/contract-signoff';
import { useReconPeriod } from '../../../stores/recon';
import { AuditExport } from '../../export/ScreenExports';
import { LoadedSignOffs } from './LoadedSignOffs';
import { ReportDialog } from './ReportDialog';
import { SignOffForm } from './SignOffForm';
import { SignOffList } from './SignOffList';

/** Period close: sign off as of a date, and the sign-offs so far with their reports and unlock. */
export function PeriodCloseSection({ defaultAsOf }: { defaultAsOf: string }) {
  const openReport = useReconPeriod((state) => state.openReport);
  const closeReport = useReconPeriod((state) => state.closeReport);
  const [reportOpener, setReportOpener] = useState<HTMLElement | null>(null);
  const [reportOpen, setReportOpen] = useState(false);

  const viewReport = (signOff: SignOff, opener: HTMLElement): void => {
    setReportOpener(opener);
    setReportOpen(true);
    void openReport(signOff.id);
  };

  return (
    <section className="recon-section" aria-labelledby="recon-period-title" data-testid="recon-period-close">
      <h2 id="recon-period-title" tabIndex={-1}>
        Period close
      </h2>
      <p className="recon-hint">
        Signing off freezes the report as of a date and locks what is settled on or before it, so it cannot
        change unnoticed. Open items carry forward.
      </p>
      <SignOffForm defaultAsOf={defaultAsOf} />
      <h3 className="recon-subheading">Sign-offs</h3>
      <LoadedSignOffs>
        {(signOffs) =>
          signOffs.length === 0 ? (
            <p className="muted" data-testid="recon-no-signoffs">
              No period has been signed off yet.
            </p>
          ) : (
            <SignOffList signOffs={signOffs} onViewReport={viewReport} />
          )
        }
      </LoadedSignOffs>
      <h3 className="recon-subheading">Audit log</h3>
      <p className="recon-hint">
        Every decision — matches, resolutions, sign-offs and unlocks — is kept in a hash-chained audit log.
      </p>
      <AuditExport />
      {reportOpen ? (
        <ReportDialog
          returnFocus={reportOpener}
          onClose={() => {
            setReportOpen(false);
            closeReport();
          }}
        />
      ) : null}
    </section>
  );
}
