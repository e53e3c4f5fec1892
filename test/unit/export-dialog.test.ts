import { describe, expect, it, vi } from 'vitest';
import { startExportWithDialog, withExportDialog } from '../../src/main/shell/export-dialog';
import { exportFileName } from '../../src/main/core/export/file-name';

const ok = { ok: true as const, value: { exportId: 'abc', fileName: 'x' } };

describe('export:start in the Electron shell', () => {
  it('asks with the save dialog (suggested name, extension filter) and forwards the chosen path', async () => {
    const core = { invoke: vi.fn(async () => ok) };
    const ask = vi.fn(async () => '/home/me/transfers.csv');
    const input = { request: { table: 'transfers' as const }, format: 'csv-regional' as const };
    expect(await startExportWithDialog(core, input, ask, '2026-03-01')).toBe(ok);
    expect(ask).toHaveBeenCalledWith({
      defaultName: 'floatdesk-transfers-2026-03-01-regional.csv',
      filters: [{ name: 'CSV file', extensions: ['csv'] }],
    });
    expect(core.invoke).toHaveBeenCalledWith('export:start', {
      ...input,
      destination: '/home/me/transfers.csv',
    });
  });

  it('appends the format extension when the chosen path lacks it (and keeps one that is there)', async () => {
    const core = { invoke: vi.fn(async () => ok) };
    const cases: Array<[string, 'csv' | 'csv-regional' | 'xlsx', string]> = [
      ['/home/me/march', 'csv', '/home/me/march.csv'],
      ['/home/me/march', 'csv-regional', '/home/me/march.csv'],
      ['/home/me/march', 'xlsx', '/home/me/march.xlsx'],
      ['/home/me/march.csv', 'xlsx', '/home/me/march.csv.xlsx'],
      ['/home/me/March.XLSX', 'xlsx', '/home/me/March.XLSX'],
      ['/home/me/march.csv', 'csv', '/home/me/march.csv'],
    ];
    for (const [chosen, format, expected] of cases) {
      core.invoke.mockClear();
      const input = { request: { table: 'balances' as const }, format };
      await startExportWithDialog(core, input, async () => chosen, '2026-03-01');
      expect(core.invoke).toHaveBeenCalledWith('export:start', { ...input, destination: expected });
    }
  });

  it('answers {exportId: null, fileName} without calling the core when the dialog is closed', async () => {
    const core = { invoke: vi.fn(async () => ok) };
    const input = { request: { table: 'reconciliation' as const }, format: 'xlsx' as const };
    const answer = await startExportWithDialog(core, input, async () => undefined, '2026-03-01');
    expect(answer).toEqual({
      ok: true,
      value: { exportId: null, fileName: 'floatdesk-reconciliation-2026-03-01.xlsx' },
    });
    expect(core.invoke).not.toHaveBeenCalled();
  });

  it('refuses a path chosen by the window, and passes every other channel through', async () => {
    const core = { invoke: vi.fn(async () => ok) };
    const ask = vi.fn(async () => '/x.csv');
    const gateway = withExportDialog(core, ask);
    const refused = await gateway.invoke('export:start', {
      request: { table: 'audit' },
      format: 'csv',
      destination: '/etc/passwd',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(ask).not.toHaveBeenCalled();
    await gateway.invoke('export:cancel', { exportId: 'abc' });
    expect(core.invoke).toHaveBeenCalledWith('export:cancel', { exportId: 'abc' });
  });

  it('suggests names per table, part, format and date', () => {
    const recon = { table: 'reconciliation' as const, filters: { part: 'open-items' as const } };
    expect(exportFileName(recon, 'csv', '2026-01-31')).toBe(
      'floatdesk-reconciliation-open-items-2026-01-31.csv',
    );
    expect(exportFileName(recon, 'xlsx', '2026-01-31')).toBe('floatdesk-reconciliation-2026-01-31.xlsx');
  });
});

describe('journals:export in the Electron shell', () => {
  it('asks where to write the journals, forwards the path, and answers cancelled when the dialog is closed', async () => {
    const core = { invoke: vi.fn(async () => ok) };
    const ask = vi.fn(async () => '/home/me/october');
    const shell = withExportDialog(core, ask);
    await shell.invoke('journals:export', { asOf: '2026-10-31', format: 'xero' });
    expect(ask).toHaveBeenCalledWith({
      defaultName: 'floatdesk-journals-2026-10-31-xero.csv',
      filters: [{ name: 'CSV file', extensions: ['csv'] }],
    });
    expect(core.invoke).toHaveBeenCalledWith('journals:export', {
      asOf: '2026-10-31',
      format: 'xero',
      destination: '/home/me/october.csv',
    });

    core.invoke.mockClear();
    const closed = await withExportDialog(core, async () => undefined).invoke('journals:export', {
      asOf: '2026-10-31',
      format: 'xlsx',
    });
    expect(closed).toEqual({
      ok: true,
      value: { cancelled: true, fileName: 'floatdesk-journals-2026-10-31-xlsx.xlsx' },
    });
    expect(core.invoke).not.toHaveBeenCalled();
    const chosen = await shell.invoke('journals:export', {
      asOf: '2026-10-31',
      format: 'csv',
      destination: '/tmp/x.csv',
    });
    expect(chosen).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
