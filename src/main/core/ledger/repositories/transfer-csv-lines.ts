/**
 * The SQL expression that spells one transfer row's finished CSV line (the export-csv benchmark's
 * fast path): RFC 4180 quoting with replace(), formula neutralisation with a CASE on the first
 * character, amounts from integer minor units with the currency's decimals and the dialect's decimal
 * mark — so JavaScript only joins big strings. A row SQL cannot spell exactly (an amount kept as
 * text, a currency without a known exponent, a value near the 64-bit limit) goes to `fallback`, a
 * function the export registers on the connection, so every byte equals the generic writer's (a test
 * compares both on adversarial data).
 */
import { currencyExponent } from '../../../../shared/domain/currency';
import { TRANSFER_FIELDS } from './transfer-export-columns';
import { ORIGIN_SUBMITTED } from './transfer-list';

/** What the line's text depends on of the CSV dialect. */
export interface LineDialect {
  separator: string;
  decimalMark: string;
}
/** |minor| below 2^62: abs() and approved − requested cannot overflow a 64-bit integer. */
const SAFE_MINOR = '4611686018427387904';

/**
 * The CSV field of a text column, as csv-cells.ts textField writes it. unicode() is the first
 * character's code point (= + - @ tab CR); it is NULL for '' and for a leading NUL, told apart by
 * comparing with '' (SQLite compares text by its bytes, NULs included).
 */
function textSql(column: string, separator: string): string {
  return `CASE WHEN unicode(${column}) IN (61, 43, 45, 64, 9, 13) OR (unicode(${column}) IS NULL AND ${column} <> '')
      THEN '"''' || replace(${column}, '"', '""') || '"'
    WHEN instr(${column}, '${separator}') OR instr(${column}, '"') OR instr(${column}, char(10)) OR instr(${column}, char(13))
      THEN '"' || replace(${column}, '"', '""') || '"'
    ELSE ${column} END`;
}

function minorSql(minor: string, exponent: number, decimalMark: string): string {
  if (exponent === 0) return `CAST(${minor} AS TEXT)`;
  const scale = 10 ** exponent;
  // Integer division truncates toward zero, so it keeps the sign of every value but those between
  // -1 and 0 (in whole units): only they need the sign written out.
  return `CASE WHEN ${minor} >= 0 OR ${minor} <= -${scale}
      THEN (${minor} / ${scale}) || '${decimalMark}' || substr(abs(${minor}) % ${scale} + ${scale}, 2)
    ELSE '-0${decimalMark}' || substr(${scale} - ${minor}, 2) END`;
}

/** Currency codes grouped by exponent; codes come from the ledger's CHECK ([A-Z]{3}) and are checked again. */
function exponentGroups(currencies: readonly string[]): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const code of currencies) {
    const exponent = currencyExponent(code);
    if (!/^[A-Z]{3}$/.test(code) || exponent === undefined || exponent > 15) continue;
    groups.set(exponent, [...(groups.get(exponent) ?? []), code]);
  }
  return groups;
}

/**
 * Float names and statuses repeat across rows: the few that need quoting or neutralising are listed
 * once (a parameter), and every other row takes the column as it is.
 */
function repeatedTextSql(column: string, needy: readonly string[], separator: string): string {
  if (needy.length === 0) return column;
  return `CASE WHEN ${column} IN (${needyPlaceholders(needy)}) THEN ${textSql(column, separator)} ELSE ${column} END`;
}

/** A short list as plain parameters (compared in place, cheaper per row); a long one as JSON. */
const INLINE_UP_TO = 64;

function needyPlaceholders(needy: readonly string[]): string {
  return needy.length <= INLINE_UP_TO ? needy.map(() => '?').join(', ') : 'SELECT value FROM json_each(?)';
}

function needyParams(needy: readonly string[]): string[] {
  if (needy.length === 0) return [];
  return needy.length <= INLINE_UP_TO ? [...needy] : [JSON.stringify(needy)];
}

export interface LineContext {
  dialect: LineDialect;
  /** Float names and statuses whose field is not the bare text. */
  needyFloats: readonly string[];
  needyStatuses: readonly string[];
  /** Whether the workspace has submitted anything (else every origin is 'platform'). */
  hasSubmissions: boolean;
}

/** The line of a row whose amounts are minor units of a currency with `exponent` decimals. */
function minorLineSql(exponent: number, context: LineContext): string {
  const { dialect } = context;
  const amount = (minor: string): string =>
    `CASE WHEN ${minor} IS NULL THEN '' ELSE ${minorSql(minor, exponent, dialect.decimalMark)} END`;
  // created_at passed utcInstant's ISO check when stored and last_changed_at is the core's own ISO
  // time: neither can hold a separator, a quote, a line break or a formula start.
  const fields = [
    textSql('r.payment_reference', dialect.separator),
    'r.created_at',
    repeatedTextSql('r.float_name', context.needyFloats, dialect.separator),
    'r.currency',
    amount('r.requested_minor'),
    amount('r.approved_minor'),
    amount('(r.approved_minor - r.requested_minor)'),
    repeatedTextSql('r.status', context.needyStatuses, dialect.separator),
    context.hasSubmissions
      ? `CASE WHEN ${ORIGIN_SUBMITTED} THEN 'submitted' ELSE 'platform' END`
      : `'platform'`,
    `coalesce(r.last_changed_at, '')`,
    `'false'`,
  ];
  return `${fields.join(` || '${dialect.separator}' || `)} || char(13, 10)`;
}

/** One branch per currency exponent, so each row tests its currency once. */
function lineSqlOf(groups: Map<number, string[]>, context: LineContext, fallback: string): string {
  const within = (column: string): string => `${column} BETWEEN -${SAFE_MINOR} AND ${SAFE_MINOR}`;
  const minorOnly = [
    'r.requested_exact IS NULL AND r.approved_exact IS NULL',
    within('r.requested_minor'),
    `(r.approved_minor IS NULL OR ${within('r.approved_minor')})`,
  ].join(' AND ');
  const branches = [...groups].map(
    ([exponent, codes]) =>
      `WHEN r.currency IN (${codes.map((c) => `'${c}'`).join(', ')}) THEN ${minorLineSql(exponent, context)}`,
  );
  const generic = `${fallback}(${TRANSFER_FIELDS.map(([, sql]) => sql).join(', ')})`;
  if (branches.length === 0) return generic;
  return `CASE WHEN NOT (${minorOnly}) THEN ${generic} ${branches.join(' ')} ELSE ${generic} END`;
}

/** The SQL expression that spells one row's CSV line (alias `r` is transfer_requests), and its parameters. */
export interface TransferLineSpec {
  lineSql: string;
  lineParams: string[];
}

/** The line of every row of `currencies` (the distinct currencies of the rows); `fallback` spells the rest. */
export function transferLineSql(
  currencies: readonly string[],
  context: LineContext,
  fallback: string,
): TransferLineSpec {
  const groups = exponentGroups(currencies);
  // The line's own parameters come first in the text (the SELECT list), once per exponent branch.
  return {
    lineSql: lineSqlOf(groups, context, fallback),
    lineParams: [...groups.keys()].flatMap(() => [
      ...needyParams(context.needyFloats),
      ...needyParams(context.needyStatuses),
    ]),
  };
}

/** One segment's lines: CROSS JOIN keeps json_each as the outer loop, so rows follow the ids. */
export function segmentSql(lineSql: string): string {
  return `SELECT ${lineSql} AS line FROM json_each(?) AS k CROSS JOIN transfer_requests r ON r.id = k.value`;
}
