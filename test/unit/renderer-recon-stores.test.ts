import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReconItem, ReconSummary } from '@shared/ipc/contract-recon';
import { AppError } from '@shared/ipc/errors';
import { shownValue, type ReconClient } from '../../src/renderer/src/stores/recon-client';
import { keepPageCurrent } from '../../src/renderer/src/stores/keep-current';
import { importUnderWay } from '../../src/renderer/src/stores/recon-import-store';
import { createReconStores } from '../../src/renderer/src/stores/recon-stores';

type Answer = (input: unknown) => unknown;
const invoke = vi.fn<(channel: string, input: unknown) => Promise<unknown>>();
const client = { invoke, onEvent: () => () => undefined } as unknown as ReconClient;

function summary(asOf: string, matched = 0): ReconSummary {
  return {
    asOf,
    states: {
      awaiting_payment: 3,
      paid_awaiting_approval: 0,
      matched,
      variance: 0,
      approved_unpaid: 1,
      refund_expected: 0,
      unmatched_bank_payment: 2,
      resolved: 0,
      signed_off: 0,
    },
    suggestions: 1,
    currencies: [
      {
        currency: 'GBP',
        paid: { amount: '-2500.00', currency: 'GBP' },
        matchedRequested: { amount: '2500.00', currency: 'GBP' },
        openRequests: 4,
        rollForwardDifference: { amount: '0.00', currency: 'GBP' },
      },
    ],
  };
}

const line = (id: string, state: ReconItem['state'] = 'unmatched_bank_payment'): ReconItem => ({
  kind: 'line',
  id,
  state,
  ageing: '0-2',
  date: '2026-03-02',
  amount: { amount: '-2500.00', currency: 'GBP' },
  label: 'FLOAT TOP UP',
  match: null,
  resolution: null,
  lockedBy: null,
});
const request = (id: string, state: ReconItem['state'] = 'awaiting_payment'): ReconItem => ({
  ...line(id, state),
  kind: 'request',
  amount: { amount: '2500.00', currency: 'GBP' },
  label: 'Main',
});

const suggestion = {
  key: 'S1',
  reason: 'tie' as const,
  options: [
    {
      rule: 'amount_date' as const,
      lineIds: ['TX-9'],
      requestReferences: ['RF01'],
      score: 0.6,
      explanation: 'same amount, 1 day apart',
      confirmable: true,
      whyNot: null,
    },
    {
      rule: 'amount_date' as const,
      lineIds: ['TX-9'],
      requestReferences: ['RF02'],
      score: 0.6,
      explanation: 'same amount, 1 day apart',
      confirmable: true,
      whyNot: null,
    },
  ],
};

let answers: Record<string, Answer>;
function core(overrides: Record<string, Answer> = {}): void {
  answers = {
    'recon:summary': (input) => summary((input as { asOf?: string }).asOf ?? '2026-03-31'),
    'recon:items': () => ({ total: 2, items: [line('TX-1'), request('RF01')] }),
    'recon:suggestions': () => ({ total: 1, suggestions: [suggestion] }),
    'recon:profiles.list': () => ({ profiles: [{ name: 'Barclays', profile: {} }] }),
    'recon:rollforward': () => ({ currencies: [], flags: [] }),
    ...overrides,
  };
}

let decisionIds = 0;
beforeEach(() => {
  invoke.mockReset();
  decisionIds = 0;
  core();
  invoke.mockImplementation(async (channel, input) => {
    const answer = answers[channel];
    if (!answer) throw new Error(`unexpected ${channel}`);
    return answer(input);
  });
});

const calls = (channel: string): unknown[] =>
  invoke.mock.calls.filter(([name]) => name === channel).map(([, input]) => input);
