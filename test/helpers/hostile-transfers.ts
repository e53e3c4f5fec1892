/** A ledger's transfer requests full of hostile text and amounts (the CSV fast paths' test data). */
import type { Ledger } from '../../src/main/core/ledger/db';
import { HOSTILE_FLOATS, HOSTILE_REFERENCES, HOSTILE_TEXTS } from '../../src/simulator/data/adversarial';

type Amount = [minor: bigint | null, exact: string | null];
const INT64_MAX = 2n ** 63n - 1n;

export function seedHostileTransfers(db: Ledger, count: number): void {
  db.prepare(
    "INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'x', 'demo', '2026-01-01T00:00:00Z')",
  ).run();
  const insert = db.prepare(
    `INSERT INTO transfer_requests (workspace_id, payment_reference, created_at, created_utc, float_name, currency,
       requested_minor, requested_exact, approved_minor, approved_exact, status, first_seen_at, last_seen_at,
       list_stale, last_changed_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 0, ?)`,
  );
  const texts = [
    ...HOSTILE_REFERENCES,
    ...HOSTILE_TEXTS,
    'a;b',
    'a,b',
    '\0nul',
    'mid\0nul',
    '',
    ' ',
    "'=quoted",
  ];
  const floats = [...HOSTILE_FLOATS.map((f) => f.name), 'Main', 'Ops; "EU"', '-neg', '\0NUL float'];
  const currencies = ['JPY', 'EUR', 'KWD', 'GBP', 'XXX', 'ZZZ'];
  const requested: Amount[] = [
    [12345n, null],
    [-5n, null],
    // Around the sign rule of the SQL amounts: -1 whole unit and just above it, in 0/2/3 decimals.
    [-100n, null],
    [-99n, null],
    [-1000n, null],
    [-999n, null],
    [0n, null],
    [INT64_MAX, null],
    [null, '12.3456'],
    [null, '1e3'],
    [1n, null],
  ];
  const approved: Amount[] = [
    [null, null],
    [12000n, null],
    [-INT64_MAX, null],
    [null, '1.50 EUR'],
    [null, '0.001'],
    [7n, null],
  ];
  // A status cannot start with NUL: the ledger's CHECK (length(status) > 0) refuses it, as SQLite's
  // length() stops at the first NUL. The nearest it can hold: a NUL right after a formula start.
  const statuses = ['approved', 'pending', '=cmd|x', 'new "status"', '@\0nul-status'];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const [rMinor, rExact] = requested[i % requested.length] as Amount;
      const [aMinor, aExact] = approved[i % approved.length] as Amount;
      const second = String(i % 60).padStart(2, '0');
      insert.run(
        `${texts[i % texts.length]}${i}`,
        `2026-02-${String(1 + (i % 27)).padStart(2, '0')}T10:00:${second}+01:00`,
        `2026-02-${String(1 + (i % 27)).padStart(2, '0')}T09:00:${second}Z`,
        floats[i % floats.length],
        currencies[i % currencies.length],
        rMinor,
        rExact,
        aMinor,
        aExact,
        statuses[i % statuses.length],
        i % 5 === 0 ? null : '2026-03-01T00:00:00.000Z',
      );
    }
  })();
}
