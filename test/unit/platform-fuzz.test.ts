/**
 * Property test of decodeSuccess over mutated platform answers (at least 10,000 generated
 * malformed or mutated responses, fixed seed). Realistic answers of every read endpoint are built as
 * trees, mutated (structurally or as text) and decoded. Whatever the bytes, decodeSuccess either
 * returns a whole, valid result or throws AppError('malformed_response') naming the endpoint; never
 * another exception, never part of an answer. Mutations whose outcome is known are also checked to
 * be accepted (unknown fields, unknown enum values, a BOM, duplicate keys resolving to valid values)
 * or refused (truncation, trailing commas, garbage after the end, a number turned into an object).
 */
import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { z as zod, type z } from 'zod';
import { describe, expect, it } from 'vitest';
import { decodeSuccess } from '../../src/main/core/platform/decode';
import {
  brandsDataSchema,
  checkFloatsDataSchema,
  isWireDecimal,
  requestPaymentTransferDataSchema,
  templatesDataSchema,
  transactionDataSchema,
  transferRequestSchema,
  transferRequestsDataSchema,
} from '../../src/main/core/platform/schemas';
import { AppError } from '../../src/shared/ipc/errors';

// ---- answer trees --------------------------------------------------------------------------------

type Node =
  | { kind: 'num'; text: string }
  | { kind: 'str'; value: string; openEnum?: true }
  | { kind: 'raw'; text: string }
  | { kind: 'lit'; value: boolean | null }
  | { kind: 'arr'; items: Node[]; trailingComma?: true }
  | {
      kind: 'obj';
      entries: Array<[string, Node]>;
      record?: true;
      trailingComma?: true;
      /**
       * The older check-floats `data`: currency groups beside metadata. An added key holding an
       * object or a list there could be a currency group FloatDesk cannot read, so it is refused.
       */
      scalarExtras?: true;
    };

const num = (text: string): Node => ({ kind: 'num', text });
const word = (value: string): Node => ({ kind: 'str', value, openEnum: true });
type Plain = Node | string | boolean | null | Plain[] | { [key: string]: Plain };
function isNode(value: Plain): value is Node {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.kind === 'string'
  );
}
function tree(value: Plain): Node {
  if (value === null || typeof value === 'boolean') return { kind: 'lit', value };
  if (typeof value === 'string') return { kind: 'str', value };
  if (Array.isArray(value)) return { kind: 'arr', items: value.map(tree) };
  if (isNode(value)) return value;
  return { kind: 'obj', entries: Object.entries(value).map(([key, item]) => [key, tree(item)]) };
}
/** A map keyed by the platform's names: adding a key there adds an entry. */
const rec = (value: { [key: string]: Plain }): Node => ({
  ...(tree(value) as Node & { kind: 'obj' }),
  record: true,
});

function render(node: Node): string {
  switch (node.kind) {
    case 'num':
    case 'raw':
      return node.text;
    case 'str':
      return JSON.stringify(node.value);
    case 'lit':
      return JSON.stringify(node.value);
    case 'arr':
      return `[${node.items.map(render).join(',')}${node.trailingComma ? ',' : ''}]`;
    case 'obj':
      return `{${node.entries.map(([key, item]) => `${JSON.stringify(key)}:${render(item)}`).join(',')}${
        node.trailingComma ? ',' : ''
      }}`;
  }
}

function clone(node: Node): Node {
  if (node.kind === 'arr') return { ...node, items: node.items.map(clone) };
  if (node.kind === 'obj') return { ...node, entries: node.entries.map(([key, item]) => [key, clone(item)]) };
  return { ...node };
}

const success = (data: Node): Node =>
  tree({ code: '000', status: 'success', message: 'OK', data: data as Plain });

