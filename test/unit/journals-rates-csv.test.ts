import { describe, expect, it } from 'vitest';
import { rateProblem } from '../../src/main/core/journals/exchange-rates';
import { readRatesCsv } from '../../src/main/core/journals/rates-csv';
import { thrownAppError } from '../helpers/app-error';

const problemsOf = (text: string, currency?: string): unknown =>
  thrownAppError(() => readRatesCsv(text, currency)).details!.problems;

describe('rates CSV', () => {
  it('reads date,currency,rate: an empty date is the period’s rate, rates kept exact', () => {
    expect(
      readRatesCsv('\uFEFFdate,currency,rate\r\n,EUR,0.86120\r\n2026-10-15,eur,0.870000000000000001\r\n\r\n'),
    ).toEqual([
      { currency: 'EUR', date: null, rate: '0.8612' },
      { currency: 'EUR', date: '2026-10-15', rate: '0.870000000000000001' },
    ]);
  });

  it('reads date,rate for the currency named beside the file, in any column order', () => {
    expect(readRatesCsv('rate,date\n1.17,2026-10-01\n1.16,\n', 'GBP')).toEqual([
      { currency: 'GBP', date: '2026-10-01', rate: '1.17' },
      { currency: 'GBP', date: null, rate: '1.16' },
    ]);
  });

  it('names the line and column of every problem', () => {
    expect(
      problemsOf(
        'date,currency,rate\n31/10/2026,EUR,0.86\n2026-10-02,EUR,"0,86"\n2026-10-03,EUX,0.86\n2026-10-04,EUR,0\n2026-10-05,EUR\n,EUR,0.85\n,EUR,0.86\n',
      ),
    ).toEqual([
      {
        line: 2,
        column: 'date',
        problem: '"31/10/2026" is not a date: write YYYY-MM-DD, e.g. 2026-10-31 (empty: the period\'s rate)',
      },
      {
        line: 3,
        column: 'rate',
        problem: 'the rate "0,86" is written with a comma: write it with a point, e.g. 0.8612',
      },
      { line: 4, column: 'currency', problem: '"EUX" is not an ISO 4217 currency code (write e.g. EUR)' },
      { line: 5, column: 'rate', problem: 'the rate is zero: a rate must be more than zero' },
      { line: 6, column: null, problem: '2 field(s) where the titles name 3' },
      { line: 8, column: 'date', problem: "the period's EUR rate is already on line 7" },
    ]);
    const error = thrownAppError(() => readRatesCsv('date,currency,rate\n2026-13-01,EUR,0.86\n'));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'The rates file cannot be used: line 2, column date: "2026-13-01" is not a date: write YYYY-MM-DD, e.g. 2026-10-31 (empty: the period\'s rate). Fix the file and import it again.',
    );
  });

  it('refuses a file without its titles, or with no rate', () => {
    expect(problemsOf('date,rate\n2026-10-01,0.86\n')).toEqual([
      {
        line: 1,
        column: 'currency',
        problem: 'the column "currency" is missing (or say which currency the file is for)',
      },
    ]);
    expect(problemsOf('day,currency,rate\n')).toEqual([
      {
        line: 1,
        column: null,
        problem: '"day" is not a column of a rates file (the titles are date,currency,rate)',
      },
      { line: 1, column: 'date', problem: 'the column "date" is missing' },
    ]);
    expect(problemsOf('')).toEqual([
      { line: 1, column: null, problem: 'the file is empty; its first line must be date,currency,rate' },
    ]);
    expect(problemsOf('date,currency,rate\n')).toEqual([
      { line: 1, column: null, problem: 'the file has titles but no rate' },
    ]);
  });

  it('a typed rate: digits with a point, more than zero', () => {
    expect(rateProblem('0.8612')).toBeNull();
    expect(rateProblem(' 12 ')).toBeNull();
    expect(rateProblem('')).toBe('is empty: write a rate such as 0.8612');
    expect(rateProblem('-1')).toMatch(/^"-1" is not a rate/);
    expect(rateProblem('1e3')).toMatch(/^"1e3" is not a rate/);
    expect(rateProblem('0.000')).toBe('is zero: a rate must be more than zero');
  });
});