const decision = (extra: object = {}) => ({
  decisionId: ++decisionIds,
  auditSeq: 100 + decisionIds,
  ...extra,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reconciliation overview store', () => {
  it('loads the summary as of the date asked, and the core’s today without one', async () => {
    const { useOverview } = createReconStores(client);
    await useOverview.getState().setAsOf(undefined);
    expect(calls('recon:summary')).toEqual([{}]);
    await useOverview.getState().setAsOf('2026-02-28');
    expect(calls('recon:summary')[1]).toEqual({ asOf: '2026-02-28' });
    expect(useOverview.getState().summary).toMatchObject({ status: 'ready', value: { asOf: '2026-02-28' } });
  });

  it('keeps the last summary on screen when a reload fails', async () => {
    const { useOverview } = createReconStores(client);
    await useOverview.getState().setAsOf('2026-03-31');
    core({ 'recon:summary': () => Promise.reject(new AppError('ledger_busy', 'The ledger is busy.')) });
    await useOverview.getState().reload();
    expect(useOverview.getState().summary).toMatchObject({
      status: 'error',
      error: { code: 'ledger_busy' },
      previous: { asOf: '2026-03-31' },
    });
  });

  it('a preview sends preview: true, keeps the summary shown and reloads nothing else', async () => {
    const stores = createReconStores(client);
    core({
      'recon:run': () => ({ summary: summary('2026-03-31', 5), matchesAdded: 5, suggestions: 1 }),
    });
    await stores.useOverview.getState().setAsOf('2026-03-31');
    await stores.useItems.getState().setQuery({ asOf: '2026-03-31' });
    invoke.mockClear();
    await stores.useOverview.getState().runMatching(true);
    expect(calls('recon:run')).toEqual([{ asOf: '2026-03-31', preview: true }]);
    const { run, summary: shown } = stores.useOverview.getState();
    expect(run).toMatchObject({ status: 'done', preview: true, result: { matchesAdded: 5 } });
    expect(run.status === 'done' && run.before?.states.matched).toBe(0);
    expect(shown).toMatchObject({ status: 'ready', value: { states: { matched: 0 } } });
    await settle();
    expect(calls('recon:items')).toEqual([]);
  });

  it('a real run shows its summary and reloads the items and suggestions', async () => {
    const stores = createReconStores(client);
    core({ 'recon:run': () => ({ summary: summary('2026-03-31', 5), matchesAdded: 5, suggestions: 1 }) });
    await stores.useOverview.getState().setAsOf('2026-03-31');
    await stores.useItems.getState().setQuery({ asOf: '2026-03-31' });
    await stores.useSuggestions.getState().reload();
    invoke.mockClear();
    await stores.useOverview.getState().runMatching(false);
    expect(calls('recon:run')).toEqual([{ asOf: '2026-03-31' }]);
    expect(shownValue(stores.useOverview.getState().summary)?.states.matched).toBe(5);
    await settle();
    expect(calls('recon:items')).toHaveLength(1);
    expect(calls('recon:suggestions')).toHaveLength(1);
    expect(calls('recon:summary')).toHaveLength(0);
  });

  it('reports a failed run without losing the summary', async () => {
    const { useOverview } = createReconStores(client);
    core({ 'recon:run': () => Promise.reject(new AppError('ledger_busy', 'busy')) });
    await useOverview.getState().setAsOf(undefined);
    await useOverview.getState().runMatching(false);
    expect(useOverview.getState().run).toMatchObject({
      status: 'error',
      preview: false,
      error: { code: 'ledger_busy' },
    });
    expect(useOverview.getState().summary.status).toBe('ready');
  });
});

