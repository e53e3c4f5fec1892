import { formatNumber } from '../../lib/format-money';
import type { ChannelOutput } from '@shared/ipc/contract';
import type { BrandSort, ChangeKind, Direction } from './catalogue-query';

/** Words for the Brands screen: facet values, counts, sorts, face-value rules. Pure. */

type SearchOutput = ChannelOutput<'catalogue:search'>;
export type FacetCounts = SearchOutput['facets'][number];
export type FacetValue = FacetCounts['values'][number];
export type FaceValueRule = ChannelOutput<'catalogue:brand'>['faceValues']['digital'];

/** "Baby", or the value as sent for one the spec does not list. */
export function facetValueText(value: FacetValue): string {
  return value.known ? value.label : value.value;
}

/** What a screen reader hears for a facet checkbox: "Baby, 16 brands" / "pets, not in the spec, 1 brand". */
export function facetValueName(value: FacetValue): string {
  const unknown = value.known ? '' : ', not in the spec';
  return `${facetValueText(value)}${unknown}, ${countText(value.count, 'brand')}`;
}

export function countText(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** Under a facet's title: how many brands carry values the spec does not know. */
export function unknownNote(facet: FacetCounts): string | null {
  if (facet.unknownCount === 0) return null;
  return `${countText(facet.unknownCount, 'brand')} with values the spec does not list`;
}

/** The facet's values, most brands first (ties keep the core's order, so nothing jumps under a click). */
export function orderedValues(facet: FacetCounts): FacetValue[] {
  return [...facet.values].sort((a, b) => b.count - a.count);
}

export const SORT_LABELS: Readonly<Record<BrandSort, string>> = {
  relevance: 'Relevance',
  name: 'Name',
  discount: 'Discount',
  lastUpdated: 'Last updated',
};

export function sortText(sort: BrandSort, direction: Direction): string {
  if (sort === 'relevance') return 'relevance';
  if (sort === 'name') return direction === 'asc' ? 'name, A to Z' : 'name, Z to A';
  if (sort === 'discount') return direction === 'asc' ? 'discount, lowest first' : 'discount, highest first';
  return direction === 'asc' ? 'last updated, oldest first' : 'last updated, newest first';
}

export function summaryText(
  output: Pick<SearchOutput, 'total' | 'offset' | 'brands' | 'sort' | 'direction'>,
  filtered: boolean,
): string {
  const { total, offset, brands } = output;
  const range =
    total === 0 ? '' : ` · showing ${formatNumber(offset + 1)}–${formatNumber(offset + brands.length)}`;
  return `${countText(total, 'brand')}${filtered ? ' match' : ''}${range} · sorted by ${sortText(output.sort, output.direction)}`;
}

export function yesNo(value: boolean | null, yes: string, no: string): string {
  return value === null ? 'Not stated' : value ? yes : no;
}

export function discountText(discount: string | null): string {
  return discount === null ? 'Not stated' : `${discount}%`;
}

/** A face-value rule in words. */
export function ruleText(rule: FaceValueRule, currency: string): string {
  if (rule.kind === 'none') return rule.why;
  if (rule.kind === 'fixed') {
    const from = rule.from === 'denominations' ? 'denominations' : 'digital_denominations';
    return `Fixed values (${from}): ${rule.values.map((v) => `${v} ${currency}`).join(', ')}`;
  }
  const assumed =
    rule.minorUnitFrom === 'currency'
      ? ' (the platform sent no minor_unit: the currency’s smallest unit is assumed)'
      : '';
  return `Any value from ${rule.lower} to ${rule.upper} ${currency} in steps of ${rule.minorUnit}${assumed}`;
}

export const CHANGE_KIND_LABELS: Readonly<Record<ChangeKind, string>> = {
  new: 'New brand',
  vanished: 'Vanished',
  returned: 'Came back',
  changed: 'Changed',
};

export function changeKindText(kind: string): string {
  return Object.hasOwn(CHANGE_KIND_LABELS, kind) ? CHANGE_KIND_LABELS[kind as ChangeKind] : kind;
}

/** The HTTP method in words: `DEL` is how the spec writes DELETE. */
export function methodText(method: string, httpMethod: string): string {
  return method === httpMethod ? method : `${method} (means HTTP ${httpMethod})`;
}

/** The page's range of a paged list: "Page 2 of 7". */
export function pageText(page: number, total: number, size: number): string {
  const pages = Math.max(1, Math.ceil(total / size));
  return `Page ${Math.min(page + 1, pages)} of ${pages}`;
}

/** value → words for the list's status, type and category columns, taken from the facets. */
export function facetLabels(facets: readonly FacetCounts[], facet: string): (value: string) => string {
  const labels = new Map<string, string>();
  for (const value of facets.find((f) => f.facet === facet)?.values ?? [])
    labels.set(value.value, facetValueText(value));
  return (value) => labels.get(value) ?? value;
}

/** The facet's values ticked as the URL says; a ticked value the core did not count is added with 0. */
export function withSelection(facet: FacetCounts, selected: readonly string[]): FacetCounts {
  const values = facet.values.map((value) => ({ ...value, selected: selected.includes(value.value) }));
  for (const value of selected)
    if (!values.some((v) => v.value === value))
      values.push({ value, label: value, known: true, count: 0, selected: true });
  return { ...facet, values };
}