const money = (amount: string, currency: string) => ({ amount: num(amount), currency });
const floatEntry = (available: string, pending: string, currency: string) => ({
  available_balance: money(available, currency),
  pending_payments: money(pending, currency),
});
const groups = () => ({
  GBP: rec({ Main: floatEntry('12345678.91', '0.1', 'GBP'), 'Events £': floatEntry('0', '100.5', 'GBP') }),
  EUR: rec({ 'Zahlungen "EU"': floatEntry('99999999.99', '0', 'EUR') }),
  KWD: rec({ Ops: floatEntry('1.234', '0.001', 'KWD') }),
});
const transferItem = (i: number, status: string, approved: Plain) => ({
  float: i % 2 === 0 ? 'Main' : 'Events £',
  requested: { currency: i % 3 === 0 ? 'KWD' : 'GBP', amount: i % 3 === 0 ? '12.345' : `${i * 1000 + 0.5}0` },
  approved,
  payment_reference: `RF${String(18 + i).padStart(2, '0')}5390075470${i}`,
  status: word(status),
  created_at: `2026-10-${String(10 + i).padStart(2, '0')}T16:30:44+0${i % 3}:00`,
});
const brand = (slug: string, currency: string, withVat: boolean) => ({
  slug,
  name: `Brand ${slug} <b>&</b>`,
  type: word('gift-card'),
  status: { code: word('ENABLED') },
  currency,
  discount: num('4.5'),
  last_updated: '2026-10-23T09:00:00+00:00',
  transaction_types: [word('digital_issuance'), word('balance_check')],
  delivery_methods: [word('code'), word('url'), word('wrapped')],
  countries_served: ['GB'],
  gc_pool: true,
  async_only: false,
  categories: [word('books'), word('food-and-drink')],
  ...(withVat ? { vat: { exempt: false, type: word('MPV'), rate: '5.00' } } : {}),
  digital_face_value_limits: { lower: num('5'), upper: num('500'), minor_unit: num('0.01') },
  physical_face_value_limits: { lower: num('10'), upper: num('250') },
  denominations: ['10.00', '25.00'],
  digital_denominations: [num('10'), num('25')],
  shipping_methods: [
    rec({
      'royal-mail': { identifier: 'royal-mail', description: 'Royal Mail', cost: money('2.95', currency) },
    }),
  ],
  choices: [
    { slug: 'other', name: 'Other' },
    'free text',
    { kind: 'raw', text: '[1.50,{"x":null}]' } as Node,
  ],
  detail: {
    assets: { logo_url: 'https://a.example/logo.png', gift_card_url: 'https://a.example/card.png' },
    barcode: word('C128'),
    description: 'Line one\nline "two" \\ three',
    expiry: '24 months',
    redemption_methods: [word('online'), word('instore')],
    terms_and_conditions_url: 'https://a.example/terms',
  },
});

interface Fixture {
  endpoint: string;
  schema: z.ZodType;
  build: () => Node;
  /** How many entries the decoded result must hold, computed from JSON.parse of the same text. */
  count?: (data: unknown) => number;
  countOutput?: (output: unknown) => number;
  /** The same schema uncompiled, when the exported one is z.compile'd: both must answer alike. */
  twin?: z.ZodType;
}

type Json = Record<string, unknown>;
const objectKeys = (value: unknown): string[] =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
const sumOfGroups = (map: unknown): number =>
  objectKeys(map).reduce((sum, key) => sum + objectKeys((map as Json)[key]).length, 0);

