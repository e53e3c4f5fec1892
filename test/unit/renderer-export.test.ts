import { describe, expect, it, vi } from 'vitest';
import type { ExportFinished, ExportProgress } from '@shared/ipc/contract-export';
import { ExportRequestSchema } from '@shared/ipc/contract-export';
import { AppError } from '@shared/ipc/errors';
import {
  auditRequest,
  balanceHistoryRequest,
  balancesRequest,
  reconciliationRequest,
  signOffReportRequest,
  transfersRequest,
} from '../../src/renderer/src/features/export/export-request';
import {
  ExportSession,
  NO_FILE_CHOSEN,
  type ExportDeps,
  type ExportPhase,
} from '../../src/renderer/src/features/export/export-session';
import { formatBytes, phaseSentence, progressText } from '../../src/renderer/src/features/export/export-text';
import {
  FORMAT_STORAGE_KEY,
  initialFormat,
  rememberFormat,
  suggestedFormat,
  type FormatStorage,
} from '../../src/renderer/src/features/export/format-memory';
import { setFormatPreferences } from '../../src/renderer/src/lib/format-preferences';

setFormatPreferences({ locale: 'en-GB', dateStyle: 'iso' });
const valid = (request: unknown): unknown => ExportRequestSchema.parse(request);

describe('the ExportRequest of each screen', () => {
  it('transfers: the filters that are set, the sort, and history only when asked', () => {
    const view: Parameters<typeof transfersRequest>[0] = {
      filters: { statuses: ['approved'], currency: 'GBP', text: '' },
      sort: { column: 'requested', direction: 'asc' },
    };
    const request = transfersRequest(view, { withHistory: false });
    expect(request).toEqual({
      table: 'transfers',
      filters: { statuses: ['approved'], currency: 'GBP' },
      sort: { column: 'requested', direction: 'asc' },
    });
    expect(valid(request)).toEqual(request);
    expect(transfersRequest({ filters: { statuses: [] }, sort: view.sort }, { withHistory: true })).toEqual({
      table: 'transfers',
      sort: view.sort,
      withHistory: true,
    });
  });

  it('reconciliation: complete whatever the screen filters, unless only what it shows is chosen', () => {
    const view = { asOf: '2026-03-31', state: 'variance', ageing: '8-30' } as const;
    expect(reconciliationRequest(view, { format: 'csv', part: 'open-items' })).toEqual({
      table: 'reconciliation',
      filters: { asOf: '2026-03-31', part: 'open-items' },
    });
    const csv = reconciliationRequest(view, { format: 'csv', part: 'open-items', onlyShown: true });
    expect(csv).toEqual({
      table: 'reconciliation',
      filters: {
        asOf: '2026-03-31',
        states: ['variance'],
        ageing: '8-30',
        onlyFiltered: true,
        part: 'open-items',
      },
    });
    expect(valid(csv)).toEqual(csv);
    expect(reconciliationRequest(view, { format: 'xlsx', part: 'open-items', onlyShown: true })).toEqual({
      table: 'reconciliation',
      filters: { asOf: '2026-03-31', states: ['variance'], ageing: '8-30', onlyFiltered: true },
    });
    // "Only what the screen shows" with no filter on the screen is the complete report.
    expect(
      reconciliationRequest({ asOf: '2026-03-31' }, { format: 'xlsx', part: 'all', onlyShown: true }),
    ).toEqual({ table: 'reconciliation', filters: { asOf: '2026-03-31' } });
    expect(reconciliationRequest({}, { format: 'csv', part: 'all' })).toEqual({ table: 'reconciliation' });
    expect(reconciliationRequest({ asOf: '' }, { format: 'xlsx', part: 'all' })).toEqual({
      table: 'reconciliation',
    });
  });

  it('reconciliation: only what the screen shows carries every filter of the open items, as recon:items gets it', () => {
    const view = {
      asOf: '2026-03-31',
      state: 'awaiting_payment',
      ageing: 'over-30',
      search: 'ACME 2,500.00',
      currency: 'GBP',
      float: 'main',
      direction: 'in',
      min: '1,000',
      max: '25,000.50',
      sort: { column: 'amount', descending: true },
    } as const;
    const request = reconciliationRequest(view, { format: 'xlsx', part: 'all', onlyShown: true });
    expect(request).toEqual({
      table: 'reconciliation',
      filters: {
        asOf: '2026-03-31',
        states: ['awaiting_payment'],
        ageing: 'over-30',
        search: 'ACME 2,500.00',
        currencies: ['GBP'],
        floats: ['main'],
        direction: 'in',
        amountMin: '1000',
        amountMax: '25000.5',
        onlyFiltered: true,
      },
    });
    expect(valid(request)).toEqual(request);
    // A search alone is a filter too: the choice is offered and carried.
    expect(
      reconciliationRequest({ search: '980.00' }, { format: 'xlsx', part: 'all', onlyShown: true }),
    ).toEqual({
      table: 'reconciliation',
      filters: { search: '980.00', searchAmount: '980', onlyFiltered: true },
    });
  });

  it('a sign-off report, the audit log, balances and one float’s history', () => {
    expect(signOffReportRequest(7, { format: 'csv-regional', part: 'summary' })).toEqual({
      table: 'reconciliation',
      filters: { signOffId: 7, part: 'summary' },
    });
    expect(signOffReportRequest(7, { format: 'xlsx', part: 'summary' })).toEqual({
      table: 'reconciliation',
      filters: { signOffId: 7 },
    });
    expect(auditRequest()).toEqual({ table: 'audit' });
    expect(balancesRequest()).toEqual({ table: 'balances' });
    expect(balanceHistoryRequest()).toEqual({ table: 'balance-history' });
    const one = balanceHistoryRequest({ currency: 'EUR', name: 'Main', from: '2026-01-01' });
    expect(one).toEqual({
      table: 'balance-history',
      filters: { currency: 'EUR', float: 'Main', from: '2026-01-01' },
    });
    expect(valid(one)).toEqual(one);
  });
});

