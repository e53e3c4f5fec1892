/**
 * What changed in the catalogue across syncs (the brand change log): new, vanished and returned
 * brands and attribute changes (status, discount, denominations, limits, transaction types, ...),
 * newest first, filtered by date range, kind, attribute and brand, paged. Each change is described
 * in plain words ("Acme: status Enabled → Paused (Supplier review)."; see change-words.ts); old and
 * new values stay as the canonical JSON the sync recorded.
 */
import { changeWords } from './change-words';
import type { CatalogueChangesRepository, ChangeRow } from '../ledger/repositories/catalogue-changes';

export const CHANGE_KINDS = ['new', 'vanished', 'returned', 'changed'] as const;

export interface ChangesInput {
  from?: string;
  to?: string;
  kinds?: readonly string[];
  attributes?: readonly string[];
  slug?: string;
  offset?: number;
  limit?: number;
}

export interface ChangeView extends ChangeRow {
  summary: string;
}

const ATTRIBUTE_WORDS: Readonly<Record<string, string>> = {
  status: 'status',
  discount: 'discount',
  denominations: 'denominations',
  digital_denominations: 'digital denominations',
  digital_face_value_limits: 'digital face-value limits',
  physical_face_value_limits: 'physical face-value limits',
  transaction_types: 'transaction types',
  delivery_methods: 'delivery methods',
  countries_served: 'countries served',
  gc_pool: 'cards from a stocked pool',
  async_only: 'fulfilled later',
  vat: 'VAT',
};

export function describeChange(row: ChangeRow): string {
  switch (row.kind) {
    case 'new':
      return `${row.name} appeared in the catalogue.`;
    case 'vanished':
      return `${row.name} is no longer listed by the platform.`;
    case 'returned':
      return `${row.name} is listed again.`;
    default: {
      const attribute = row.attribute ?? 'an attribute';
      const words = ATTRIBUTE_WORDS[attribute] ?? attribute.replace(/^detail\./, '').replaceAll('_', ' ');
      return `${row.name}: ${words} ${changeWords(attribute, row.oldValue, row.newValue)}.`;
    }
  }
}

export function listChanges(
  repository: CatalogueChangesRepository,
  workspaceId: number,
  input: ChangesInput,
): { total: number; offset: number; limit: number; changes: ChangeView[] } {
  const offset = Math.max(0, input.offset ?? 0);
  const limit = Math.max(1, input.limit ?? 100);
  const { rows, total } = repository.list({
    workspaceId,
    from: input.from ?? null,
    to: input.to ?? null,
    kinds: input.kinds ?? [],
    attributes: input.attributes ?? [],
    slug: input.slug ?? null,
    offset,
    limit,
  });
  return { total, offset, limit, changes: rows.map((row) => ({ ...row, summary: describeChange(row) })) };
}