const FIXTURES: Fixture[] = [
  {
    endpoint: 'check-floats',
    schema: checkFloatsDataSchema,
    build: () => success(tree({ floats: rec(groups()), last_refreshed_at: '2026-11-02T09:00:00+00:00' })),
    count: (data) =>
      objectKeys(data).includes('floats')
        ? sumOfGroups((data as Json).floats)
        : sumOfGroups(
            Object.fromEntries(
              objectKeys(data)
                .filter((k) => /^[A-Z]{3}$/.test(k))
                .map((k) => [k, (data as Json)[k]]),
            ),
          ),
    countOutput: (output) => (output as { floats: unknown[] }).floats.length,
  },
  {
    endpoint: 'check-floats',
    schema: checkFloatsDataSchema,
    build: () =>
      success({
        ...(tree({ ...groups(), last_refreshed_at: '2026-11-02T09:00:00+00:00' }) as Node & { kind: 'obj' }),
        scalarExtras: true,
      }),
    count: (data) =>
      objectKeys(data).includes('floats')
        ? sumOfGroups((data as Json).floats)
        : sumOfGroups(
            Object.fromEntries(
              objectKeys(data)
                .filter((k) => /^[A-Z]{3}$/.test(k))
                .map((k) => [k, (data as Json)[k]]),
            ),
          ),
    countOutput: (output) => (output as { floats: unknown[] }).floats.length,
  },
  {
    endpoint: 'float/transfer-requests',
    schema: transferRequestsDataSchema,
    build: () =>
      success(
        tree([
          transferItem(0, 'pending', null),
          transferItem(1, 'approved', { currency: 'GBP', amount: '1000.50' }),
          transferItem(2, 'approved_edited', { currency: 'GBP', amount: '1999.99' }),
          transferItem(3, 'removed', { currency: 'KWD', amount: '12.345' }),
          transferItem(4, 'cancelled', null),
          transferItem(5, 'pending', null),
        ]),
      ),
    count: (data) => (Array.isArray(data) ? data.length : -1),
    countOutput: (output) => (output as unknown[]).length,
    twin: zod.array(transferRequestSchema),
  },
  {
    endpoint: 'brands',
    schema: brandsDataSchema,
    build: () =>
      success(
        tree({
          brands: rec({
            'open-gbp': brand('open-gbp', 'GBP', true),
            'fixed-eur': brand('fixed-eur', 'EUR', false),
          }),
          last_refreshed_at: '2026-11-02T09:00:00+00:00',
        }),
      ),
    count: (data) => {
      const brands = (data as Json).brands;
      return Array.isArray(brands) ? brands.length : objectKeys(brands).length;
    },
    countOutput: (output) => (output as { brands: unknown[] }).brands.length,
  },
  {
    endpoint: 'templates',
    schema: templatesDataSchema,
    build: () =>
      success(
        tree({ templates: rec({ 'open-gbp': rec({ standard: '2026-10-01', christmas: '2025-12-01' }) }) }),
      ),
    count: (data) => sumOfGroups((data as Json).templates),
    countOutput: (output) => (output as { templates: unknown[] }).templates.length,
  },
  {
    endpoint: 'float/request-payment-transfer',
    schema: requestPaymentTransferDataSchema,
    build: () =>
      success(
        tree({ float: 'Main', currency: 'GBP', amount: '100.00', payment_reference: 'RF471234567890' }),
      ),
  },
  {
    endpoint: 'digital/issue',
    schema: transactionDataSchema,
    build: () =>
      success(
        tree({
          transaction_id: 'TX1',
          client_request_id: 'c-1',
          type: word('digital_issuance'),
          brand: 'open-gbp',
          face_value: money('10', 'GBP'),
          cost: money('9.55', 'GBP'),
          float: { name: 'Main', currency: 'GBP', available_balance: money('0.45', 'GBP') },
          card: {
            code: '6012345678901234',
            kind: word('digital'),
            balance: money('10', 'GBP'),
            status: word('active'),
          },
          created_at: '2026-11-02T09:00:00+00:00',
        }),
      ),
  },
];

// ---- mutations -----------------------------------------------------------------------------------

type Expect = 'valid' | 'invalid' | 'either';
interface Located {
  node: Node;
  parent: Node | undefined;
  /** Inside `choices` or an extra field: anything goes there. */
  free: boolean;
}

function locate(root: Node): Located[] {
  const found: Located[] = [];
  const walk = (node: Node, parent: Node | undefined, free: boolean): void => {
    found.push({ node, parent, free });
    if (node.kind === 'arr') for (const item of node.items) walk(item, node, free);
    if (node.kind === 'obj')
      for (const [key, item] of node.entries)
        walk(item, node, free || key === 'choices' || key.startsWith('zz_'));
  };
  walk(root, undefined, false);
  return found;
}