function memoryStorage(
  initial: Record<string, string> = {},
): FormatStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe('the format choice', () => {
  it('suggests regional CSV where the locale writes a decimal comma', () => {
    expect(suggestedFormat('de-DE')).toBe('csv-regional');
    expect(suggestedFormat('fr-FR')).toBe('csv-regional');
    expect(suggestedFormat('en-GB')).toBe('csv');
    expect(suggestedFormat('en-US')).toBe('csv');
  });

  it('remembers the last choice, tables and reports apart; a report starts as a workbook', () => {
    const storage = memoryStorage();
    expect(initialFormat(storage, 'de-DE')).toBe('csv-regional');
    expect(initialFormat(storage, 'de-DE', 'report')).toBe('xlsx');
    rememberFormat(storage, 'xlsx');
    rememberFormat(storage, 'csv', 'report');
    expect(initialFormat(storage, 'de-DE')).toBe('xlsx');
    expect(initialFormat(storage, 'de-DE', 'report')).toBe('csv');
    expect(storage.data[FORMAT_STORAGE_KEY]).toBe('xlsx');
  });

  it('ignores a stored value that is not a format, and storage that throws', () => {
    expect(initialFormat(memoryStorage({ [FORMAT_STORAGE_KEY]: 'pdf' }), 'en-GB')).toBe('csv');
    const broken: FormatStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(initialFormat(broken, 'en-GB')).toBe('csv');
    expect(() => rememberFormat(broken, 'xlsx')).not.toThrow();
    expect(initialFormat(undefined, 'en-GB')).toBe('csv');
  });
});

