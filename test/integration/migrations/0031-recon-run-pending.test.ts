/**
 * Migration 0031-recon-run-pending: the lines imported since the last run, one row per workspace,
 * kept by the reading's repository (recon/follow/follow-import.ts writes it, a run clears it).
 */
import { describe, expect, it } from 'vitest';
import { ReconReadingsRepository } from '../../../src/main/core/ledger/repositories/recon-readings';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0031-recon-run-pending', () => {
  it('keeps one list of lines per workspace, replaced and cleared whole', () => {
    const db = migratedTo(scratch, 'recon-run-pending');
    const readings = new ReconReadingsRepository(db);
    expect(readings.pendingLines(1)).toBeNull();
    readings.savePendingLines(1, { optionsKey: 'k', since: 5, to: 9, lines: [3, 4] });
    readings.savePendingLines(1, { optionsKey: 'k', since: 5, to: 12, lines: [3, 4, 8] });
    expect(readings.pendingLines(1)).toEqual({ optionsKey: 'k', since: 5, to: 12, lines: [3, 4, 8] });
    expect(() => db.prepare("INSERT INTO recon_run_pending VALUES (1, 'k', 9, 5, '[]')").run()).toThrow(
      /CHECK|UNIQUE|PRIMARY/,
    );
    readings.clearPendingLines(1);
    expect(readings.pendingLines(1)).toBeNull();
  });
});
