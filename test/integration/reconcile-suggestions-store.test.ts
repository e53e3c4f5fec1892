/**
 * A run replaces the last run's suggestions (recon-suggestions.ts), writing only those that changed:
 * over random sequences of runs, what is stored is exactly the last run's suggestions in its order,
 * with the rows each names — and a suggestion found again unchanged is not written again.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReconSuggestionsRepository } from '../../src/main/core/ledger/repositories/recon-suggestions';
import { booksLedger } from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir();
});
afterEach(() => temp.cleanup());

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => letter.repeat(24));
const option = (line: number, request: number) => ({
  match: { rule: 'amount_date' },
  lines: [line],
  requests: [request],
});

describe("storing a run's suggestions", () => {
  it("leaves exactly the last run's suggestions and their rows, rewriting only what changed", () => {
    const suggestion = fc.record({
      key: fc.constantFrom(...KEYS),
      rule: fc.constantFrom('amount_date', 'fuzzy_reference'),
      reason: fc.constantFrom('tie' as const, 'weak_evidence' as const),
      options: fc.array(
        fc.tuple(fc.nat(3), fc.nat(3)).map(([line, request]) => option(line, request)),
        {
          minLength: 1,
          maxLength: 2,
        },
      ),
    });
    // Runs drawn from two pools of suggestions (the same keys, other contents), in any order.
    const pool = fc.tuple(...KEYS.map((key) => suggestion.map((s) => ({ ...s, key }))));
    const runs = fc
      .tuple(
        pool,
        pool,
        fc.array(fc.array(fc.tuple(fc.nat(KEYS.length - 1), fc.boolean())), { minLength: 1, maxLength: 5 }),
      )
      .map(([first, second, picks]) =>
        picks.map((run) => {
          const chosen = new Map<string, (typeof first)[number]>();
          for (const [at, other] of run) {
            const picked = (other ? second : first)[at]!;
            if (!chosen.has(picked.key)) chosen.set(picked.key, picked);
          }
          return [...chosen.values()];
        }),
      );
    let ledgers = 0;
    fc.assert(
      fc.property(runs, (runs) => {
        const { db, workspaceId } = booksLedger(join(temp.dir, `ledger-${++ledgers}.sqlite`));
        try {
          const repo = new ReconSuggestionsRepository(db);
          runs.forEach((suggestions, index) => {
            const version = () =>
              db.prepare('SELECT version FROM recon_inputs_version').pluck().get() as number;
            const before = version();
            const previous = repo.all(workspaceId);
            db.transaction(() => repo.replace(workspaceId, suggestions, `2026-10-0${index + 1}T10:00:00Z`))();
            const stored = repo.all(workspaceId);
            expect(stored.map(({ computedAt: _, ...rest }) => rest)).toEqual(suggestions);
            const rows = db
              .prepare(
                'SELECT key, kind, row_id FROM recon_suggestion_rows WHERE workspace_id = ? ORDER BY key, kind, row_id',
              )
              .all(workspaceId);
            const expected = suggestions
              .flatMap((s) =>
                s.options.flatMap((o) => [
                  ...o.lines.map((row) => ({ key: s.key, kind: 'line', row_id: row })),
                  ...o.requests.map((row) => ({ key: s.key, kind: 'request', row_id: row })),
                ]),
              )
              .filter(
                (row, at, all) =>
                  all.findIndex((other) => JSON.stringify(other) === JSON.stringify(row)) === at,
              )
              .sort((x, y) => (x.key + x.kind + x.row_id < y.key + y.kind + y.row_id ? -1 : 1));
            expect(rows).toEqual(expected);
            // Found again unchanged: kept as stored, with the time it was first found.
            for (const s of stored) {
              const old = previous.find((p) => p.key === s.key);
              const same =
                old !== undefined &&
                JSON.stringify({ ...old, computedAt: '' }) === JSON.stringify({ ...s, computedAt: '' });
              if (same) expect(s.computedAt).toBe(old.computedAt);
              else expect(s.computedAt).toBe(`2026-10-0${index + 1}T10:00:00Z`);
            }
            if (
              JSON.stringify(previous.map(({ computedAt: _, ...rest }) => rest)) ===
              JSON.stringify(suggestions)
            )
              expect(version()).toBe(before);
          });
        } finally {
          db.close();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('amends them after an import: the removed go, the new come after the last one kept', () => {
    const suggestion = (key: string) =>
      fc.record({
        key: fc.constant(key),
        rule: fc.constantFrom('amount_date', 'fuzzy_reference'),
        reason: fc.constantFrom('tie' as const, 'weak_evidence' as const),
        options: fc.array(
          fc.tuple(fc.nat(3), fc.nat(3)).map(([line, request]) => option(line, request)),
          { minLength: 1, maxLength: 2 },
        ),
      });
    const cases = fc.tuple(
      fc.shuffledSubarray(KEYS).chain((keys) => fc.tuple(...keys.map(suggestion))),
      fc.subarray(KEYS),
      fc.shuffledSubarray(KEYS).chain((keys) => fc.tuple(...keys.map(suggestion))),
    );
    let ledgers = 0;
    fc.assert(
      fc.property(cases, ([stored, removed, found]) => {
        const { db, workspaceId } = booksLedger(join(temp.dir, `amend-${++ledgers}.sqlite`));
        try {
          const repo = new ReconSuggestionsRepository(db);
          db.transaction(() => repo.replace(workspaceId, stored, '2026-10-01T10:00:00Z'))();
          db.transaction(() => repo.amend(workspaceId, removed, found, '2026-10-02T10:00:00Z'))();
          const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
          const unchanged = (s: (typeof stored)[number]): boolean =>
            !removed.includes(s.key) && found.every((f) => f.key !== s.key || same(f, s));
          const kept = stored.filter(unchanged);
          const added = found.filter((f) => !kept.some((s) => s.key === f.key));
          const now = repo.all(workspaceId);
          expect(now.map(({ computedAt: _, ...rest }) => rest)).toEqual([...kept, ...added]);
          expect(now.map((s) => s.computedAt)).toEqual([
            ...kept.map(() => '2026-10-01T10:00:00Z'),
            ...added.map(() => '2026-10-02T10:00:00Z'),
          ]);
          const rows = db
            .prepare('SELECT DISTINCT key FROM recon_suggestion_rows WHERE workspace_id = ? ORDER BY key')
            .pluck()
            .all(workspaceId);
          expect(rows).toEqual(now.map((s) => s.key).sort());
        } finally {
          db.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
