/** The ledger holds no floats yet. */
export function BalancesEmpty() {
  return (
    <div className="state state-empty" data-testid="balances-empty">
      <p className="state-title">No floats in this workspace yet</p>
      <p>Balances appear here after the first sync with the platform.</p>
    </div>
  );
}
