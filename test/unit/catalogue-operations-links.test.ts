import { describe, expect, it } from 'vitest';
import { ftsQuery } from '../../src/main/core/catalogue/fts-query';
import { vetLink } from '../../src/main/core/catalogue/links';
import { brandOperations } from '../../src/main/core/catalogue/operations';

describe('operations a brand allows', () => {
  it('gives the method and path of the spec table, keeps DEL and explains it as DELETE', () => {
    const operations = brandOperations(['digital_issuance', 'cancelled_digital_issuance', 'balance_check']);
    expect(
      operations.map((op) => [op.transactionType, op.endpoints.map((e) => `${e.method} ${e.path}`)]),
    ).toEqual([
      ['digital_issuance', ['POST /digital/issue']],
      ['cancelled_digital_issuance', ['DEL /digital/issue']],
      ['balance_check', ['POST /digital/check-balance', 'POST /physical/check-balance']],
    ]);
    const cancel = operations[1]!.endpoints[0]!;
    expect(cancel).toMatchObject({ method: 'DEL', httpMethod: 'DELETE' });
    expect(cancel.explanation).toMatch(/DEL .*HTTP DELETE.* \/digital\/issue/);
  });

  it.each([
    ['physical_activation', 'POST', '/physical/activate'],
    ['physical_top_up', 'POST', '/physical/top-up'],
    ['cancelled_physical_activation', 'DEL', '/physical/activate'],
    ['cancelled_physical_top_up', 'DEL', '/physical/top-up'],
    ['digital_top_up', 'POST', '/digital/top-up'],
    ['digital_cash_out', 'POST', '/digital/cash-out-original-transaction'],
    ['physical_cash_out', 'POST', '/physical/cash-out-original-transaction'],
  ])('%s → %s %s', (type, method, path) => {
    expect(brandOperations([type])[0]?.endpoints).toEqual([expect.objectContaining({ method, path })]);
  });

  it('shows an unknown transaction type as unknown, once', () => {
    expect(brandOperations(['digital_refund', 'digital_refund'])).toEqual([
      expect.objectContaining({ transactionType: 'digital_refund', known: false, endpoints: [] }),
    ]);
  });
});

describe('brand links', () => {
  it.each([
    'https://www.brand.example/',
    '  https://www.brand.example/redeem  ',
    'HTTPS://Brand.Example/terms?x=1#top',
  ])('opens %j', (raw) => {
    expect(vetLink(raw)).toMatchObject({ openable: true });
  });

  it.each([
    'javascript:alert(document.domain)',
    'JavaScript:void(0)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'file:///etc/passwd',
    'http://www.brand.example/',
    '//brand.example/x',
    'brand.example',
    'https://user:pass@brand.example/',
    'https://brand.example@evil.example/',
    'https://localhost/',
    'https://127.0.0.1/',
    'https://[::1]/',
    'https://brand.example/\u202Egpj.exe',
    'https://bra nd.example/',
    'https://brand.example\t/x',
    'https:\\\\brand.example',
    'https://xn--brnd-loa.example/\u200b',
    '',
  ])('shows %j as text only', (raw) => {
    const link = vetLink(raw);
    expect(link.openable).toBe(false);
    if (!link.openable) expect(link.text).toBe(raw);
  });

  it('opens the normalised URL, so what is shown is what opens', () => {
    expect(vetLink('https://Brand.Example/a/../b')).toEqual({
      openable: true,
      url: 'https://brand.example/b',
      host: 'brand.example',
    });
  });
});

describe('search text to an FTS5 expression', () => {
  it('quotes each word as a prefix term and ANDs them', () => {
    expect(ftsQuery('Garden Co')).toEqual({ words: ['garden', 'co'], expression: '"garden"* AND "co"*' });
  });
  it('keeps a one-letter word to name, slug and categories', () => {
    expect(ftsQuery('a').expression).toBe('{name slug categories} : "a"*');
  });
  it.each(['"', '*', 'NEAR(a b)', 'a AND', '-x', 'x:y', '^start', '(((', "O'Brien", 'AND OR NOT'])(
    'never passes FTS5 syntax through: %j',
    (text) => {
      const { expression } = ftsQuery(text);
      if (expression !== null)
        expect(
          expression
            .replace(/"[^"]*"\*/g, '')
            .replace(/\{name slug categories\} :|AND/g, '')
            .trim(),
        ).toBe('');
    },
  );
  it('has no expression for text without a word', () => {
    expect(ftsQuery(' "*- ').expression).toBeNull();
  });
});
