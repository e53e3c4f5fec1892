/** A few common formats; a locale saved elsewhere (e.g. the CLI) is offered too. */
export const COMMON_LOCALES = [
  'en-GB',
  'en-US',
  'en-IE',
  'de-DE',
  'fr-FR',
  'nl-NL',
  'es-ES',
  'it-IT',
  'pl-PL',
  'sv-SE',
  'ja-JP',
];

function describeLocale(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export function localeOptions(saved: string): Array<{ value: string; label: string }> {
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  const system = { value: 'system', label: browser ? `System (${browser})` : 'System' };
  const tags =
    COMMON_LOCALES.includes(saved) || saved === 'system' ? COMMON_LOCALES : [saved, ...COMMON_LOCALES];
  return [system, ...tags.map((tag) => ({ value: tag, label: `${describeLocale(tag)} — ${tag}` }))];
}