function replaceIn(parent: Node | undefined, node: Node, next: Node): void {
  if (parent?.kind === 'arr') parent.items[parent.items.indexOf(node)] = next;
  if (parent?.kind === 'obj') {
    const entry = parent.entries.find(([, item]) => item === node);
    if (entry) entry[1] = next;
  }
}

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const REPLACEMENTS: Array<{ node: () => Node; breaksDecimal: boolean }> = [
  { node: () => tree(null), breaksDecimal: false }, // null is "absent" for optional decimals
  { node: () => tree(true), breaksDecimal: true },
  { node: () => tree({}), breaksDecimal: true },
  { node: () => tree([]), breaksDecimal: true },
  { node: () => tree('not a number'), breaksDecimal: true },
  { node: () => num('1e999999999'), breaksDecimal: true },
  { node: () => num('1234567890123456789012345678901234.5'), breaksDecimal: true },
  { node: () => tree({ amount: num('1') }), breaksDecimal: true },
  { node: () => ({ kind: 'raw', text: nested(20_000) }), breaksDecimal: true },
  { node: () => tree('x'.repeat(300_000)), breaksDecimal: true },
  { node: () => tree('\ud800 lone high, lone low \udc00'), breaksDecimal: true },
  { node: () => ({ kind: 'raw', text: '"\\ud800\\u0000\\udfff"' }), breaksDecimal: true },
];

interface Case {
  fixture: number;
  mutation: string;
  text: string;
  expect: Expect;
}

type Mutator = (root: Node, pick: number, choice: number) => { expect: Expect; root?: Node; text?: string };

const STRUCTURAL: Record<string, Mutator> = {
  deleteField(root, pick) {
    const objects = locate(root).filter((l) => l.node.kind === 'obj' && l.node.entries.length > 0);
    const target = objects[pick % objects.length]?.node;
    if (target?.kind === 'obj') target.entries.splice(pick % target.entries.length, 1);
    return { expect: 'either', root };
  },
  replaceValue(root, pick, choice) {
    const all = locate(root).slice(1);
    const target = all[pick % all.length];
    const replacement = REPLACEMENTS[choice % REPLACEMENTS.length];
    if (target === undefined || replacement === undefined) return { expect: 'either', root };
    replaceIn(target.parent, target.node, replacement.node());
    const wasDecimal = target.node.kind === 'num';
    return { expect: wasDecimal && !target.free && replacement.breaksDecimal ? 'invalid' : 'either', root };
  },
  numberToExponent(root, pick) {
    const numbers = locate(root).filter((l) => l.node.kind === 'num');
    const target = numbers[pick % numbers.length];
    if (target?.node.kind === 'num')
      target.node.text = `${target.node.text}${['e0', 'E+0', 'e-0', 'e+00'][pick % 4]}`;
    return { expect: 'valid', root };
  },
  addUnknownField(root, pick, choice) {
    const objects = locate(root).filter((l) => l.node.kind === 'obj' && !l.node.record && !l.free);
    const target = objects[pick % objects.length]?.node;
    const values = [
      num('1.5'),
      tree('new'),
      tree({ nested: [true] }),
      { kind: 'raw', text: nested(5_000) } as Node,
    ];
    const value = values[choice % values.length] as Node;
    if (target?.kind === 'obj') target.entries.push([`zz_${choice}`, value]);
    const groupLike = value.kind === 'obj' || value.kind === 'arr' || value.kind === 'raw';
    return { expect: target?.kind === 'obj' && target.scalarExtras && groupLike ? 'invalid' : 'valid', root };
  },
  unknownEnumValue(root, pick) {
    const words = locate(root).filter((l) => l.node.kind === 'str' && l.node.openEnum);
    const target = words[pick % words.length];
    if (target?.node.kind === 'str') target.node.value = `zz-new-value-${pick}`;
    return { expect: 'valid', root };
  },
  duplicateKeyLastValid(root, pick) {
    const objects = locate(root).filter((l) => l.node.kind === 'obj' && l.node.entries.length > 0 && !l.free);
    const target = objects[pick % objects.length]?.node;
    if (target?.kind === 'obj') {
      const [key] = target.entries[pick % target.entries.length] as [string, Node];
      target.entries.unshift([key, tree({ garbage: true })]);
    }
    return { expect: 'valid', root };
  },
  duplicateKeyLastGarbage(root, pick) {
    const objects = locate(root).filter((l) => l.node.kind === 'obj' && l.node.entries.length > 0);
    const target = objects[pick % objects.length]?.node;
    if (target?.kind === 'obj') {
      const [key] = target.entries[pick % target.entries.length] as [string, Node];
      target.entries.push([key, tree([{ garbage: true }])]);
    }
    return { expect: 'either', root };
  },
  trailingComma(root, pick) {
    const containers = locate(root).filter(
      (l) =>
        (l.node.kind === 'obj' && l.node.entries.length > 0) ||
        (l.node.kind === 'arr' && l.node.items.length > 0),
    );
    const target = containers[pick % containers.length]?.node;
    if (target?.kind === 'obj' || target?.kind === 'arr') target.trailingComma = true;
    return { expect: 'invalid', root };
  },
  deepNestingAsData(root) {
    if (root.kind === 'obj') {
      const entry = root.entries.find(([key]) => key === 'data');
      if (entry) entry[1] = { kind: 'raw', text: nested(50_000) };
    }
    return { expect: 'invalid', root };
  },
};

