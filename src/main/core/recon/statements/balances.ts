/**
 * Where a statement gives both an opening and a closing balance, opening + lines must equal closing
 * exactly (decimal arithmetic, per currency, per statement in the file). A statement that does not
 * add up is reported at its closing balance and must not be stored.
 */
import { addMoney, canonicalAmount, compareMoney } from '../../../../shared/domain/money';
import type {
  BankLine,
  StatementImport,
  StatementProblem,
  StatementSection,
} from '../../../../shared/domain/statements';
import { formatAmount } from './amount';

export const BALANCE_FIELD = 'closing';

const shown = (amount: string): string =>
  formatAmount(amount, { decimalSeparator: '.', thousandsSeparator: ',' });

function checkOne(
  section: Pick<StatementSection, 'opening' | 'closing' | 'statementId'>,
  lines: readonly BankLine[],
  fallbackLine: number,
): StatementProblem | null {
  const { opening, closing } = section;
  if (!opening || !closing) return null;
  const line = closing.sourceLine ?? fallbackLine;
  if (opening.currency !== closing.currency) {
    return {
      line,
      field: BALANCE_FIELD,
      problem: `The statement opens in ${opening.currency} and closes in ${closing.currency}; it cannot be balanced.`,
    };
  }
  const currency = closing.currency;
  let sum = { amount: canonicalAmount('0', currency), currency };
  for (const line of lines) {
    if (line.currency === currency) sum = addMoney(sum, { amount: line.amount, currency });
  }
  const expected = addMoney({ amount: opening.amount, currency }, sum);
  const actual = { amount: canonicalAmount(closing.amount, currency), currency };
  if (compareMoney(expected, actual) === 0) return null;
  const openingShown = shown(canonicalAmount(opening.amount, currency));
  return {
    line,
    field: BALANCE_FIELD,
    problem: `opening ${openingShown} + lines ${shown(sum.amount)} = ${shown(expected.amount)}, but the statement closes at ${shown(actual.amount)}`,
  };
}

/** One problem per statement in the file whose balances do not add up; empty when all do. */
export function checkBalances(result: StatementImport): StatementProblem[] {
  const fallbackLine = result.lines[result.lines.length - 1]?.sourceLine ?? 1;
  if (!result.sections || result.sections.length === 0) {
    const problem = checkOne({ ...result, statementId: null }, result.lines, fallbackLine);
    return problem ? [problem] : [];
  }
  return result.sections.flatMap((section) => {
    const lines = result.lines.slice(section.firstLineIndex, section.firstLineIndex + section.lineCount);
    const problem = checkOne(section, lines, fallbackLine);
    return problem ? [problem] : [];
  });
}
