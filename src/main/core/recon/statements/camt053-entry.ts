/** One camt.053 Ntry → one bank line (or its problems). */
import type { AmountResult } from './amount';
import { parseAmount } from './amount';
import type { CamtContext } from './camt053';
import { parseIsoDate } from './dates';
import type { DraftLine } from './line-id';
import { amountIn, negate } from './sections';
import { cleanText } from './text-lines';
import { attribute, child, children, text, textOf } from './xml';
import { quoted } from './limits';

const NOT_PROVIDED = /^NOTPROVIDED$/i;

/** camt amounts are unsigned decimals with a point; the direction is in CdtDbtInd. */
export function unsignedAmount(value: string): AmountResult {
  const parsed = parseAmount(value, { decimalSeparator: '.', thousandsSeparator: '' });
  if (parsed.ok && /^\s*[-+(]/.test(value)) {
    return {
      ok: false,
      problem: `${quoted(value)} has a sign; camt.053 amounts are unsigned and CdtDbtInd gives the direction`,
    };
  }
  return parsed;
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null && !NOT_PROVIDED.test(v)))];
}

/** Party name: .001.02–.05 write Cdtr/Nm, .001.06 and later Cdtr/Pty/Nm. */
function partyName(parties: unknown, role: 'Cdtr' | 'Dbtr'): string | null {
  return text(parties, role, 'Nm') ?? text(parties, role, 'Pty', 'Nm');
}

function partyAccount(parties: unknown, role: 'Cdtr' | 'Dbtr'): string | null {
  const iban = text(parties, `${role}Acct`, 'Id', 'IBAN');
  return iban?.replace(/\s+/g, '') ?? text(parties, `${role}Acct`, 'Id', 'Othr', 'Id');
}

/** Null for an entry that is not booked (pending or information only): not a statement line. */
export function readEntry(ntry: unknown, ctx: CamtContext, accountCurrency: string | null): DraftLine | null {
  const status = text(ntry, 'Sts') ?? text(ntry, 'Sts', 'Cd');
  if (status !== null && status !== 'BOOK') return null;
  const line = ctx.doc.lineOf(ntry) ?? 1;
  const before = ctx.problems.length;
  const problem = (tag: string, message: string): void => {
    ctx.problems.push({
      line: ctx.doc.lineOfTag(ntry, tag.split('/')[0]!) ?? line,
      field: `Ntry/${tag}`,
      problem: message,
    });
  };

  const amountNode = child(ntry, 'Amt');
  const amountText = textOf(amountNode);
  const amount = amountText === null ? null : unsignedAmount(amountText);
  const currency = attribute(amountNode, 'Ccy') ?? accountCurrency;
  if (!amount) problem('Amt', 'The entry has no amount.');
  else if (!amount.ok) problem('Amt', `${amount.problem}.`);
  if (!currency) problem('Amt', 'The entry amount has no currency (Ccy).');
  const direction = text(ntry, 'CdtDbtInd');
  if (direction !== 'CRDT' && direction !== 'DBIT') {
    problem('CdtDbtInd', `The entry must say CRDT or DBIT, not ${quoted(direction ?? '')}.`);
  }
  const bookingText = text(ntry, 'BookgDt', 'Dt') ?? text(ntry, 'BookgDt', 'DtTm');
  const booking = bookingText === null ? null : parseIsoDate(bookingText);
  if (!booking) problem('BookgDt', 'The entry has no booking date.');
  else if (!booking.ok) problem('BookgDt', `${booking.problem}.`);
  const valueText = text(ntry, 'ValDt', 'Dt') ?? text(ntry, 'ValDt', 'DtTm');
  const value = valueText === null ? null : parseIsoDate(valueText);
  if (value && !value.ok) problem('ValDt', `${value.problem}.`);

  let signed: string | null = null;
  if (amount?.ok && currency) {
    const inCurrency = amountIn(amount.value, currency);
    if (!inCurrency.ok) problem('Amt', inCurrency.problem);
    else signed = direction === 'DBIT' ? negate(inCurrency.amount) : inCurrency.amount;
  }
  if (ctx.problems.length > before || !signed || !booking?.ok || !currency) return null;

  const transactions = children(ntry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
  const creditorRefs = unique(
    transactions.flatMap((tx) =>
      children(tx, 'RmtInf', 'Strd').map((strd) => text(strd, 'CdtrRefInf', 'Ref')),
    ),
  );
  const endToEnd = unique(transactions.map((tx) => text(tx, 'Refs', 'EndToEndId')));
  const references = creditorRefs.length > 0 ? creditorRefs : endToEnd;
  const unstructured = transactions.flatMap((tx) => children(tx, 'RmtInf', 'Ustrd').map(textOf));
  const additional = transactions.map((tx) => text(tx, 'AddtlTxInf'));
  const remittanceParts = unique([
    ...unstructured,
    ...(references.length > 1 ? references : []),
    ...(unstructured.some((u) => u !== null) ? [] : additional),
  ]);
  const remittance = cleanText(remittanceParts.join(' ')) ?? cleanText(text(ntry, 'AddtlNtryInf'));
  // The counterparty of money out is the creditor, of money in the debtor.
  const role = direction === 'DBIT' ? 'Cdtr' : 'Dbtr';
  const parties = transactions.map((tx) => child(tx, 'RltdPties')).filter((p) => p !== undefined);
  // NtryRef is unique only within one statement (banks restart it), so it is no identity across
  // statements: without the servicer's reference the line gets a content id.
  const bankId =
    text(ntry, 'AcctSvcrRef') ??
    (transactions.length === 1 ? text(transactions[0], 'Refs', 'AcctSvcrRef') : null);

  return {
    bankTransactionId: bankId,
    bookingDate: booking.date,
    valueDate: value?.ok ? value.date : null,
    amount: signed,
    currency,
    reference: references.length === 1 ? references[0]! : null,
    remittance,
    counterpartyName: cleanText(parties.map((p) => partyName(p, role)).find((n) => n !== null)),
    counterpartyAccount: parties.map((p) => partyAccount(p, role)).find((a) => a !== null) ?? null,
    sourceLine: line,
  };
}
