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

  /**
   * Replace the last run's suggestions with this run's, in its order. A suggestion found again as it
   * was (same key, rule, reason and options) is left as stored, with the time it was first found:
   * a run after an import finds most of the last run's suggestions again, and writing only what
   * changed spares rewriting tens of thousands of rows.
   */
  replace(
    workspaceId: number,
    suggestions: ReadonlyArray<Omit<StoredSuggestion, 'computedAt'>>,
    computedAt: string,
  ): void {
    if (!this.db.inTransaction)
      throw new Error('Suggestions are replaced inside the run that computed them.');
    type Stored = { key: string; position: number; rule: string; reason: string; options: string };
    const stored = new Map(
      this.db
        .prepare<[number], Stored>(
          'SELECT key, position, rule, reason, options FROM recon_suggestions WHERE workspace_id = ?',
        )
        .all(workspaceId)
        .map((row) => [row.key, row]),
    );
    const move = this.db.prepare(
      'UPDATE recon_suggestions SET position = ? WHERE workspace_id = ? AND key = ?',
    );
    const gone = new Set(stored.keys());
    const added: Array<{
      suggestion: Omit<StoredSuggestion, 'computedAt'>;
      position: number;
      options: string;
    }> = [];
    suggestions.forEach((suggestion, position) => {
      const options = JSON.stringify(suggestion.options);
      const old = stored.get(suggestion.key);
      if (
        old !== undefined &&
        old.rule === suggestion.rule &&
        old.reason === suggestion.reason &&
        old.options === options
      ) {
        gone.delete(suggestion.key);
        if (old.position !== position) move.run(position, workspaceId, suggestion.key);
      } else added.push({ suggestion, position, options });
    });
    // Changed ones go as well, and come back as new.
    const removed = [
      ...gone,
      ...added.flatMap(({ suggestion }) => (stored.has(suggestion.key) ? [suggestion.key] : [])),
    ];
    this.remove(workspaceId, removed);
    this.insert(workspaceId, added, computedAt);
  }

  /**
   * The run after an import: these suggestions go, and these come after the last one kept (one found
   * again as it was stays as stored).
   */
  amend(
    workspaceId: number,
    removed: readonly string[],
    suggestions: ReadonlyArray<Omit<StoredSuggestion, 'computedAt'>>,
    computedAt: string,
  ): void {
    if (!this.db.inTransaction) throw new Error('Suggestions are amended inside the run that computed them.');
    const stored = new Map(
      this.db
        .prepare<[number, string], { key: string; rule: string; reason: string; options: string }>(
          `SELECT key, rule, reason, options FROM recon_suggestions
            WHERE workspace_id = ? AND key IN (SELECT value FROM json_each(?))`,
        )
        .all(workspaceId, JSON.stringify(suggestions.map((suggestion) => suggestion.key)))
        .map((row) => [row.key, row]),
    );
    const gone = new Set(removed);
    const fresh = suggestions.flatMap((suggestion) => {
      const options = JSON.stringify(suggestion.options);
      const old = stored.get(suggestion.key);
      if (old === undefined) return [{ suggestion, options }];
      if (
        !gone.has(suggestion.key) &&
        old.rule === suggestion.rule &&
        old.reason === suggestion.reason &&
        old.options === options
      )
        return [];
      gone.add(suggestion.key);
      return [{ suggestion, options }];
    });
    this.remove(workspaceId, [...gone]);
    const last = this.db
      .prepare<[number], number | null>('SELECT max(position) FROM recon_suggestions WHERE workspace_id = ?')
      .pluck()
      .get(workspaceId) as number | null;
    const first = last === null ? 0 : last + 1;
    this.insert(
      workspaceId,
      fresh.map((item, index) => ({ ...item, position: first + index })),
      computedAt,
    );
  }

  private remove(workspaceId: number, keys: readonly string[]): void {
    if (keys.length === 0) return;
    const list = JSON.stringify(keys);
    this.db
      .prepare(
        'DELETE FROM recon_suggestions WHERE workspace_id = ? AND key IN (SELECT value FROM json_each(?))',
      )
      .run(workspaceId, list);
    this.db
      .prepare(
        'DELETE FROM recon_suggestion_rows WHERE workspace_id = ? AND key IN (SELECT value FROM json_each(?))',
      )
      .run(workspaceId, list);
  }

  private insert(
    workspaceId: number,
    added: ReadonlyArray<{
      suggestion: Omit<StoredSuggestion, 'computedAt'>;
      position: number;
      options: string;
    }>,
    computedAt: string,
  ): void {
    const insert = this.db.prepare(
      `INSERT INTO recon_suggestions (workspace_id, key, position, rule, reason, options, computed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const name = this.db.prepare(
      'INSERT OR IGNORE INTO recon_suggestion_rows (workspace_id, key, kind, row_id) VALUES (?, ?, ?, ?)',
    );
    for (const { suggestion, position, options } of added) {
      insert.run(
        workspaceId,
        suggestion.key,
        position,
        suggestion.rule,
        suggestion.reason,
        options,
        computedAt,
      );
      for (const option of suggestion.options as Array<{ lines: number[]; requests: number[] }>) {
        for (const row of option.lines) name.run(workspaceId, suggestion.key, 'line', row);
        for (const row of option.requests) name.run(workspaceId, suggestion.key, 'request', row);
      }
    }
  }

  /** The keys of the suggestions an option of which names one of these rows. */
  keysNaming(workspaceId: number, rows: { lines: readonly number[]; requests: readonly number[] }): string[] {
    return this.db
      .prepare<[number, string, number, string], string>(
        `SELECT key FROM recon_suggestion_rows
          WHERE workspace_id = ? AND kind = 'line' AND row_id IN (SELECT value FROM json_each(?))
         UNION
         SELECT key FROM recon_suggestion_rows
          WHERE workspace_id = ? AND kind = 'request' AND row_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck()
      .all(workspaceId, JSON.stringify(rows.lines), workspaceId, JSON.stringify(rows.requests));
  }

  /** Every suggestion's key, in the run's order. */
  keys(workspaceId: number): string[] {
    return this.db
      .prepare<[number], string>('SELECT key FROM recon_suggestions WHERE workspace_id = ? ORDER BY position')
      .pluck()
      .all(workspaceId);
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
