import { useEffect, useMemo } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageHeading } from '../../components/PageHeading';
import { navigate } from '../../lib/navigate';
import { shownValue } from '../../stores/recon-client';
import type { ReconState } from '../../stores/recon-items-store';
import {
  keepReconCurrent,
  useReconDecisions,
  useReconImport,
  useReconItems,
  useReconJournals,
  useReconOverview,
  useReconPeriod,
  useReconRollforward,
  useReconSuggestions,
} from '../../stores/recon';
import { ReconReportExport } from '../export/ScreenExports';
import { DecisionBar } from './DecisionBar';
import { ImportSection } from './ImportSection';
import { ItemsSection } from './ItemsSection';
import { JournalsSection } from './JournalsSection';
import { DriftAlerts } from './period-close/DriftAlerts';
import { PeriodCloseSection } from './period-close/PeriodCloseSection';
import { hrefOfView, isIsoDate, monthStart, viewFromQuery, type ReconView } from './recon-query';
import { importSentence, runSentence } from './recon-text';
import { RollforwardSection } from './RollforwardSection';
import { RunResult } from './RunResult';
import { SuggestionQueue } from './SuggestionQueue';
import { SummarySection } from './SummarySection';
import { TeamConflicts } from './TeamConflicts';
import { importUnderWay } from '../../stores/recon-import-store';
import { DateField } from '../../components/DateField';

/** Say what a run or an import did, once, in the page's live region. */
function useAnnouncements(): void {
  const run = useReconOverview((state) => state.run);
  const job = useReconImport((state) => state.job);
  useEffect(() => {
    if (run.status === 'done') useReconDecisions.getState().announce('done', runSentence(run));
  }, [run]);
  useEffect(() => {
    if (job.status === 'done')
      useReconDecisions
        .getState()
        .announce(job.result.stored ? 'done' : 'error', importSentence(job.fileName, job.result));
  }, [job]);
}

/**
 * Bank ↔ request reconciliation as of a date: summary, import, matching, review, roll-forward and
 * period close (with alerts when the platform changes a signed-off request), and the journals for the books.
 */
export function ReconciliationPage({ query }: { query: Readonly<Record<string, string>> }) {
  const queryText = new URLSearchParams(query).toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text stands for the query
  const view = useMemo(() => viewFromQuery(query), [queryText]);
  const summaryView = useReconOverview((state) => state.summary);
  const run = useReconOverview((state) => state.run);
  const runMatching = useReconOverview((state) => state.runMatching);
  const dismissRun = useReconOverview((state) => state.dismissRun);
  const summary = shownValue(summaryView);
  const asOfShown = view.asOf ?? summary?.asOf ?? '';
  const running = run.status === 'running';
  // A run while a statement is on its way in would not see its lines.
  const importing = useReconImport((state) => importUnderWay(state.job));
  useAnnouncements();

  useEffect(() => {
    void useReconSuggestions.getState().reload();
    void useReconPeriod.getState().reload();
    return keepReconCurrent();
  }, []);

  useEffect(() => {
    void useReconOverview.getState().setAsOf(view.asOf);
    void useReconItems.getState().setQuery(view);
  }, [view]);

  // The roll-forward covers the month up to the as-of date until someone picks another period.
  useEffect(() => {
    if (asOfShown === '') return;
    void useReconRollforward.getState().load({ from: monthStart(asOfShown), to: asOfShown });
    void useReconJournals.getState().setAsOf(asOfShown);
  }, [asOfShown]);

  const change = (next: ReconView, replace = false): void => navigate(hrefOfView(next), { replace });
  const show = (target: ReconState | 'suggestions'): void => {
    if (target !== 'suggestions') change({ ...view, state: target });
    const heading = document.getElementById(
      target === 'suggestions' ? 'recon-suggestions-title' : 'recon-items-title',
    );
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="page page-wide recon-page" data-testid="reconciliation-page" aria-busy={running}>
      <div className="page-heading-row">
        <PageHeading title="Reconciliation">
          Pair every bank payment with its transfer request, check the platform approved it, and explain every
          difference — as of a statement date.
        </PageHeading>
        <ReconReportExport view={{ ...view, asOf: asOfShown || undefined }} />
      </div>
      <form className="recon-toolbar" aria-label="Matching" onSubmit={(event) => event.preventDefault()}>
        <div className="recon-field">
          <label htmlFor="recon-as-of">As of</label>
          <DateField
            id="recon-as-of"
            value={asOfShown}
            describedBy="recon-as-of-hint"
            onChange={(asOf) => {
              if (asOf === '' || isIsoDate(asOf)) change({ ...view, asOf: asOf || undefined }, true);
            }}
          />
          <span id="recon-as-of-hint" className="recon-hint">
            Usually the last day of the statement.
          </span>
        </div>
        <button
          type="button"
          className="button button-secondary"
          disabled={running || importing}
          data-testid="recon-preview-run"
          onClick={() => void runMatching(true)}
        >
          {running && run.preview ? 'Previewing…' : 'Preview matching'}
        </button>
        <button
          type="button"
          className="button"
          disabled={running || importing}
          aria-describedby={importing ? 'recon-run-waits' : undefined}
          data-testid="recon-run"
          onClick={() => void runMatching(false)}
        >
          {running && !run.preview ? 'Matching…' : 'Run matching'}
        </button>
        {importing ? (
          <span id="recon-run-waits" className="recon-hint" role="status">
            Matching waits for the statement being imported.
          </span>
        ) : null}
      </form>
      <RunResult run={run} onApply={() => void runMatching(false)} onDismiss={dismissRun} />
      <DecisionBar />
      <DriftAlerts />
      <TeamConflicts />
      {summaryView.status === 'error' ? (
        <ErrorState
          title={
            summary
              ? 'The summary below may be out of date'
              : 'The reconciliation summary could not be loaded'
          }
          error={summaryView.error}
          onRetry={() => void useReconOverview.getState().reload()}
        />
      ) : null}
      {summary ? (
        <SummarySection summary={summary} view={view} onShow={show} />
      ) : summaryView.status === 'error' ? null : (
        <LoadingState label="Loading the reconciliation summary…" />
      )}
      <ImportSection />
      <SuggestionQueue />
      <ItemsSection view={view} onChange={(next, replace) => change(next, replace)} />
      <RollforwardSection />
      <PeriodCloseSection defaultAsOf={asOfShown} />
      <JournalsSection />
    </div>
  );
}
