/**
 * A transfer_requests row as the table shows it (TransferRow), and the list_* values the core stores
 * beside it so SQL can filter and sort exactly (see migration 0005).
 */
import { compactReference } from '../../../shared/domain/creditor-reference';
import type { TransferRow } from '../../../shared/ipc/contract-transfers';
import { currencyExponent } from '../../../shared/domain/currency';
import {
  decimalSortKey,
  differenceOf,
  isOverPrecise,
  isStored,
  minorSortKey,
  moneyOf,
  storedSortKey,
  type StoredPair,
} from './amounts';
import type { TransferListRow } from '../ledger/repositories/transfer-list';
import { TEXT_SEPARATOR } from './list-query';

/** The stored columns a row is made from (amounts as read with safeIntegers). */
export type StoredTransfer = Omit<TransferListRow, 'first_seen_at'>;

export interface ListValues {
  listReference: string;
  listText: string;
  requestedKey: string | null;
  approvedKey: string | null;
  differenceKey: string | null;
}

function pairs(row: StoredTransfer): [StoredPair, StoredPair] {
  return [
    { minor: row.requested_minor, exact: row.requested_exact },
    { minor: row.approved_minor, exact: row.approved_exact },
  ];
}

export function amountsOf(row: StoredTransfer) {
  const [requestedPair, approvedPair] = pairs(row);
  const requested = moneyOf(requestedPair, row.currency);
  const approved = isStored(approvedPair) ? moneyOf(approvedPair, row.currency) : null;
  const difference = differenceOf(requested, approved, [requestedPair, approvedPair]);
  return { requested, approved, difference, requestedPair, approvedPair };
}

export function toTransferRow(
  row: StoredTransfer,
  derived: { origin: 'submitted' | 'platform'; lastChangedAt: string },
): TransferRow {
  const { requested, approved, difference, requestedPair, approvedPair } = amountsOf(row);
  return {
    id: row.id,
    paymentReference: row.payment_reference,
    createdAt: row.created_at,
    float: row.float_name,
    currency: row.currency,
    requested,
    approved,
    difference,
    status: row.status,
    origin: derived.origin,
    lastChangedAt: derived.lastChangedAt,
    overPrecise:
      isOverPrecise(requestedPair, requested) || (approved !== null && isOverPrecise(approvedPair, approved)),
  };
}

function differenceKeyOf(row: StoredTransfer, difference: string | null): string | null {
  if (difference === null) return null;
  const exponent = currencyExponent(row.currency);
  if (row.requested_minor !== null && row.approved_minor !== null && exponent !== undefined)
    return minorSortKey(row.approved_minor - row.requested_minor, exponent);
  return decimalSortKey(difference);
}

export function listValuesOf(row: StoredTransfer): ListValues {
  const listReference = compactReference(row.payment_reference);
  const fields = [row.payment_reference, row.float_name, row.currency, row.status];
  try {
    const { requested, approved, difference, requestedPair, approvedPair } = amountsOf(row);
    fields.push(requested.amount);
    if (approved !== null) fields.push(approved.amount);
    return {
      listReference,
      listText: fields.join(TEXT_SEPARATOR).toLowerCase(),
      requestedKey: storedSortKey(requestedPair, row.currency),
      approvedKey: storedSortKey(approvedPair, row.currency),
      differenceKey: differenceKeyOf(row, difference?.amount ?? null),
    };
  } catch {
    // A stored amount this FloatDesk cannot read (e.g. a currency it no longer knows): the row stays
    // findable by its other fields and sorts as having no amount, rather than breaking the table.
    const listText = fields.join(TEXT_SEPARATOR).toLowerCase();
    return { listReference, listText, requestedKey: null, approvedKey: null, differenceKey: null };
  }
}