const TEXTUAL: Record<
  string,
  (text: string, pick: number, choice: number) => { expect: Expect; text: string }
> = {
  truncate: (text, pick) => ({ expect: 'invalid', text: text.slice(0, pick % text.length) }),
  insertGarbage: (text, pick, choice) => {
    const garbage = [
      'x',
      '}',
      ']',
      '"',
      '\\',
      ',',
      ':',
      '-',
      '0',
      '1.',
      'null',
      '\u0000',
      '\ud800',
      '{"a":',
      '[[[',
    ][choice % 15] as string;
    const at = pick % (text.length + 1);
    return { expect: 'either', text: text.slice(0, at) + garbage + text.slice(at) };
  },
  deleteChar: (text, pick) => {
    const at = pick % text.length;
    return { expect: 'either', text: text.slice(0, at) + text.slice(at + 1) };
  },
  replaceChar: (text, pick, choice) => {
    const at = pick % text.length;
    return {
      expect: 'either',
      text: text.slice(0, at) + String.fromCharCode(choice % 0x10000) + text.slice(at + 1),
    };
  },
  garbageAfterEnd: (text, _pick, choice) => ({
    expect: 'invalid',
    text: text + ['x', '}', ',', '{}', '1', '"'][choice % 6],
  }),
  byteOrderMarkAndSpace: (text) => ({ expect: 'valid', text: `\uFEFF \n${text}\t\r\n` }),
  unchanged: (text) => ({ expect: 'valid', text }),
};

const caseArbitrary: fc.Arbitrary<Case> = fc
  .record({
    fixture: fc.nat({ max: FIXTURES.length - 1 }),
    structural: fc.option(fc.constantFrom(...Object.keys(STRUCTURAL)), { freq: 2 }),
    textual: fc.option(fc.constantFrom(...Object.keys(TEXTUAL)), { freq: 3 }),
    pick: fc.nat(),
    choice: fc.nat(),
  })
  .map(({ fixture, structural, textual, pick, choice }) => {
    let root = clone((FIXTURES[fixture] as Fixture).build());
    let expectation: Expect = 'valid';
    const names: string[] = [];
    if (structural !== null) {
      const result = (STRUCTURAL[structural] as Mutator)(root, pick, choice);
      root = result.root ?? root;
      expectation = result.expect;
      names.push(structural);
    }
    let text = render(root);
    if (textual !== null) {
      const result = TEXTUAL[textual]?.(text, pick >>> 3, choice >>> 2);
      if (result !== undefined) {
        text = result.text;
        expectation = combine(expectation, result.expect);
        names.push(textual);
      }
    }
    return { fixture, mutation: names.join('+') || 'none', text, expect: expectation };
  });

function combine(a: Expect, b: Expect): Expect {
  if (a === 'invalid' || b === 'invalid') return 'invalid';
  if (a === 'either' || b === 'either') return 'either';
  return 'valid';
}

// ---- what a returned result must be --------------------------------------------------------------

const DECIMAL_KEYS = new Set(['amount', 'lower', 'upper', 'minor_unit', 'discount', 'rate']);

function memberNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => memberNames(item, into));
  else if (typeof value === 'object' && value !== null)
    for (const [name, item] of Object.entries(value)) memberNames(item, into.add(name));
  return into;
}

/**
 * Every member name the fixtures send. A member the decoder does not know (a mutation can rename
 * `approved` to `aproved`) is an extra field, kept as sent and free like the `zz_` ones: only what
 * the schema reads must be exact.
 */
const KNOWN_MEMBERS = memberNames(FIXTURES.map((fixture) => fixture.build()));

