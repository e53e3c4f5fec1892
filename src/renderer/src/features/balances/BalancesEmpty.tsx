import { useSync } from '../../stores/sync';

function EmptyReason() {
  const running = useSync((state) => state.running);
  const status = useSync((state) => state.status);
  if (running)
    return (
      <p>A sync with the platform is running; the balances appear here as soon as the floats are read.</p>
    );
  if (status?.connection.kind === 'none' && status.connection.problem !== null)
    return <p>FloatDesk is not connected to the platform: {status.connection.problem}</p>;
  if (status?.datasets.every((dataset) => dataset.lastRefreshedAt === null))
    return (
      <p>
        Balances appear here after the first sync with the platform: use Sync now at the top of the window.
      </p>
    );
  return <p>Balances appear here after the first sync with the platform.</p>;
}

/** The ledger holds no floats yet: say whether a sync is on its way, or what stands in the way. */
export function BalancesEmpty() {
  return (
    <div className="state state-empty" data-testid="balances-empty">
      <p className="state-title">No floats in this workspace yet</p>
      <EmptyReason />
    </div>
  );
}
