/**
 * The reconciliation's derived reading kept in the file (migration 0020): the inputs' version
 * counter, the mark a run leaves, and summaries as of a date. What is stored holds while the counter
 * is where it was when the value was derived; a read gets nothing stale, only a hit or a miss.
 */
import type { ReconSummary } from '../../../../shared/ipc/contract-recon';
import type { Ledger } from '../db';

export class ReconReadingsRepository {
  constructor(private readonly db: Ledger) {}

  /**
   * Where the reconciliation's inputs stand: moves with every change of an input, by this
   * connection or any other, and with nothing else (the derived tables are not inputs). Together
   * with PRAGMA data_version it says whether a reading kept in memory still holds.
   */
  inputsVersion(): number {
    return this.db.prepare('SELECT version FROM recon_inputs_version WHERE id = 1').pluck().get() as number;
  }

  /** The inputs' version right after the last run with these options stored its result. */
  runMark(workspaceId: number, optionsKey: string): number | null {
    const version = this.db
      .prepare<[number, string], number>(
        'SELECT inputs_version FROM recon_run_marks WHERE workspace_id = ? AND options_key = ?',
      )
      .pluck()
      .get(workspaceId, optionsKey);
    return version ?? null;
  }

  /** Call inside the run's transaction, after its writes. */
  markRun(workspaceId: number, optionsKey: string): void {
    this.db
      .prepare(
        `INSERT INTO recon_run_marks (workspace_id, options_key, inputs_version)
         VALUES (?, ?, (SELECT version FROM recon_inputs_version WHERE id = 1))
         ON CONFLICT (workspace_id, options_key) DO UPDATE SET inputs_version = excluded.inputs_version`,
      )
      .run(workspaceId, optionsKey);
  }

  /** The bank lines imported since the run mark `since`, up to the inputs' version `to`. */
  pendingLines(
    workspaceId: number,
  ): { optionsKey: string; since: number; to: number; lines: number[] } | null {
    const row = this.db
      .prepare<[number], { options_key: string; since_version: number; to_version: number; lines: string }>(
        'SELECT options_key, since_version, to_version, lines FROM recon_run_pending WHERE workspace_id = ?',
      )
      .get(workspaceId);
    if (row === undefined) return null;
    const lines = JSON.parse(row.lines) as number[];
    return { optionsKey: row.options_key, since: row.since_version, to: row.to_version, lines };
  }

  savePendingLines(
    workspaceId: number,
    pending: { optionsKey: string; since: number; to: number; lines: readonly number[] },
  ): void {
    this.db
      .prepare(
        `INSERT INTO recon_run_pending (workspace_id, options_key, since_version, to_version, lines)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (workspace_id) DO UPDATE SET options_key = excluded.options_key,
           since_version = excluded.since_version, to_version = excluded.to_version, lines = excluded.lines`,
      )
      .run(workspaceId, pending.optionsKey, pending.since, pending.to, JSON.stringify(pending.lines));
  }

  clearPendingLines(workspaceId: number): void {
    this.db.prepare('DELETE FROM recon_run_pending WHERE workspace_id = ?').run(workspaceId);
  }

  /** The summary derived at the inputs' current version, or null. */
  summary(workspaceId: number, asOf: string, optionsKey: string): ReconSummary | null {
    const text = this.db
      .prepare<[number, string, string], string>(
        `SELECT s.summary FROM recon_summaries s, recon_inputs_version v
          WHERE s.workspace_id = ? AND s.as_of = ? AND s.options_key = ? AND v.id = 1
            AND s.inputs_version = v.version`,
      )
      .pluck()
      .get(workspaceId, asOf, optionsKey);
    return text === undefined ? null : (JSON.parse(text) as ReconSummary);
  }

  /** The summary kept as derived at `version` (current or not), or null. */
  summaryAt(workspaceId: number, asOf: string, optionsKey: string, version: number): ReconSummary | null {
    const text = this.db
      .prepare<[number, string, string, number], string>(
        `SELECT summary FROM recon_summaries
          WHERE workspace_id = ? AND as_of = ? AND options_key = ? AND inputs_version = ?`,
      )
      .pluck()
      .get(workspaceId, asOf, optionsKey, version);
    return text === undefined ? null : (JSON.parse(text) as ReconSummary);
  }

  /**
   * Keeps a summary derived at `version`; nothing is kept when the inputs have moved since (it
   * would be stale). Summaries of an older version are dropped: they can never be read again.
   */
  saveSummary(
    workspaceId: number,
    asOf: string,
    optionsKey: string,
    version: number,
    summary: ReconSummary,
  ): void {
    this.db
      .prepare(
        `DELETE FROM recon_summaries WHERE workspace_id = ?
            AND inputs_version <> (SELECT version FROM recon_inputs_version WHERE id = 1)`,
      )
      .run(workspaceId);
    this.db
      .prepare(
        `INSERT INTO recon_summaries (workspace_id, as_of, options_key, inputs_version, summary)
         SELECT ?, ?, ?, version, ? FROM recon_inputs_version WHERE id = 1 AND version = ?
         ON CONFLICT (workspace_id, as_of, options_key) DO UPDATE SET
           inputs_version = excluded.inputs_version, summary = excluded.summary`,
      )
      .run(workspaceId, asOf, optionsKey, JSON.stringify(summary), version);
  }

  /** The open suggestions' keys in the run's order, when kept at the inputs' current version. */
  suggestionQueue(workspaceId: number): string[] | null {
    const keys = this.db
      .prepare<[number], string>(
        `SELECT q.keys FROM recon_suggestion_queues q, recon_inputs_version v
          WHERE q.workspace_id = ? AND v.id = 1 AND q.inputs_version = v.version`,
      )
      .pluck()
      .get(workspaceId);
    return keys === undefined ? null : (JSON.parse(keys) as string[]);
  }

  /** The queue kept as derived at `version` (current or not), or null. */
  suggestionQueueAt(workspaceId: number, version: number): string[] | null {
    const keys = this.db
      .prepare<[number, number], string>(
        'SELECT keys FROM recon_suggestion_queues WHERE workspace_id = ? AND inputs_version = ?',
      )
      .pluck()
      .get(workspaceId, version);
    return keys === undefined ? null : (JSON.parse(keys) as string[]);
  }

  /** Keeps the queue derived at `version`, unless the inputs have moved since. */
  saveSuggestionQueue(workspaceId: number, version: number, keys: readonly string[]): void {
    this.db
      .prepare(
        `INSERT INTO recon_suggestion_queues (workspace_id, inputs_version, keys)
         SELECT ?, version, ? FROM recon_inputs_version WHERE id = 1 AND version = ?
         ON CONFLICT (workspace_id) DO UPDATE SET inputs_version = excluded.inputs_version, keys = excluded.keys`,
      )
      .run(workspaceId, JSON.stringify(keys), version);
  }
}