/** Every amount exact decimal text, every currency a code; `choices` and extra fields are free. */
function checkResult(value: unknown, key = ''): void {
  if (key === 'choices' || key.startsWith('zz_')) return;
  if (key !== '' && !KNOWN_MEMBERS.has(key) && !/^\d+$/.test(key)) return;
  if (DECIMAL_KEYS.has(key)) {
    if (key === 'minor_unit' && value === undefined) return;
    expect(typeof value === 'string' && isWireDecimal(value), `${key} must be decimal text`).toBe(true);
    return;
  }
  if (key === 'currency') {
    expect(value).toMatch(/^[A-Z]{3}$/);
    return;
  }
  if (key === 'denominations' || key === 'digital_denominations') {
    for (const item of value as unknown[]) expect(isWireDecimal(item as string)).toBe(true);
    return;
  }
  if (Array.isArray(value)) value.forEach((item) => checkResult(item));
  else if (typeof value === 'object' && value !== null)
    for (const [name, item] of Object.entries(value)) checkResult(item, name);
}

function dataOf(text: string): unknown {
  return (JSON.parse(text.replace(/^\uFEFF/, '')) as Json).data;
}

const outcomes = { accepted: 0, refused: 0 };

/** What decodeSuccess answered: the output, or the error's message. */
function outcome(endpoint: string, schema: z.ZodType, text: string): { output?: unknown; error?: string } {
  try {
    return { output: decodeSuccess(endpoint, schema, text) };
  } catch (error) {
    return { error: error instanceof AppError ? error.message : `not an AppError: ${String(error)}` };
  }
}

function check(testCase: Case): void {
  const fixture = FIXTURES[testCase.fixture] as Fixture;
  if (fixture.twin !== undefined) {
    const compiled = outcome(fixture.endpoint, fixture.schema, testCase.text);
    const runtime = outcome(fixture.endpoint, fixture.twin, testCase.text);
    expect(runtime.error).toBe(compiled.error);
    // Deeply nested extra fields would overflow the deep comparison itself.
    if (!testCase.text.includes('[[[[[[[[')) expect(runtime.output).toEqual(compiled.output);
    else expect(runtime.output === undefined).toBe(compiled.output === undefined);
  }
  let output: unknown;
  try {
    output = decodeSuccess(fixture.endpoint, fixture.schema, testCase.text);
  } catch (error) {
    if (!(error instanceof AppError))
      throw new Error(`not an AppError (${testCase.mutation}): ${String(error)}`);
    expect(error.code).toBe('malformed_response');
    expect(error.message).toContain(`The platform's answer to ${fixture.endpoint} is not as expected`);
    expect(error.message).not.toContain('\n');
    expect(typeof error.details?.path).toBe('string');
    if (testCase.expect === 'valid')
      throw new Error(`refused a valid answer (${testCase.mutation}): ${error.message}`);
    outcomes.refused++;
    return;
  }
  if (testCase.expect === 'invalid') throw new Error(`accepted a broken answer (${testCase.mutation})`);
  outcomes.accepted++;
  checkResult(output);
  if (fixture.count && fixture.countOutput) {
    expect(fixture.countOutput(output), `whole result (${testCase.mutation})`).toBe(
      fixture.count(dataOf(testCase.text)),
    );
  }
}

describe('decodeSuccess on mutated answers', () => {
  it('every fixture decodes as it is', () => {
    for (const fixture of FIXTURES)
      expect(() => decodeSuccess(fixture.endpoint, fixture.schema, render(fixture.build()))).not.toThrow();
  });

  it('returns a whole valid result or a malformed_response AppError naming the endpoint (10,000 cases)', () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(caseArbitrary, (testCase) => {
        seen.set(testCase.mutation, (seen.get(testCase.mutation) ?? 0) + 1);
        check(testCase);
      }),
      runs(10_000),
    );
    // Both outcomes are common, and every mutation kind was exercised.
    expect(outcomes.accepted).toBeGreaterThan(2_000);
    expect(outcomes.refused).toBeGreaterThan(2_000);
    const kinds = new Set([...seen.keys()].flatMap((name) => name.split('+')));
    for (const name of [...Object.keys(STRUCTURAL), ...Object.keys(TEXTUAL)]) expect(kinds).toContain(name);
  }, 60_000);
});
