/**
 * Stable names for proposed matches. A match's signature names the ledger rows it pairs (so it does
 * not change when an id is qualified later); a suggestion's key is a hash of the set of its options'
 * signatures: the same choice offered again has the same key, whatever the order of its options,
 * so a rejection keeps it out of later runs.
 */
import { createHash } from 'node:crypto';
import type { ItemRows } from '../ledger/repositories/recon-decisions';

const ascending = (a: number, b: number): number => a - b;

export function matchSignature(rows: ItemRows): string {
  return `L${[...rows.lines].sort(ascending).join(',')}|R${[...rows.requests].sort(ascending).join(',')}`;
}

/** The rows a signature names (the inverse of matchSignature). */
export function signatureRows(signature: string): ItemRows {
  const [lines = '', requests = ''] = signature.split('|');
  const rows = (text: string): number[] => (text.length <= 1 ? [] : text.slice(1).split(',').map(Number));
  return { lines: rows(lines), requests: rows(requests) };
}

/** 24 lowercase hex characters (96 bits) of SHA-256 over the sorted signatures. */
export function suggestionKey(options: readonly ItemRows[]): string {
  const signatures = [...new Set(options.map(matchSignature))].sort();
  return createHash('sha256').update(JSON.stringify(signatures)).digest('hex').slice(0, 24);
}
