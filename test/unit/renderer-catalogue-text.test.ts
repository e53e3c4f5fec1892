import { describe, expect, it } from 'vitest';
import {
  changeKindText,
  facetLabels,
  facetValueName,
  facetValueText,
  methodText,
  orderedValues,
  pageText,
  ruleText,
  summaryText,
  unknownNote,
  withSelection,
  type FacetCounts,
} from '../../src/renderer/src/features/catalogue/catalogue-text';

const status: FacetCounts = {
  facet: 'status',
  title: 'Status',
  unknownCount: 1,
  values: [
    { value: 'PAUSED', label: 'Paused', known: true, count: 7, selected: false },
    { value: 'ENABLED', label: 'Enabled', known: true, count: 102, selected: false },
    { value: 'ARCHIVED', label: 'ARCHIVED', known: false, count: 1, selected: false },
  ],
};

describe('facet text', () => {
  it('names values in words, unknown ones as sent and marked, with counts', () => {
    expect(facetValueText(status.values[0]!)).toBe('Paused');
    expect(facetValueName(status.values[1]!)).toBe('Enabled, 102 brands');
    expect(facetValueName(status.values[2]!)).toBe('ARCHIVED, not in the spec, 1 brand');
    expect(unknownNote(status)).toBe('1 brand with values the spec does not list');
    expect(unknownNote({ ...status, unknownCount: 0 })).toBeNull();
  });

  it('orders by count and ticks what the URL says, adding a value the core did not count', () => {
    expect(orderedValues(status).map((v) => v.value)).toEqual(['ENABLED', 'PAUSED', 'ARCHIVED']);
    const ticked = withSelection(status, ['PAUSED', 'GONE']);
    expect(ticked.values.filter((v) => v.selected).map((v) => [v.value, v.count])).toEqual([
      ['PAUSED', 7],
      ['GONE', 0],
    ]);
    expect(facetLabels([status], 'status')('PAUSED')).toBe('Paused');
    expect(facetLabels([status], 'status')('NEW')).toBe('NEW');
  });

  it('summarises a page of results', () => {
    const brands = new Array(50).fill(null);
    expect(
      summaryText({ total: 1234, offset: 50, brands, sort: 'name', direction: 'asc' } as never, false),
    ).toBe('1,234 brands · showing 51–100 · sorted by name, A to Z');
    expect(summaryText({ total: 0, offset: 0, brands: [], sort: 'relevance', direction: 'desc' }, true)).toBe(
      '0 brands match · sorted by relevance',
    );
    expect(pageText(0, 0, 50)).toBe('Page 1 of 1');
    expect(pageText(2, 120, 50)).toBe('Page 3 of 3');
  });

  it('says face-value rules, methods and change kinds in words', () => {
    expect(
      ruleText(
        { kind: 'open', lower: '1', upper: '150', minorUnit: '0.01', minorUnitFrom: 'platform' },
        'GBP',
      ),
    ).toBe('Any value from 1 to 150 GBP in steps of 0.01');
    expect(ruleText({ kind: 'fixed', values: ['10', '25'], from: 'denominations' }, 'EUR')).toBe(
      'Fixed values (denominations): 10 EUR, 25 EUR',
    );
    expect(ruleText({ kind: 'none', why: 'No physical cards.' }, 'EUR')).toBe('No physical cards.');
    expect(methodText('DEL', 'DELETE')).toBe('DEL (means HTTP DELETE)');
    expect(methodText('POST', 'POST')).toBe('POST');
    expect(changeKindText('vanished')).toBe('Vanished');
    expect(changeKindText('odd')).toBe('odd');
  });
});
