/**
 * The low-balance crossing rule. A float notifies once when a sync finds its balance under the
 * threshold, and again only after a sync has seen it back at or above (or its threshold was set
 * anew): `armed` carries that memory between syncs.
 */
export interface LowBalanceStep {
  notify: boolean;
  /** The memory to keep for the next sync. */
  armed: boolean;
}

export function lowBalanceStep(armed: boolean, below: boolean): LowBalanceStep {
  return below ? { notify: armed, armed: false } : { notify: false, armed: true };
}
