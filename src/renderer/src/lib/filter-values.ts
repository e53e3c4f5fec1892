export interface FilterChoice {
  value: string;
  label: string;
}

/** Choices whose label is the value itself (currency codes, float names). */
export function plainChoices(values: readonly string[]): FilterChoice[] {
  return values.map((value) => ({ value, label: value }));
}

/** What a filter's select offers: the values there are, and the chosen one even when none holds it now. */
export function choicesWith(values: readonly string[] | undefined, chosen: string | undefined): string[] {
  return [...new Set([...(values ?? []), ...(chosen ? [chosen] : [])])].sort();
}

/** The filters with the ones left empty (unset, blank text, no choice ticked) taken out. */
export function withoutEmpty<Filters extends object>(filters: Filters): Filters {
  const kept = { ...filters };
  for (const name of Object.keys(kept) as Array<keyof Filters>) {
    const value = kept[name];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
      delete kept[name];
  }
  return kept;
}