describe('reconciliation import store', () => {
  it('chooses the only profile, sends format and profile, and reloads after a stored import', async () => {
    const stores = createReconStores(client);
    core({
      'recon:import': () => ({
        format: 'csv',
        stored: true,
        linesRead: 3,
        linesAdded: 2,
        linesAlreadyKnown: 1,
        errors: [],
        refusal: null,
      }),
    });
    await stores.useOverview.getState().setAsOf(undefined);
    await stores.useImport.getState().loadProfiles();
    expect(stores.useImport.getState().profile).toBe('Barclays');
    stores.useImport.getState().setFormat('csv');
    invoke.mockClear();
    await stores.useImport.getState().importFile('march.csv', 'YQ==');
    expect(calls('recon:import')).toEqual([
      { fileName: 'march.csv', contentBase64: 'YQ==', format: 'csv', profile: 'Barclays' },
    ]);
    expect(stores.useImport.getState().job).toMatchObject({ status: 'done', readableRetry: false });
    await settle();
    expect(calls('recon:summary')).toHaveLength(1);
  });

  it('holds matching back while the demo statement loads, and reloads once it is stored', async () => {
    const stores = createReconStores(client);
    let finish: (value: unknown) => void = () => undefined;
    core({
      'recon:demo-statement.load': () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    });
    await stores.useOverview.getState().setAsOf(undefined);
    invoke.mockClear();
    const loading = stores.useImport.getState().loadDemo();
    expect(importUnderWay(stores.useImport.getState().job)).toBe(true);
    finish({ stored: true, linesAdded: 12, refusal: null });
    expect(await loading).toMatchObject({ stored: true, linesAdded: 12 });
    expect(importUnderWay(stores.useImport.getState().job)).toBe(false);
    await settle();
    expect(calls('recon:summary')).toHaveLength(1);
  });

  it('sends no profile for camt.053, MT940 or OFX', async () => {
    const stores = createReconStores(client);
    core({
      'recon:import': () => ({
        format: 'mt940',
        stored: true,
        linesRead: 1,
        linesAdded: 1,
        linesAlreadyKnown: 0,
        errors: [],
        refusal: null,
      }),
    });
    await stores.useImport.getState().loadProfiles();
    stores.useImport.getState().setFormat('mt940');
    await stores.useImport.getState().importFile('march.sta', 'YQ==');
    expect(calls('recon:import')).toEqual([
      { fileName: 'march.sta', contentBase64: 'YQ==', format: 'mt940' },
    ]);
  });

  it('offers to import only the readable lines of a refused file, and sends that once asked', async () => {
    const stores = createReconStores(client);
    const refused = {
      format: 'csv',
      stored: false,
      linesRead: 4,
      linesAdded: 0,
      linesAlreadyKnown: 0,
      errors: [{ line: 3, field: 'amount', problem: '"12,5O" is not an amount' }],
      refusal: '1 line could not be read.',
    };
    core({
      'recon:import': (input) =>
        (input as { acceptReadableLines?: boolean }).acceptReadableLines
          ? { ...refused, stored: true, linesAdded: 4, refusal: null }
          : refused,
    });
    await stores.useImport.getState().importFile('bad.csv', 'YQ==');
    expect(stores.useImport.getState().job).toMatchObject({ status: 'done', readableRetry: true });
    await stores.useImport.getState().importReadableLines();
    expect(calls('recon:import')[1]).toMatchObject({ fileName: 'bad.csv', acceptReadableLines: true });
    expect(stores.useImport.getState().job).toMatchObject({
      status: 'done',
      readableRetry: false,
      result: { stored: true },
    });
  });

  it('saves a profile, lists it and chooses it; a refused profile comes back to the form', async () => {
    const { useImport } = createReconStores(client);
    const saved: string[] = [];
    core({
      'recon:profiles.save': (input) => {
        const { name } = input as { name: string };
        saved.push(name);
        return { name };
      },
      'recon:profiles.list': () => ({
        profiles: ['Barclays', ...saved].map((name) => ({ name, profile: {} })),
      }),
    });
    expect(await useImport.getState().saveProfile('HSBC', { columns: { date: 'Date' } })).toBeNull();
    expect(calls('recon:profiles.save')).toEqual([{ name: 'HSBC', profile: { columns: { date: 'Date' } } }]);
    expect(useImport.getState().profiles).toEqual({ status: 'ready', names: ['Barclays', 'HSBC'] });
    expect(useImport.getState().profile).toBe('HSBC');
    core({
      'recon:profiles.save': () =>
        Promise.reject(
          new AppError('invalid_input', 'Invalid CSV profile', {
            issues: [{ field: 'profile.columns.amount', problem: 'map an amount column' }],
          }),
        ),
    });
    const refused = await useImport.getState().saveProfile('Bad', {});
    expect(refused).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'profile.columns.amount' }] },
    });
    expect(useImport.getState().profile).toBe('HSBC');
  });

  it('shows a file that could not be read, and a failed call, as errors', async () => {
    const { useImport } = createReconStores(client);
    useImport.getState().readFailed('empty.csv', 'empty.csv is empty.');
    expect(useImport.getState().job).toMatchObject({
      status: 'error',
      error: { message: 'empty.csv is empty.' },
    });
    core({ 'recon:import': () => Promise.reject(new AppError('invalid_input', 'bad profile')) });
    await useImport.getState().importFile('a.csv', 'YQ==');
    expect(useImport.getState().job).toMatchObject({ status: 'error', error: { code: 'invalid_input' } });
  });
});

