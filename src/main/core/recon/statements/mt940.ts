/**
 * SWIFT MT940 customer statements. A file holds one or more statements, each from :20: to
 * :62F:/:62M:, optionally wrapped in SWIFT blocks ({1:...}{2:...}{4: ... -}). Fields used:
 * :25: account, :28C: statement number, :60F:/:60M: opening, :61: statement line (+ its :86:),
 * :62F:/:62M: closing. Amounts use a decimal comma.
 */
import type { StatementImport, StatementSection } from '../../../../shared/domain/statements';
import { parseAmount } from './amount';
import { calendarDate, parseYymmdd } from './dates';
import { assignLineIds, type DraftLine } from './line-id';
import { readInformation } from './mt940-details';
import { amountIn, balance, negate, summariseSections } from './sections';
import { MAX_FIELD_CHARS, MAX_RECORD_CHARS, quoted } from './limits';
import { ProblemList, type Problems } from './problems';
import { cleanText, forEachLine } from './text-lines';

interface Field {
  tag: string;
  value: string;
  line: number;
  /** The field ran past the longest a field may be; the rest of it was not kept. */
  tooLong?: boolean;
}

const FIELD_START = /^:(\d{2}[A-Z]?):/;

/** The fields of the file, grouped by statement (each :20: starts one). */
function readStatements(text: string, problems: Problems): Field[][] {
  const statements: Field[][] = [];
  let current: Field | null = null;
  /** Lines in a row that belong to no field: one problem for the run, said when it ends. */
  let stray: { line: number; text: string; count: number } | null = null;
  const endStray = (): void => {
    if (stray === null) return;
    const { line, text, count } = stray;
    stray = null;
    problems.push({
      line,
      field: null,
      problem:
        count === 1
          ? `This line is not part of any MT940 field: ${quoted(text)}.`
          : `This line and the ${(count - 1).toLocaleString('en-GB')} after it are not part of any MT940 field: ${quoted(text)} …`,
    });
  };
  forEachLine(text, (raw, line) => {
    if (raw.length > MAX_FIELD_CHARS) {
      problems.push({
        line,
        field: null,
        problem: `The line is ${raw.length.toLocaleString('en-GB')} characters long; an MT940 line holds at most ${MAX_FIELD_CHARS.toLocaleString('en-GB')}: ${quoted(raw)}. The file is damaged or is not an MT940 statement.`,
      });
      return;
    }
    let content = raw;
    const block4 = content.indexOf('{4:');
    if (content.startsWith('{') && block4 >= 0) content = content.slice(block4 + 3);
    else if (content.startsWith('{')) return; // {1:..}{2:..} on their own line, or the {5:..} trailer
    if (/^-(\}.*)?\s*$/.test(content)) {
      current = null; // end of a message
      return;
    }
    const start = FIELD_START.exec(content);
    if (start) {
      current = { tag: start[1]!, value: content.slice(start[0].length), line };
      if (current.tag === '20' || statements.length === 0) {
        if (current.tag !== '20') {
          problems.push({
            line,
            field: `:${current.tag}:`,
            problem:
              'A field comes before the first :20: (transaction reference), which starts every statement.',
          });
        }
        statements.push([]);
      }
      statements[statements.length - 1]!.push(current);
    } else if (current !== null) {
      if (current.value.length + content.length < MAX_RECORD_CHARS) current.value += `\n${content}`;
      else if (!current.tooLong) {
        current.tooLong = true;
        problems.push({
          line,
          field: `:${current.tag}:`,
          problem: `The field that starts on line ${current.line} runs on past ${MAX_RECORD_CHARS.toLocaleString('en-GB')} characters; an MT940 field is far shorter. The file is damaged or is not an MT940 statement.`,
        });
      }
    } else if (content.trim() !== '' && statements.length > 0) {
      if (stray === null) stray = { line, text: content.trim(), count: 0 };
      stray.count += 1;
      return;
    }
    endStray();
  });
  endStray();
  return statements;
}

function mt940Amount(text: string): { ok: true; value: string } | { ok: false; problem: string } {
  if (!/,/.test(text)) {
    return {
      ok: false,
      problem: `${quoted(text)} has no decimal comma; MT940 writes amounts like 1250,00 (wrong decimals?)`,
    };
  }
  // SWIFT allows "10," (no decimals after the comma).
  return parseAmount(text.endsWith(',') ? `${text}0` : text, {
    decimalSeparator: ',',
    thousandsSeparator: '',
  });
}

function readBalance(field: Field, problems: Problems): StatementSection['opening'] {
  const bad = (problem: string): null => {
    problems.push({ line: field.line, field: `:${field.tag}:`, problem });
    return null;
  };
  const match = /^([CD])(\d{6})([A-Z]{3})([\d.,]+)$/.exec(field.value.trim());
  if (!match)
    return bad(
      `${quoted(field.value.trim())} is not a balance (C or D, date YYMMDD, currency, amount such as C260301EUR1000,00).`,
    );
  const date = parseYymmdd(match[2]!);
  if (!date.ok) return bad(`${date.problem}.`);
  const amount = mt940Amount(match[4]!);
  if (!amount.ok) return bad(`${amount.problem}.`);
  const result = balance(date.date, amount.value, match[3]!, field.line);
  if ('problem' in result) return bad(result.problem);
  return match[1] === 'D' ? { ...result, amount: negate(result.amount) } : result;
}

