/**
 * The platform changing a request it had already settled (a reversed or corrected approval): what a
 * signed-off period must notice. The float loses what the old approval credited and gains what the
 * new one credits, so balances stay consistent with the requests.
 */
import type { SimTransfer, World } from '../model';
import { SimError } from '../errors';
import { existingTransfer, type TransferDecision } from '../state';
import { findFloat, settleTransfer } from './mutations';
import type { FinalStatus } from './transfer-rules';

/** What the approval of a settled request credited to its float (removed and cancelled: nothing). */
function credited(transfer: SimTransfer): bigint {
  if (transfer.status !== 'approved' && transfer.status !== 'approved_edited') return 0n;
  return transfer.approvedMinor ?? 0n;
}

export function amendSettledTransfer(
  world: World,
  transfer: SimTransfer,
  status: FinalStatus,
  approvedMinor?: bigint,
): void {
  const float = findFloat(world, transfer.float, transfer.currency);
  if (float) float.availableMinor -= credited(transfer);
  settleTransfer(world, transfer, status, approvedMinor);
}

/**
 * The platform changing a request it already settled (admin only): the same decisions as
 * decideTransfer, on a request that is no longer pending; a pending one → 422/100 (decide it instead).
 */
export function amendTransfer(
  world: World,
  paymentReference: string,
  decision: TransferDecision,
): SimTransfer {
  const transfer = existingTransfer(world, paymentReference);
  if (transfer.status === 'pending')
    throw new SimError(
      422,
      '100',
      `The transfer request "${paymentReference}" is pending: decide it instead.`,
    );
  if (decision.status === 'approved_edited' && decision.approvedMinor <= 0n) {
    const message = 'An edited approval needs a positive amount.';
    throw new SimError(422, '433', message, { approved_amount: [message] });
  }
  amendSettledTransfer(
    world,
    transfer,
    decision.status,
    decision.status === 'approved_edited' ? decision.approvedMinor : undefined,
  );
  return transfer;
}
