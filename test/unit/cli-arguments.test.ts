import { describe, expect, it } from 'vitest';
import {
  UsageError,
  choiceOption,
  currencyOption,
  integerOption,
  numberOption,
  onlyOptions,
  parseCommandLine,
  portOption,
} from '../../src/cli/arguments';

describe('floatdesk command line', () => {
  it('recognises help and version with or without a command', () => {
    expect(parseCommandLine([])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['serve', '-h'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['-v'])).toEqual({ kind: 'version' });
  });

  it('parses each command with its own options', () => {
    expect(parseCommandLine(['serve', '--workspace', '/w', '--port', '8080'])).toEqual({
      kind: 'command',
      command: 'serve',
      values: { workspace: '/w', port: '8080' },
      positionals: [],
    });
    expect(
      parseCommandLine(['simulator', '--seed', '7', '--transfers', '100000', '--brands', '10000', '--admin']),
    ).toMatchObject({
      command: 'simulator',
      values: { seed: '7', transfers: '100000', brands: '10000', admin: true },
    });
  });

  it('parses the simulator switches beside its original flags', () => {
    expect(
      parseCommandLine([
        'simulator',
        '--port',
        '0',
        '--api-key',
        'k',
        '--time-scale',
        '60',
        '--list-cap',
        '7',
        '--end-date-exclusive',
        '--legacy-floats-shape',
        '--timestamp-skew-ms',
        '1000',
        '--floats-cache-ms',
        '0',
        '--time-zone',
        'UTC',
        '--error-data-shape',
        'array-of-strings',
        '--overfull-group',
      ]),
    ).toEqual({
      kind: 'command',
      command: 'simulator',
      values: {
        port: '0',
        'api-key': 'k',
        'time-scale': '60',
        'list-cap': '7',
        'end-date-exclusive': true,
        'legacy-floats-shape': true,
        'timestamp-skew-ms': '1000',
        'floats-cache-ms': '0',
        'time-zone': 'UTC',
        'error-data-shape': 'array-of-strings',
        'overfull-group': true,
      },
      positionals: [],
    });
    expect(() => parseCommandLine(['serve', '--list-cap', '7'])).toThrow(/--list-cap/);
  });

  it('validates decimal numbers and choices, naming the flag', () => {
    expect(numberOption({}, 'time-scale', 0, 0, 100)).toBe(0);
    expect(numberOption({ 'time-scale': '0.5' }, 'time-scale', 0, 0, 100)).toBe(0.5);
    expect(() => numberOption({ 'time-scale': '-1' }, 'time-scale', 0, 0, 100)).toThrow(/--time-scale/);
    expect(() => numberOption({ 'time-scale': '1e3' }, 'time-scale', 0, 0, 100)).toThrow(UsageError);
    expect(choiceOption({ shape: 'b' }, 'shape', ['a', 'b'])).toBe('b');
    expect(choiceOption({}, 'shape', ['a', 'b'])).toBeUndefined();
    expect(() => choiceOption({ shape: 'c' }, 'shape', ['a', 'b'])).toThrow(/--shape must be one of a, b/);
  });

  it('takes words after the command only where the command has them', () => {
    expect(
      parseCommandLine(['workspace', 'init', '/w', '--base-url', 'https://p.example/api/v2']),
    ).toMatchObject({
      command: 'workspace',
      positionals: ['init', '/w'],
      values: { 'base-url': 'https://p.example/api/v2' },
    });
    expect(() => parseCommandLine(['workspace', 'init', '/w', 'extra'])).toThrow(
      /Unexpected argument "extra"/,
    );
    expect(parseCommandLine(['sync', '--only', 'floats,brands', '--since', '2025-01-01'])).toMatchObject({
      command: 'sync',
      values: { only: 'floats,brands', since: '2025-01-01' },
    });
  });

  it('refuses unknown commands, options of another command and stray arguments', () => {
    expect(() => parseCommandLine(['launch'])).toThrow(/Unknown command "launch"/);
    expect(() => parseCommandLine(['--launch'])).toThrow(/Unknown option "--launch"/);
    expect(() => parseCommandLine(['status', '--port', '1'])).toThrow(UsageError);
    expect(() => parseCommandLine(['status', '--port', '1'])).toThrow(/--port/);
    expect(() => parseCommandLine(['floats', 'GBP'])).toThrow(/Unexpected argument "GBP"/);
  });

  it('validates numbers and names the flag', () => {
    expect(portOption({})).toBe(0);
    expect(portOption({ port: '65535' })).toBe(65535);
    expect(() => portOption({ port: '65536' })).toThrow(/--port must be a whole number from 0 to 65535/);
    expect(() => portOption({ port: '-1' })).toThrow(UsageError);
    expect(integerOption({ seed: '7' }, 'seed', 1, 0, 10)).toBe(7);
    expect(() => integerOption({ brands: '1e4' }, 'brands', 1, 0, 100_000)).toThrow(/--brands/);
  });

  it('parses reconcile profile save with its titles, --text repeatable', () => {
    expect(
      parseCommandLine([
        'reconcile',
        'profile',
        'save',
        'lloyds',
        '--from',
        'march.csv',
        '--date',
        'Transaction Date',
        '--debit',
        'Debit Amount',
        '--credit',
        'Credit Amount',
        '--text',
        'Memo',
        '--text',
        'Details',
        '--decimal',
        ',',
        '--date-format',
        'DD/MM/YYYY',
      ]),
    ).toEqual({
      kind: 'command',
      command: 'reconcile',
      positionals: ['profile', 'save', 'lloyds'],
      values: {
        from: 'march.csv',
        date: 'Transaction Date',
        debit: 'Debit Amount',
        credit: 'Credit Amount',
        text: ['Memo', 'Details'],
        decimal: ',',
        'date-format': 'DD/MM/YYYY',
      },
    });
    expect(() => parseCommandLine(['reconcile', 'profile', 'save', 'a', 'b'])).toThrow(
      /Unexpected argument "b"/,
    );
  });

  it('refuses an option the action does not take, and checks currency codes', () => {
    expect(() =>
      onlyOptions({ json: true, from: 'x' }, ['json'], 'reconcile profile list', 'Usage: …'),
    ).toThrow('--from does not apply to "reconcile profile list". Usage: …');
    expect(() => onlyOptions({ json: true, from: undefined }, ['json'], 'x', '')).not.toThrow();
    expect(currencyOption({ currency: 'eur' })).toBe('EUR');
    expect(currencyOption({})).toBeUndefined();
    expect(() => currencyOption({ currency: 'EURO' })).toThrow(
      /--currency must be an ISO 4217 currency code/,
    );
  });
});