const LINE_PATTERN =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?([\d.,]+)([NFS][A-Z0-9]{3})([^\n]*)(?:\n([\s\S]*))?$/;

/** The entry date MMDD takes its year from the value date, across a year end either way. */
function entryDate(valueDate: string, mmdd: string): string | undefined {
  const valueYear = Number(valueDate.slice(0, 4));
  const valueMonth = Number(valueDate.slice(5, 7));
  const month = Number(mmdd.slice(0, 2));
  let year = valueYear;
  if (valueMonth === 12 && month === 1) year += 1;
  else if (valueMonth === 1 && month === 12) year -= 1;
  return calendarDate(year, month, Number(mmdd.slice(2, 4)));
}

function readLine(
  field: Field,
  info: Field | undefined,
  currency: string | null,
  problems: Problems,
): DraftLine | null {
  const bad = (problem: string): null => {
    problems.push({ line: field.line, field: ':61:', problem });
    return null;
  };
  const match = LINE_PATTERN.exec(field.value.trim());
  if (!match)
    return bad(
      `${quoted(field.value.split('\n')[0]!.trim())} is not a statement line (value date YYMMDD, optional entry date MMDD, C/D/RC/RD, amount, transaction type such as NTRF, reference).`,
    );
  const [, valueText, entryText, mark, , amountText, , references = '', supplementary] = match;
  const value = parseYymmdd(valueText!);
  if (!value.ok) return bad(`${value.problem}.`);
  const booking = entryText ? entryDate(value.date, entryText) : value.date;
  if (!booking) return bad(`${quoted(entryText ?? '')} is not a real entry date (MMDD).`);
  const amount = mt940Amount(amountText!);
  if (!amount.ok) return bad(`${amount.problem}.`);
  if (!currency)
    return bad('The statement has no opening or closing balance, so the currency of its lines is unknown.');
  const inCurrency = amountIn(amount.value, currency);
  if (!inCurrency.ok) return bad(inCurrency.problem);
  // RC (reversal of a credit) takes money out; RD (reversal of a debit) brings it back.
  const outgoing = mark === 'D' || mark === 'RC';
  const [customerRef = '', bankRef = ''] = references.split('//');
  const details = info ? readInformation(info.value) : null;
  const customer = cleanText(customerRef);
  const usable = (ref: string | null): string | null => (ref === null || /^NONREF$/i.test(ref) ? null : ref);
  return {
    bankTransactionId: usable(cleanText(bankRef)),
    bookingDate: booking,
    valueDate: value.date,
    amount: outgoing ? negate(inCurrency.amount) : inCurrency.amount,
    currency,
    reference: details?.reference ?? usable(customer),
    remittance: details?.remittance ?? cleanText(supplementary),
    counterpartyName: details?.counterpartyName ?? null,
    counterpartyAccount: details?.counterpartyAccount ?? null,
    sourceLine: field.line,
  };
}

function readStatement(fields: Field[], drafts: DraftLine[], problems: Problems): StatementSection {
  const first = (...tags: string[]): Field | undefined => fields.find((f) => tags.includes(f.tag));
  const reference = first('20');
  const number = first('28C', '28');
  const openingField = first('60F', '60M');
  const closingField = first('62F', '62M');
  const start = reference?.line ?? fields[0]?.line ?? 1;
  if (!openingField)
    problems.push({
      line: start,
      field: ':60F:',
      problem: 'The statement has no opening balance (:60F: or :60M:).',
    });
  if (!closingField)
    problems.push({
      line: start,
      field: ':62F:',
      problem: 'The statement has no closing balance (:62F: or :62M:).',
    });
  if (!first('25'))
    problems.push({ line: start, field: ':25:', problem: 'The statement does not name its account (:25:).' });
  const opening = openingField ? readBalance(openingField, problems) : null;
  const closing = closingField ? readBalance(closingField, problems) : null;
  const currency = opening?.currency ?? closing?.currency ?? null;
  const firstLineIndex = drafts.length;
  fields.forEach((field, i) => {
    if (field.tag !== '61') return;
    const next = fields[i + 1];
    const line = readLine(field, next?.tag === '86' ? next : undefined, currency, problems);
    if (line) drafts.push(line);
  });
  const id = [cleanText(reference?.value), cleanText(number?.value)].filter((v) => v !== null).join('/');
  return {
    statementId: id === '' ? null : id,
    account: cleanText(first('25')?.value)?.replace(/\s+/g, '') ?? null,
    opening,
    closing,
    firstLineIndex,
    lineCount: drafts.length - firstLineIndex,
    sourceLine: start,
  };
}

/** Read an MT940 file (already decoded text). */
export function importMt940(text: string): StatementImport {
  const problems = new ProblemList();
  const statements = readStatements(text, problems);
  if (statements.length === 0) {
    return {
      format: 'mt940',
      account: null,
      lines: [],
      errors: [{ line: 1, field: ':20:', problem: 'The file holds no MT940 statement (no :20: field).' }],
      opening: null,
      closing: null,
    };
  }
  const drafts: DraftLine[] = [];
  const sections = statements.map((fields) => readStatement(fields, drafts, problems));
  return {
    format: 'mt940',
    ...summariseSections(sections),
    lines: assignLineIds(drafts),
    errors: problems.list(),
    errorsTotal: problems.total,
    sections,
  };
}
