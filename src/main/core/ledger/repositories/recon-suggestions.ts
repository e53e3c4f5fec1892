/**
 * The last run's suggestions (migration 0010: a cache every run replaces, not a decision; what a
 * person decided about them is in recon_decisions). Written inside the run's transaction.
 */
import type { Ledger } from '../db';

export interface StoredSuggestion {
  key: string;
  rule: string;
  reason: 'tie' | 'conflict' | 'weak_evidence';
  options: unknown[];
  computedAt: string;
}

interface SuggestionRow {
  key: string;
  rule: string;
  reason: StoredSuggestion['reason'];
  options: string;
  computed_at: string;
}

const toSuggestion = (row: SuggestionRow): StoredSuggestion => ({
  key: row.key,
  rule: row.rule,
  reason: row.reason,
  options: JSON.parse(row.options) as unknown[],
  computedAt: row.computed_at,
});

export class ReconSuggestionsRepository {
  constructor(private readonly db: Ledger) {}

  /** Replace the last run's suggestions. */
  replace(
    workspaceId: number,
    suggestions: ReadonlyArray<Omit<StoredSuggestion, 'computedAt'>>,
    computedAt: string,
  ): void {
    if (!this.db.inTransaction)
      throw new Error('Suggestions are replaced inside the run that computed them.');
    this.db.prepare('DELETE FROM recon_suggestions WHERE workspace_id = ?').run(workspaceId);
    const insert = this.db.prepare(
      `INSERT INTO recon_suggestions (workspace_id, key, position, rule, reason, options, computed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    suggestions.forEach((suggestion, position) =>
      insert.run(
        workspaceId,
        suggestion.key,
        position,
        suggestion.rule,
        suggestion.reason,
        JSON.stringify(suggestion.options),
        computedAt,
      ),
    );
  }

  /** Every suggestion of the last run, in its order. */
  all(workspaceId: number): StoredSuggestion[] {
    return this.db
      .prepare<[number], SuggestionRow>(
        'SELECT key, rule, reason, options, computed_at FROM recon_suggestions WHERE workspace_id = ? ORDER BY position',
      )
      .all(workspaceId)
      .map(toSuggestion);
  }

  /** The suggestions of these keys, in the order of the keys (those not stored left out). */
  byKeys(workspaceId: number, keys: readonly string[]): StoredSuggestion[] {
    const rows = this.db
      .prepare<[number, string], SuggestionRow>(
        `SELECT key, rule, reason, options, computed_at FROM recon_suggestions
          WHERE workspace_id = ? AND key IN (SELECT value FROM json_each(?))`,
      )
      .all(workspaceId, JSON.stringify(keys));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return keys.flatMap((key) => {
      const row = byKey.get(key);
      return row === undefined ? [] : [toSuggestion(row)];
    });
  }
}