/** A fake core: export:start answers when told; events are sent by the test. */
function fakeCore(download: ExportDeps['download'] = null) {
  const progress = new Set<(p: ExportProgress) => void>();
  const finished = new Set<(f: ExportFinished) => void>();
  type Started = { exportId: string | null; fileName: string };
  let answer: (value: Started) => void = () => undefined;
  const deps: ExportDeps = {
    start: vi.fn(() => new Promise<Started>((resolve) => (answer = resolve))),
    cancel: vi.fn(async () => ({ cancelled: true })),
    onProgress: (listener) => (progress.add(listener), () => progress.delete(listener)),
    onFinished: (listener) => (finished.add(listener), () => finished.delete(listener)),
    download,
    lostAfterMs: 50,
  };
  const phases: ExportPhase[] = [];
  const session = new ExportSession(deps, (phase) => phases.push(phase));
  return {
    deps,
    session,
    phases,
    listeners: () => progress.size + finished.size,
    answer: (exportId: string | null) => answer({ exportId, fileName: 'floatdesk-transfers-2026-11-22.csv' }),
    progress: (p: ExportProgress) => progress.forEach((listener) => listener(p)),
    finish: (f: Partial<ExportFinished> & { exportId: string }) =>
      finished.forEach((listener) =>
        listener({
          outcome: 'done',
          rows: 3,
          bytes: 120,
          path: '/x.csv',
          fileName: 'floatdesk-transfers-2026-11-22.csv',
          error: null,
          ...f,
        }),
      ),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('an export session', () => {
  it('follows progress to done, and keeps events that overtook the answer to start', async () => {
    const core = fakeCore();
    const started = core.session.start({ table: 'transfers' }, 'csv');
    expect(core.session.phase.status).toBe('starting');
    core.progress({ exportId: 'e1', rows: 5, totalRows: 10 });
    core.progress({ exportId: 'other', rows: 99, totalRows: 100 });
    core.answer('e1');
    await started;
    expect(core.session.phase).toMatchObject({ status: 'running', rows: 5, totalRows: 10 });
    expect(progressText(core.session.phase)).toBe('5 of 10 rows');
    // One export at a time: a second start while running does nothing.
    await core.session.start({ table: 'balances' }, 'csv');
    expect(core.deps.start).toHaveBeenCalledTimes(1);
    core.finish({ exportId: 'e1', path: '/home/me/transfers.csv' });
    await flush();
    expect(core.session.phase).toEqual({
      status: 'done',
      fileName: 'floatdesk-transfers-2026-11-22.csv',
      rows: 3,
      bytes: 120,
      savedTo: '/home/me/transfers.csv',
    });
    expect(phaseSentence(core.session.phase, 'x')).toBe(
      'Saved to /home/me/transfers.csv: 3 rows, 120 bytes.',
    );
    expect(core.listeners()).toBe(0);
  });

  it('downloads a finished export in the browser shell, and says when that fails', async () => {
    const download = vi.fn(async () => undefined);
    const core = fakeCore(download);
    const started = core.session.start({ table: 'transfers' }, 'csv');
    core.answer('e1');
    await started;
    core.finish({ exportId: 'e1' });
    await flush();
    expect(download).toHaveBeenCalledWith('e1', 'floatdesk-transfers-2026-11-22.csv');
    expect(core.session.phase).toMatchObject({ status: 'done', savedTo: null });
    expect(phaseSentence(core.session.phase, 'x')).toBe(
      'Downloaded floatdesk-transfers-2026-11-22.csv: 3 rows, 120 bytes.',
    );

    const failing = fakeCore(async () => {
      throw new Error('No such export (already downloaded?). (HTTP 404). Export again.');
    });
    const again = failing.session.start({ table: 'transfers' }, 'csv');
    failing.answer('e2');
    await again;
    failing.finish({ exportId: 'e2' });
    await flush();
    expect(failing.session.phase).toMatchObject({ status: 'failed' });
    expect(phaseSentence(failing.session.phase, 'x')).toContain('could not be downloaded: No such export');
  });

  it('cancels, also when Cancel came before the id was known', async () => {
    const core = fakeCore();
    const started = core.session.start({ table: 'transfers' }, 'csv');
    await core.session.cancel();
    expect(core.session.phase).toEqual({ status: 'starting', cancelling: true });
    expect(core.deps.cancel).not.toHaveBeenCalled();
    core.answer('e1');
    await started;
    expect(core.deps.cancel).toHaveBeenCalledWith('e1');
    expect(progressText(core.session.phase)).toBe('Cancelling…');
    core.finish({ exportId: 'e1', outcome: 'cancelled', path: null });
    await flush();
    expect(core.session.phase.status).toBe('cancelled');
    expect(phaseSentence(core.session.phase, 'x')).toBe('Export cancelled. No file was written.');
    core.session.reset();
    expect(core.session.phase).toEqual({ status: 'idle', note: null });
  });

  it('a cancel that finds nothing running waits for the outcome, then says it was lost', async () => {
    const core = fakeCore();
    vi.mocked(core.deps.cancel).mockResolvedValueOnce({ cancelled: false });
    const started = core.session.start({ table: 'transfers' }, 'csv');
    core.answer('e1');
    await started;
    await core.session.cancel();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(core.session.phase).toMatchObject({ status: 'failed' });
    expect(phaseSentence(core.session.phase, 'x')).toContain('did not reach this window');
  });

  it('failed in words; a refused start; a closed save dialog', async () => {
    const core = fakeCore();
    const started = core.session.start({ table: 'transfers' }, 'csv');
    core.answer('e1');
    await started;
    core.finish({
      exportId: 'e1',
      outcome: 'failed',
      path: null,
      error: { code: 'ledger_busy', message: 'The ledger is busy.' },
    });
    await flush();
    expect(phaseSentence(core.session.phase, 'x')).toBe('The export failed: The ledger is busy.');

    vi.mocked(core.deps.start).mockRejectedValueOnce(
      new AppError('ledger_busy', '4 exports are running already.'),
    );
    await core.session.start({ table: 'transfers' }, 'csv');
    expect(core.session.phase).toEqual({
      status: 'failed',
      fileName: null,
      message: '4 exports are running already.',
    });
    expect(core.listeners()).toBe(0);

    const closed = core.session.start({ table: 'transfers' }, 'csv');
    core.answer(null);
    await closed;
    expect(core.session.phase).toEqual({ status: 'idle', note: NO_FILE_CHOSEN });
  });

  it('a control that goes away cancels its running export', async () => {
    const core = fakeCore();
    const started = core.session.start({ table: 'transfers' }, 'csv');
    core.answer('e1');
    await started;
    core.session.dispose();
    expect(core.deps.cancel).toHaveBeenCalledWith('e1');
    expect(core.listeners()).toBe(0);
  });
});

describe('export text', () => {
  it('sizes and unknown totals', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5\u00a0KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5\u00a0MB');
    expect(
      progressText({
        status: 'running',
        exportId: 'e',
        fileName: 'f',
        rows: 1200,
        totalRows: null,
        cancelling: false,
      }),
    ).toBe('1,200 rows written');
  });
});

describe('what an export dialog says will leave', () => {
  it('the transfer filters and sort, and the report’s as-of date and item filters', async () => {
    const { reconDescription, reconFilterWords, transfersDescription } =
      await import('../../src/renderer/src/features/export/export-describe');
    expect(
      transfersDescription(
        {
          filters: { statuses: ['approved'], currency: 'GBP' },
          sort: { column: 'requested', direction: 'asc' },
        },
        293,
      ),
    ).toBe(
      'The 293 transfer requests that match the filters (GBP, status approved), sorted by Requested, ascending.',
    );
    expect(
      transfersDescription({ filters: {}, sort: { column: 'createdAt', direction: 'desc' } }, null),
    ).toMatch(/^The transfer requests in the ledger, sorted by .+, newest first\.$/);
    expect(reconDescription({ asOf: '2026-03-31', state: 'variance', ageing: '8-30' })).toBe(
      'The reconciliation report as of 2026-03-31: summary, roll-forward, matches, every open item, resolutions, and the audit log.',
    );
    expect(reconFilterWords({ state: 'variance', ageing: '8-30' })).toBe('state Variance; age 8 to 30 days');
    expect(
      reconFilterWords({
        search: 'ACME',
        currency: 'GBP',
        float: 'main',
        direction: 'out',
        min: '100',
        max: '2,500.5',
      }),
    ).toBe(
      'search “ACME”; currency GBP; float “main”; money out (bank payments); amount £100.00 to £2,500.50',
    );
    expect(reconFilterWords({})).toBeNull();
  });
});

describe('the Brands screens export what they show', () => {
  it('brands: the search text, the chosen facets and the sort; nothing when nothing is chosen', async () => {
    const { brandsRequest } = await import('../../src/renderer/src/features/export/export-request');
    expect(valid(brandsRequest({ text: '  ', filters: {}, sort: null }))).toEqual({ table: 'brands' });
    expect(
      valid(
        brandsRequest({
          text: ' café ',
          filters: { currency: ['GBP', 'EUR'], status: [], category: ['3'] },
          sort: { column: 'discount', direction: 'desc' },
        }),
      ),
    ).toEqual({
      table: 'brands',
      filters: {
        text: 'café',
        facets: { currency: ['GBP', 'EUR'], category: ['3'] },
        sort: 'discount',
        direction: 'desc',
      },
    });
  });

  it('brand changes: the dates and kinds of the What changed view', async () => {
    const { brandChangesRequest } = await import('../../src/renderer/src/features/export/export-request');
    expect(valid(brandChangesRequest({ kinds: [] }))).toEqual({ table: 'brand-changes' });
    expect(valid(brandChangesRequest({ from: '2026-11-01', kinds: ['changed', 'vanished'] }))).toEqual({
      table: 'brand-changes',
      filters: { from: '2026-11-01', kinds: ['changed', 'vanished'] },
    });
  });
});
