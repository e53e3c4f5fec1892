/**
 * The shared words of reconciliation codes: every state, resolution reason and match rule the
 * contract knows has words a person reads, those words never are (or contain) the code, and a code
 * this build does not know still reads as words, never as itself.
 */
import { describe, expect, it } from 'vitest';
import {
  actorWords,
  MATCH_RULE_WORDS,
  reasonWords,
  RESOLUTION_REASON_CODES,
  RESOLUTION_REASON_WORDS,
  ruleWords,
  STATE_WORDS,
  stateWords,
  wordsFromCode,
} from '../../src/shared/domain/recon-words';
import { RESOLUTION_REASONS } from '../../src/main/core/recon/decision-state';
import { MATCH_RULE_NAMES, RECON_STATES, reconContract } from '../../src/shared/ipc/contract-recon';
import {
  RESOLVE_REASONS,
  RULE_LABELS,
  STATE_LABELS,
} from '../../src/renderer/src/features/reconciliation/recon-text';

const CODE_LIKE = /[a-z]+_[a-z]+/;

function expectWords(code: string, words: string): void {
  expect(words.trim()).not.toBe('');
  expect(words).not.toBe(code);
  expect(words).not.toMatch(CODE_LIKE);
  expect(words.charAt(0)).toBe(words.charAt(0).toUpperCase());
}

describe('reconciliation words', () => {
  it('every state has words, and no code leaks', () => {
    expect(Object.keys(STATE_WORDS).sort()).toEqual([...RECON_STATES].sort());
    for (const state of RECON_STATES) expectWords(state, stateWords(state));
    expect(stateWords('awaiting_payment')).toBe('Awaiting payment');
  });

  it('every resolution reason the contract and the core accept has words', () => {
    const contractReasons = reconContract['recon:resolve'].input.shape.reasonCode.options;
    expect([...RESOLUTION_REASON_CODES].sort()).toEqual([...contractReasons].sort());
    expect([...RESOLUTION_REASON_CODES].sort()).toEqual([...RESOLUTION_REASONS].sort());
    expect(Object.keys(RESOLUTION_REASON_WORDS).sort()).toEqual([...RESOLUTION_REASON_CODES].sort());
    for (const code of RESOLUTION_REASON_CODES) expectWords(code, reasonWords(code));
    expect(reasonWords('bank_fee')).toBe('Bank fee');
  });

  it('every match rule has words', () => {
    expect(Object.keys(MATCH_RULE_WORDS).sort()).toEqual([...MATCH_RULE_NAMES].sort());
    for (const rule of MATCH_RULE_NAMES) expectWords(rule, ruleWords(rule));
    expect(ruleWords('exact_reference')).toBe('Exact reference');
  });

  it('a code it does not know reads as words made from it, never as the code', () => {
    expect(stateWords('closed_unpaid')).toBe('Closed unpaid');
    expect(reasonWords('chargeback-fee')).toBe('Chargeback fee');
    expect(ruleWords('')).toBe('Unknown');
    expect(wordsFromCode('__x__')).toBe('X');
    // Inherited object members are not words.
    expect(stateWords('toString')).toBe('ToString');
  });

  it('the screen uses the same words as the files', () => {
    expect(STATE_LABELS).toBe(STATE_WORDS);
    expect(RULE_LABELS).toBe(MATCH_RULE_WORDS);
    expect(RESOLVE_REASONS.map((r) => r.label)).toEqual(RESOLUTION_REASON_CODES.map((c) => reasonWords(c)));
  });

  it('says who acted: the name of its time, a scheduled run, or automatic matching', () => {
    expect(actorWords('user', 'Ana Ruiz')).toBe('Ana Ruiz');
    expect(actorWords('user', null)).toBe('FloatDesk user (no name set)');
    expect(actorWords('cli', null)).toBe('scheduled run (CLI)');
    expect(actorWords('sync', null)).toBe('automatic matching');
  });
});

describe('reasons FloatDesk gives itself', () => {
  it('closed_unpaid reads as words', () => {
    expect(reasonWords('closed_unpaid')).toBe('Closed at the platform before it was paid');
  });
});