describe('reconciliation items store', () => {
  it('asks for the filters as states and ageing, a page at a time', async () => {
    const { useItems } = createReconStores(client);
    await useItems.getState().setQuery({ asOf: '2026-03-31', state: 'variance', ageing: '8-30' });
    await useItems.getState().page(50);
    expect(calls('recon:items')).toEqual([
      { asOf: '2026-03-31', states: ['variance'], ageing: '8-30', offset: 0, limit: 50 },
      { asOf: '2026-03-31', states: ['variance'], ageing: '8-30', offset: 50, limit: 50 },
    ]);
  });

  it('selects only unmatched items, and matches them by hand with the warnings shown', async () => {
    const stores = createReconStores(client);
    core({
      'recon:items': () => ({
        total: 3,
        items: [
          line('TX-1'),
          request('RF01'),
          { ...request('RF02', 'matched'), match: suggestion.options[0]! },
        ],
      }),
      'recon:match.manual': () =>
        decision({ warnings: ['paid 2,500.00, requested 2,400.00: over the tolerance'] }),
    });
    await stores.useItems.getState().setQuery({});
    const [tx1, rf01, rf02] = (stores.useItems.getState().view as { value: { items: ReconItem[] } }).value
      .items;
    stores.useItems.getState().toggle(tx1!, true);
    stores.useItems.getState().toggle(rf02!, true);
    expect(Object.keys(stores.useItems.getState().selected)).toEqual(['line:TX-1']);
    await stores.useItems.getState().matchSelected('  ');
    expect(calls('recon:match.manual')).toEqual([]);
    stores.useItems.getState().toggle(rf01!, true);
    await stores.useItems.getState().matchSelected(' paid in two parts ');
    expect(calls('recon:match.manual')).toEqual([
      { lineIds: ['TX-1'], requestReferences: ['RF01'], note: 'paid in two parts' },
    ]);
    expect(stores.useItems.getState().manual).toMatchObject({
      status: 'done',
      warnings: ['paid 2,500.00, requested 2,400.00: over the tolerance'],
    });
    expect(stores.useItems.getState().selected).toEqual({});
    expect(stores.useDecisions.getState().lastFor('RF01')?.decisionId).toBe(1);
  });

  it('drops a selected item that is no longer open after a reload', async () => {
    const { useItems } = createReconStores(client);
    await useItems.getState().setQuery({});
    useItems.getState().toggle(line('TX-1'), true);
    core({ 'recon:items': () => ({ total: 1, items: [line('TX-1', 'resolved')] }) });
    await useItems.getState().reload();
    expect(useItems.getState().selected).toEqual({});
  });

  it('resolves with reason and trimmed note, records the decision, and returns a failure to the dialog', async () => {
    const stores = createReconStores(client);
    core({ 'recon:resolve': () => decision() });
    const failure = await stores.useItems.getState().resolve(line('TX-1'), 'bank_fee', ' fee charged ');
    expect(failure).toBeNull();
    expect(calls('recon:resolve')).toEqual([
      { kind: 'line', id: 'TX-1', reasonCode: 'bank_fee', note: 'fee charged' },
    ]);
    expect(stores.useDecisions.getState().log).toEqual([
      { decisionId: 1, description: 'Resolved bank line TX-1 (bank fee)', ids: ['TX-1'] },
    ]);
    core({ 'recon:resolve': () => Promise.reject(new AppError('not_found', 'gone')) });
    expect(await stores.useItems.getState().resolve(line('TX-2'), 'other', 'x')).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('reconciliation suggestions and decisions', () => {
  it('confirms an option: gone from the queue, recorded for undo, and undone on request', async () => {
    const stores = createReconStores(client);
    core({ 'recon:match.confirm': () => decision(), 'recon:undo': () => decision() });
    await stores.useSuggestions.getState().reload();
    await stores.useSuggestions.getState().confirm('S1', 1);
    expect(calls('recon:match.confirm')).toEqual([{ key: 'S1', option: 1 }]);
    const entry = stores.useDecisions.getState().lastFor('RF02');
    expect(entry?.description).toBe('Confirmed the match of bank line TX-9 with request RF02');
    expect(stores.useDecisions.getState().announcement?.text).toBe(
      'Confirmed the match of bank line TX-9 with request RF02.',
    );
    await stores.useDecisions.getState().undo(entry!.decisionId, { reason: ' Wrong payment ' });
    expect(calls('recon:undo')).toEqual([{ decisionId: 1, reason: 'Wrong payment' }]);
    expect(stores.useDecisions.getState().log).toEqual([]);
    expect(stores.useDecisions.getState().announcement?.text).toBe(
      'Undone: Confirmed the match of bank line TX-9 with request RF02 (reason: Wrong payment).',
    );
  });

  it('shows the queue a page at a time, counting every suggestion, and keeps the place after a decision', async () => {
    const queue = Array.from({ length: 60 }, (_, index) => ({ ...suggestion, key: `S${index + 1}` }));
    let open = queue;
    core({
      'recon:suggestions': (input) => {
        const { offset = 0, limit = open.length } = input as { offset?: number; limit?: number };
        return { total: open.length, suggestions: open.slice(offset, offset + limit) };
      },
      'recon:match.reject': () => decision(),
    });
    const stores = createReconStores(client);
    const shown = () => shownValue(stores.useSuggestions.getState().view)!.map((item) => item.key);
    await stores.useSuggestions.getState().reload();
    expect(calls('recon:suggestions')).toEqual([{ limit: 25 }]);
    expect(shown()).toHaveLength(25);
    expect(stores.useSuggestions.getState().total).toBe(60);
    await stores.useSuggestions.getState().showMore();
    expect(calls('recon:suggestions')[1]).toEqual({ offset: 25, limit: 25 });
    expect(shown()).toEqual(queue.slice(0, 50).map((item) => item.key));
    open = queue.filter((item) => item.key !== 'S3');
    await stores.useSuggestions.getState().reject('S3');
    expect(stores.useSuggestions.getState().total).toBe(59);
    await settle();
    // The reload after the decision asks for as many as were shown: the person keeps their place.
    expect(calls('recon:suggestions').at(-1)).toEqual({ limit: 49 });
  });

  it('rejects a suggestion, and keeps a failed decision on its suggestion', async () => {
    const stores = createReconStores(client);
    core({ 'recon:match.reject': () => Promise.reject(new AppError('not_found', 'no such suggestion')) });
    await stores.useSuggestions.getState().reload();
    await stores.useSuggestions.getState().reject('S1');
    expect(stores.useSuggestions.getState().failure).toMatchObject({
      key: 'S1',
      error: { code: 'not_found' },
    });
    expect(stores.useSuggestions.getState().busyKey).toBeNull();
    core({
      'recon:match.reject': () => decision(),
      'recon:suggestions': () => ({ total: 0, suggestions: [] }),
    });
    await stores.useSuggestions.getState().reject('S1');
    // Gone at once, before the reload that follows the decision answers.
    expect(shownValue(stores.useSuggestions.getState().view)).toEqual([]);
    await settle();
    expect(stores.useSuggestions.getState().view).toMatchObject({ status: 'ready', value: [] });
    expect(stores.useDecisions.getState().lastFor('RF01')?.description).toMatch(/^Rejected a suggestion/);
  });

  it('undoes a stored match not made in this window (an automatic one) with its reason', async () => {
    const stores = createReconStores(client);
    core({ 'recon:undo': () => decision() });
    // Without its words, a decision not of this window is not undone: nothing is asked of the core.
    expect(await stores.useDecisions.getState().undo(7, { reason: 'Wrong float' })).toBeNull();
    expect(calls('recon:undo')).toEqual([]);
    // A blank reason is refused before the core is asked.
    expect(
      await stores.useDecisions
        .getState()
        .undo(7, { reason: '   ', description: 'the match of request RF01' }),
    ).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/reason/) });
    expect(calls('recon:undo')).toEqual([]);
    await stores.useDecisions.getState().undo(7, {
      reason: '  Wrong float  ',
      description: 'the match of request RF01 (reason: Wrong float)',
    });
    expect(calls('recon:undo')).toEqual([{ decisionId: 7, reason: 'Wrong float' }]);
    expect(stores.useDecisions.getState().announcement?.text).toBe(
      'Undone: the match of request RF01 (reason: Wrong float).',
    );
  });

  it('names an option’s bank lines by date and amount when the core gives them, never by id', async () => {
    const stores = createReconStores(client);
    const detailed = {
      ...suggestion,
      options: suggestion.options.map((option) => ({
        ...option,
        lineIds: ['sha256:ab12:1'],
        lines: [
          {
            id: 'sha256:ab12:1',
            bookingDate: '2026-03-02',
            valueDate: null,
            amount: { amount: '-2500.00', currency: 'GBP' },
            counterparty: null,
            remittance: 'TOP UP',
            reference: null,
            bankId: null,
          },
        ],
      })),
    };
    core({
      'recon:suggestions': () => ({ total: 1, suggestions: [detailed] }),
      'recon:match.confirm': () => decision(),
    });
    await stores.useSuggestions.getState().reload();
    await stores.useSuggestions.getState().confirm('S1', 0);
    const text = stores.useDecisions.getState().announcement?.text ?? '';
    expect(text).toMatch(
      /^Confirmed the match of bank line of .*2026.* for .*2,500\.00 with request RF01\.$/,
    );
    expect(text).not.toContain('sha256:');
  });

  it('a failed undo keeps the decision and says why', async () => {
    const stores = createReconStores(client);
    core({
      'recon:resolve': () => decision(),
      'recon:undo': () => Promise.reject(new AppError('ledger_busy', 'busy')),
    });
    await stores.useItems.getState().resolve(line('TX-1'), 'duplicate', 'twice');
    const failure = await stores.useDecisions.getState().undo(1, { reason: 'Not a duplicate' });
    expect(failure).toMatchObject({ code: 'ledger_busy' });
    expect(stores.useDecisions.getState().log).toHaveLength(1);
    expect(stores.useDecisions.getState().announcement).toMatchObject({ kind: 'error' });
  });
});

describe('reconciliation roll-forward and ledger changes', () => {
  it('loads a period, and reloads it with everything after a decision', async () => {
    const stores = createReconStores(client);
    core({ 'recon:resolve': () => decision() });
    await stores.useRollforward.getState().load({ from: '2026-03-01', to: '2026-03-31' });
    expect(calls('recon:rollforward')).toEqual([{ from: '2026-03-01', to: '2026-03-31' }]);
    await stores.useItems.getState().resolve(line('TX-1'), 'other', 'n');
    await settle();
    expect(calls('recon:rollforward')).toHaveLength(2);
  });

  it('makes the journals only when asked, then reloads them after a decision and with the as-of date, keeping the last good ones on a failure', async () => {
    const stores = createReconStores(client);
    const preview = { asOf: '2026-03-31', journals: [], missing: ['Float "Main" in GBP has no accounts'] };
    let fail = false;
    core({
      'recon:resolve': () => decision(),
      'journals:preview': () => {
        if (fail) throw new AppError('ledger_busy', 'Busy');
        return preview;
      },
    });
    // Made on demand only: following the as-of date and the ledger asks nothing until shown.
    await stores.useJournals.getState().setAsOf('2026-03-30');
    await stores.useJournals.getState().reload();
    await stores.useItems.getState().resolve(line('TX-1'), 'other', 'n');
    await settle();
    expect(calls('journals:preview')).toEqual([]);
    await stores.useJournals.getState().setAsOf('2026-03-31');
    await stores.useJournals.getState().show();
    expect(calls('journals:preview')).toEqual([{ asOf: '2026-03-31' }]);
    expect(shownValue(stores.useJournals.getState().view)).toBe(preview);
    fail = true;
    await stores.useItems.getState().resolve(line('TX-1'), 'other', 'n');
    await settle();
    expect(calls('journals:preview')).toHaveLength(2);
    expect(stores.useJournals.getState().view).toMatchObject({ status: 'error', previous: preview });
    // Once shown, they follow the as-of date.
    fail = false;
    await stores.useJournals.getState().setAsOf('2026-04-30');
    expect(calls('journals:preview').at(-1)).toEqual({ asOf: '2026-04-30' });
  });

  it('follows ledger:changed, at most once per interval', async () => {
    vi.useFakeTimers();
    try {
      let listener: (() => void) | undefined;
      const events = {
        invoke,
        onEvent: (_name: string, fn: () => void) => {
          listener = fn;
          return () => (listener = undefined);
        },
      } as unknown as ReconClient;
      const refresh = vi.fn();
      const stop = keepPageCurrent(events, refresh, 500);
      listener?.();
      listener?.();
      vi.advanceTimersByTime(0);
      expect(refresh).toHaveBeenCalledTimes(1);
      listener?.();
      vi.advanceTimersByTime(499);
      expect(refresh).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(refresh).toHaveBeenCalledTimes(2);
      stop();
      expect(listener).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
