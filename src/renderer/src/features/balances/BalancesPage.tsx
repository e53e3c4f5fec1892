import { useEffect } from 'react';
import { groupFloatsByCurrency } from '@shared/domain/floats';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageHeading } from '../../components/PageHeading';
import { useBalances, type BalancesView } from '../../stores/balances';
import { BalancesExports } from '../export/ScreenExports';
import { BalancesEmpty } from './BalancesEmpty';
import { CurrencyGroupSection } from './CurrencyGroupSection';
import './balances.css';

function BalancesContent({ view, retry }: { view: BalancesView; retry: () => void }) {
  switch (view.status) {
    case 'idle':
    case 'loading':
      return <LoadingState label="Loading balances…" />;
    case 'error':
      return <ErrorState title="Balances could not be loaded" error={view.error} onRetry={retry} />;
    case 'ready':
      if (view.floats.length === 0) return <BalancesEmpty />;
      return (
        <>
          <BalancesExports />
          {view.refreshError === null ? null : (
            <ErrorState
              title="The balances below may be out of date: reloading them failed"
              error={view.refreshError}
              onRetry={retry}
              retrying={view.refreshing}
            />
          )}
          {groupFloatsByCurrency(view.floats).map((group) => (
            <CurrencyGroupSection key={group.currency} group={group} />
          ))}
        </>
      );
  }
}

/** Every float's latest balance, grouped by currency. */
export function BalancesPage() {
  const view = useBalances((state) => state.view);
  const load = useBalances((state) => state.load);
  const ensureLoaded = useBalances((state) => state.ensureLoaded);

  useEffect(() => ensureLoaded(), [ensureLoaded]);

  return (
    <div
      className="page"
      data-testid="balances-page"
      aria-busy={view.status === 'loading' || (view.status === 'ready' && view.refreshing)}
    >
      <PageHeading title="Balances">
        The latest balance of each float at the platform, as recorded in this workspace&apos;s ledger, with
        its low-balance threshold, the runway at the recent spend rate, and its history.
      </PageHeading>
      <BalancesContent view={view} retry={() => void load()} />
    </div>
  );
}
