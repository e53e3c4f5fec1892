/**
 * OFX 1.x (SGML) and 2.x (XML) bank and credit card statements, including Quicken's QFX. One
 * section per STMTRS / CCSTMTRS: account (ACCTID), currency (CURDEF), closing balance (LEDGERBAL)
 * and one line per STMTTRN. OFX has no opening balance, so its statements are not balance-checked.
 */
import type {
  StatementImport,
  StatementProblem,
  StatementSection,
} from '../../../../shared/domain/statements';
import { parseAmount } from './amount';
import { calendarDate } from './dates';
import { assignLineIds, type DraftLine } from './line-id';
import { find, findAll, parseOfx, valueAt, type OfxNode } from './ofx-tree';
import { amountIn, balance, summariseSections } from './sections';
import { quoted } from './limits';
import { ProblemList, type Problems } from './problems';
import { cleanText } from './text-lines';

/** OFX dates: YYYYMMDD, optionally followed by HHMMSS[.XXX][[gmt offset:tz name]]; the date part counts. */
function ofxDate(text: string): { ok: true; date: string } | { ok: false; problem: string } {
  const match =
    /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d{1,3})?)?)?)?(?:\[[+-]?\d{1,2}(?:\.\d{1,2})?(?::[A-Za-z]{1,5})?\])?$/.exec(
      text.trim(),
    );
  const date = match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
  return date
    ? { ok: true, date }
    : { ok: false, problem: `${quoted(text.trim())} is not an OFX date (YYYYMMDD[HHMMSS])` };
}

/** TRNAMT: a signed decimal with a point; OFX also allows a decimal comma. */
function ofxAmount(text: string): { ok: true; value: string } | { ok: false; problem: string } {
  const decimalSeparator = text.includes(',') && !text.includes('.') ? ',' : '.';
  return parseAmount(text, { decimalSeparator, thousandsSeparator: '' });
}

function readTransaction(trn: OfxNode, currency: string | null, problems: Problems): DraftLine | null {
  const before = problems.length;
  const bad = (field: string, problem: string): void => {
    problems.push({ line: find(trn, field)?.line ?? trn.line, field, problem });
  };
  const posted = valueAt(trn, 'DTPOSTED');
  const date = posted === null ? null : ofxDate(posted);
  if (!date) bad('DTPOSTED', 'The transaction has no posting date (DTPOSTED).');
  else if (!date.ok) bad('DTPOSTED', `${date.problem}.`);
  const available = valueAt(trn, 'DTAVAIL');
  const valueDate = available === null ? null : ofxDate(available);
  if (valueDate && !valueDate.ok) bad('DTAVAIL', `${valueDate.problem}.`);
  const amountText = valueAt(trn, 'TRNAMT');
  const amount = amountText === null ? null : ofxAmount(amountText);
  if (!amount) bad('TRNAMT', 'The transaction has no amount (TRNAMT).');
  else if (!amount.ok) bad('TRNAMT', `${amount.problem}.`);
  const lineCurrency = valueAt(trn, 'CURRENCY', 'CURSYM') ?? currency;
  if (!lineCurrency) bad('CURDEF', 'The statement has no currency (CURDEF).');
  let signed: string | null = null;
  if (amount?.ok && lineCurrency) {
    const inCurrency = amountIn(amount.value, lineCurrency);
    if (inCurrency.ok) signed = inCurrency.amount;
    else bad('CURDEF', inCurrency.problem);
  }
  if (problems.length > before || !date?.ok || signed === null || !lineCurrency) return null;
  const name = valueAt(trn, 'NAME') ?? valueAt(trn, 'PAYEE', 'NAME');
  return {
    bankTransactionId: cleanText(valueAt(trn, 'FITID')),
    bookingDate: date.date,
    valueDate: valueDate?.ok ? valueDate.date : null,
    amount: signed,
    currency: lineCurrency,
    reference: cleanText(valueAt(trn, 'REFNUM') ?? valueAt(trn, 'CHECKNUM')),
    remittance: cleanText(valueAt(trn, 'MEMO')),
    counterpartyName: cleanText(name),
    counterpartyAccount: cleanText(
      valueAt(trn, 'BANKACCTTO', 'ACCTID') ?? valueAt(trn, 'CCACCTTO', 'ACCTID'),
    ),
    sourceLine: trn.line,
  };
}

function readClosing(
  statement: OfxNode,
  currency: string | null,
  problems: Problems,
): StatementSection['closing'] {
  const ledger = find(statement, 'LEDGERBAL');
  if (!ledger) return null;
  const bad = (field: string, problem: string): null => {
    problems.push({ line: find(ledger, field)?.line ?? ledger.line, field: `LEDGERBAL/${field}`, problem });
    return null;
  };
  const amountText = valueAt(ledger, 'BALAMT');
  const dateText = valueAt(ledger, 'DTASOF');
  if (amountText === null) return bad('BALAMT', 'The ledger balance has no amount (BALAMT).');
  if (dateText === null) return bad('DTASOF', 'The ledger balance has no date (DTASOF).');
  const amount = ofxAmount(amountText);
  if (!amount.ok) return bad('BALAMT', `${amount.problem}.`);
  const date = ofxDate(dateText);
  if (!date.ok) return bad('DTASOF', `${date.problem}.`);
  if (!currency) return bad('BALAMT', 'The statement has no currency (CURDEF).');
  const result = balance(date.date, amount.value, currency, ledger.line);
  return 'problem' in result ? bad('BALAMT', result.problem) : result;
}

function readStatement(statement: OfxNode, drafts: DraftLine[], problems: Problems): StatementSection {
  const currency = valueAt(statement, 'CURDEF')?.toUpperCase() ?? null;
  const account = valueAt(statement, 'BANKACCTFROM', 'ACCTID') ?? valueAt(statement, 'CCACCTFROM', 'ACCTID');
  const firstLineIndex = drafts.length;
  for (const trn of findAll(find(statement, 'BANKTRANLIST') ?? statement, 'STMTTRN')) {
    const line = readTransaction(trn, currency, problems);
    if (line) drafts.push(line);
  }
  return {
    statementId: null,
    account: cleanText(account),
    opening: null,
    closing: readClosing(statement, currency, problems),
    firstLineIndex,
    lineCount: drafts.length - firstLineIndex,
    sourceLine: statement.line,
  };
}

/** Read an OFX or QFX file (already decoded text). */
export function importOfx(text: string): StatementImport {
  const root = parseOfx(text);
  const none = (problem: StatementProblem): StatementImport => ({
    format: 'ofx',
    account: null,
    lines: [],
    errors: [problem],
    opening: null,
    closing: null,
  });
  if (!('children' in root)) return none(root);
  const statements = [...findAll(root, 'STMTRS'), ...findAll(root, 'CCSTMTRS')].sort(
    (a, b) => a.line - b.line,
  );
  if (statements.length === 0) {
    return none({
      line: 1,
      field: 'STMTRS',
      problem: 'The OFX file holds no bank or credit card statement (STMTRS or CCSTMTRS).',
    });
  }
  const problems = new ProblemList();
  const drafts: DraftLine[] = [];
  const sections = statements.map((statement) => readStatement(statement, drafts, problems));
  return {
    format: 'ofx',
    ...summariseSections(sections),
    lines: assignLineIds(drafts),
    errors: problems.list(),
    errorsTotal: problems.total,
    sections,
  };
}
