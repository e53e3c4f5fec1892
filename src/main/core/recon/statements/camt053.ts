/**
 * ISO 20022 camt.053 (bank to customer statement), versions .001.02 to .001.08. One section per
 * Stmt: the account, the opening (OPBD, else PRCD) and closing (CLBD) booked balances, and one
 * line per booked Ntry. Pending and information-only entries are not statement lines.
 */
import type {
  StatementImport,
  StatementProblem,
  StatementSection,
} from '../../../../shared/domain/statements';
import { readEntry, unsignedAmount } from './camt053-entry';
import { parseIsoDate } from './dates';
import { assignLineIds, type DraftLine } from './line-id';
import { balance, negate, summariseSections } from './sections';
import { attribute, child, children, parseXml, text, type XmlDocument } from './xml';
import { quoted } from './limits';
import { ProblemList, type Problems } from './problems';

const REPEATING = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Ntfctn', 'Rpt']);
const SUPPORTED = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(0[2-8])$/;

export interface CamtContext {
  doc: XmlDocument;
  problems: Problems;
}

function empty(problems: StatementProblem[]): StatementImport {
  return { format: 'camt053', account: null, lines: [], errors: problems, opening: null, closing: null };
}

/** The namespace of the Document element, read from the text (the parser drops xmlns attributes). */
export function camtNamespace(text: string): string | null {
  const match = /<(?:([\w.-]+):)?Document\b[^>]*>/.exec(text);
  if (!match) return null;
  const prefix = match[1] ? `:${match[1]}` : '';
  // eslint-disable-next-line security/detect-non-literal-regexp -- the prefix is a captured [\w.-]+ XML prefix; no other outside text
  const declaration = new RegExp(`xmlns${prefix}\\s*=\\s*["']([^"']*)["']`).exec(match[0]);
  return declaration?.[1] ?? null;
}

function readBalances(
  stmt: unknown,
  ctx: CamtContext,
  currency: string | null,
): Pick<StatementSection, 'opening' | 'closing'> {
  const found: Record<string, StatementSection['opening']> = {};
  for (const bal of children(stmt, 'Bal')) {
    const code = text(bal, 'Tp', 'CdOrPrtry', 'Cd') ?? text(bal, 'Tp', 'CdOrPrtry', 'Prtry');
    if (code !== 'OPBD' && code !== 'PRCD' && code !== 'CLBD') continue;
    const line = ctx.doc.lineOf(bal) ?? 1;
    const problem = (tag: string, message: string): void => {
      ctx.problems.push({ line: ctx.doc.lineOfTag(bal, tag) ?? line, field: `Bal/${tag}`, problem: message });
    };
    const amountNode = child(bal, 'Amt');
    const amountText = text(amountNode);
    const ccy = attribute(amountNode, 'Ccy') ?? currency;
    const sign = text(bal, 'CdtDbtInd');
    const dateText = text(bal, 'Dt', 'Dt') ?? text(bal, 'Dt', 'DtTm');
    const amount = amountText ? unsignedAmount(amountText) : null;
    const date = dateText ? parseIsoDate(dateText) : null;
    if (!amount) problem('Amt', `The ${code} balance has no amount.`);
    else if (!amount.ok) problem('Amt', `${amount.problem}.`);
    if (!ccy) problem('Amt', `The ${code} balance has no currency (Ccy).`);
    if (sign !== 'CRDT' && sign !== 'DBIT')
      problem('CdtDbtInd', `The ${code} balance must say CRDT or DBIT, not ${quoted(sign ?? '')}.`);
    if (!date) problem('Dt', `The ${code} balance has no date.`);
    else if (!date.ok) problem('Dt', `${date.problem}.`);
    if (!amount?.ok || !ccy || !date?.ok || (sign !== 'CRDT' && sign !== 'DBIT')) continue;
    const result = balance(date.date, amount.value, ccy, line);
    if ('problem' in result) problem('Amt', result.problem);
    else if (sign === 'DBIT') result.amount = negate(result.amount);
    if (!('problem' in result) && !(code in found)) found[code] = result;
  }
  return { opening: found.OPBD ?? found.PRCD ?? null, closing: found.CLBD ?? null };
}

function readStatement(stmt: unknown, ctx: CamtContext, drafts: DraftLine[]): StatementSection {
  const account = text(stmt, 'Acct', 'Id', 'IBAN') ?? text(stmt, 'Acct', 'Id', 'Othr', 'Id');
  const currency = text(stmt, 'Acct', 'Ccy');
  const firstLineIndex = drafts.length;
  const { opening, closing } = readBalances(stmt, ctx, currency);
  for (const ntry of children(stmt, 'Ntry')) {
    const line = readEntry(ntry, ctx, currency ?? opening?.currency ?? closing?.currency ?? null);
    if (line) drafts.push(line);
  }
  return {
    statementId: text(stmt, 'Id'),
    account: account?.replace(/\s+/g, '') ?? null,
    opening,
    closing,
    firstLineIndex,
    lineCount: drafts.length - firstLineIndex,
    sourceLine: ctx.doc.lineOf(stmt) ?? 1,
  };
}

/** Read a camt.053 statement (already decoded text). */
export function importCamt053(text: string): StatementImport {
  const namespace = camtNamespace(text);
  if (namespace === null || !SUPPORTED.test(namespace)) {
    const version = namespace ? /camt\.\d{3}\.\d{3}\.\d{2}/.exec(namespace)?.[0] : undefined;
    return empty([
      {
        line: 1,
        field: 'Document',
        problem: version
          ? `This is ${version}; FloatDesk reads bank statements in camt.053.001.02 to camt.053.001.08. Ask the bank for one of those.`
          : 'This XML has no camt.053 Document namespace (urn:iso:std:iso:20022:tech:xsd:camt.053.001.NN), so it is not a camt.053 bank statement.',
      },
    ]);
  }
  const doc = parseXml(text, REPEATING);
  if ('problem' in doc) return empty([doc]);
  const problems = new ProblemList();
  const ctx: CamtContext = { doc, problems };
  const statements = children(doc.root, 'Document', 'BkToCstmrStmt', 'Stmt');
  if (statements.length === 0) {
    return empty([
      { line: 1, field: 'BkToCstmrStmt/Stmt', problem: 'The file holds no statement (no Stmt element).' },
    ]);
  }
  const drafts: DraftLine[] = [];
  const sections = statements.map((stmt) => readStatement(stmt, ctx, drafts));
  return {
    format: 'camt053',
    ...summariseSections(sections),
    lines: assignLineIds(drafts),
    errors: problems.list(),
    errorsTotal: problems.total,
    sections,
  };
}
