/**
 * Filtering and facet counts in one pass over the brands the text matched. Within a facet the
 * selected values are alternatives (OR); across facets they all apply (AND). A facet's counts obey
 * every other facet's filter but not its own, so a person sees how many brands each further value
 * would add: a brand failing no filter counts in every facet, a brand failing exactly one filter
 * counts only in that filter's facet, a brand failing two counts nowhere.
 */
import { FACETS, type CatalogueIndex, type FacetColumn, type FacetName } from './facet-index';
import { FACET_TITLES, facetValueLabel, isKnownFacetValue } from './facet-labels';

export type FacetFilters = Partial<Record<FacetName, readonly string[]>>;

export interface FacetValueCount {
  value: string;
  label: string;
  count: number;
  /** False for a value the spec does not list (kept as sent). */
  known: boolean;
  selected: boolean;
}

export interface FacetCounts {
  facet: FacetName;
  title: string;
  values: FacetValueCount[];
  /** Brands counted under values the spec does not know. */
  unknownCount: number;
}

interface ActiveFilter {
  facet: number;
  /** selected[code] = 1 when the value is selected. */
  selected: Uint8Array;
}

function activeFilters(index: CatalogueIndex, filters: FacetFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  FACETS.forEach((facet, facetIndex) => {
    const chosen = filters[facet];
    if (chosen === undefined || chosen.length === 0) return;
    const { values } = index.columns[facet];
    const selected = new Uint8Array(values.length);
    for (const value of chosen) {
      const code = values.indexOf(value);
      if (code >= 0) selected[code] = 1;
    }
    active.push({ facet: facetIndex, selected });
  });
  return active;
}

/** Whether brand `position` holds a selected value of the filter's facet. */
function holds(column: FacetColumn, selected: Uint8Array, position: number): boolean {
  if (column.single !== null) {
    const code = column.single[position]!;
    return code >= 0 && selected[code] === 1;
  }
  const { starts, codes } = column;
  for (let at = starts[position]!; at < starts[position + 1]!; at++)
    if (selected[codes[at]!] === 1) return true;
  return false;
}

/** Add the values of the brands at `positions[0 .. length)` to `count`, facet by facet (typed arrays only). */
function countColumn(column: FacetColumn, positions: Uint32Array, length: number, count: Uint32Array): void {
  const { single } = column;
  if (single !== null) {
    for (let i = 0; i < length; i++) {
      const code = single[positions[i]!]!;
      if (code >= 0) count[code]!++;
    }
    return;
  }
  const { starts, codes } = column;
  for (let i = 0; i < length; i++) {
    const position = positions[i]!;
    for (let at = starts[position]!, end = starts[position + 1]!; at < end; at++) count[codes[at]!]!++;
  }
}

/**
 * The candidates passing every filter (in the candidates' order), and the counts per facet value.
 * Without filters the counts are one tight loop per facet over the candidates; with filters a first
 * pass finds the passing brands and, per filter, the brands failing that filter only.
 */
export function filterAndCount(
  index: CatalogueIndex,
  candidates: Uint32Array,
  filters: FacetFilters,
): { passing: Uint32Array; facets: FacetCounts[] } {
  const columns = FACETS.map((facet) => index.columns[facet]);
  const counts = columns.map((column) => new Uint32Array(column.values.length));
  const active = activeFilters(index, filters);
  let passing = candidates;
  if (active.length === 0) {
    for (let facet = 0; facet < columns.length; facet++)
      countColumn(columns[facet]!, candidates, candidates.length, counts[facet]!);
  } else {
    const passed = new Uint32Array(candidates.length);
    let passedCount = 0;
    // Brands failing exactly one filter, grouped by that filter's facet.
    const failedOnly = columns.map(() => [] as number[]);
    for (let i = 0; i < candidates.length; i++) {
      const position = candidates[i]!;
      let failedFacet = -1;
      let failures = 0;
      for (const filter of active) {
        if (holds(columns[filter.facet]!, filter.selected, position)) continue;
        failedFacet = filter.facet;
        if (++failures > 1) break;
      }
      if (failures === 0) passed[passedCount++] = position;
      else if (failures === 1) failedOnly[failedFacet]!.push(position);
    }
    passing = passed.subarray(0, passedCount);
    for (let facet = 0; facet < columns.length; facet++) {
      countColumn(columns[facet]!, passing, passedCount, counts[facet]!);
      const only = failedOnly[facet]!;
      if (only.length > 0) countColumn(columns[facet]!, Uint32Array.from(only), only.length, counts[facet]!);
    }
  }
  const facets = FACETS.map((facet, facetIndex): FacetCounts => {
    const chosen = new Set(filters[facet] ?? []);
    const { values } = columns[facetIndex]!;
    const count = counts[facetIndex]!;
    const listed: FacetValueCount[] = [];
    let unknownCount = 0;
    values.forEach((value, code) => {
      const selected = chosen.has(value);
      if (count[code] === 0 && !selected) return;
      const known = isKnownFacetValue(facet, value);
      if (!known) unknownCount += count[code]!;
      listed.push({ value, label: facetValueLabel(facet, value), count: count[code]!, known, selected });
    });
    // A selected value no brand holds (any longer) is still listed, so it can be cleared.
    for (const value of chosen)
      if (!values.includes(value))
        listed.push({
          value,
          label: facetValueLabel(facet, value),
          count: 0,
          known: isKnownFacetValue(facet, value),
          selected: true,
        });
    listed.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    return { facet, title: FACET_TITLES[facet], values: listed, unknownCount };
  });
  return { passing, facets };
}
