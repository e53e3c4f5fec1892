-- Opening balances a person enters per float from the platform's own statement, for the
-- roll-forward's bounds. Append-only: a new entry for the same float and date replaces the earlier
-- one (the latest counts), and every entry keeps its audit log entry.

CREATE TABLE float_opening_balances (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  currency      TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  float_name    TEXT NOT NULL CHECK (length(float_name) BETWEEN 1 AND 200),
  -- The balance at the start of this UTC day (00:00:00Z).
  as_of         TEXT NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  amount_minor  INTEGER NOT NULL,
  note          TEXT NOT NULL CHECK (length(note) <= 1000),
  entered_at    TEXT NOT NULL
                  CHECK (entered_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'),
  actor         TEXT NOT NULL CHECK (actor IN ('user', 'cli')),
  audit_seq     INTEGER NOT NULL,
  FOREIGN KEY (workspace_id, audit_seq) REFERENCES audit_log (workspace_id, seq)
) STRICT;
CREATE INDEX float_opening_balances_float
  ON float_opening_balances (workspace_id, currency, float_name, as_of, id);

CREATE TRIGGER float_opening_balances_no_update BEFORE UPDATE ON float_opening_balances
BEGIN
  SELECT RAISE(ABORT, 'float_opening_balances is append-only: enter a new balance to replace one');
END;

CREATE TRIGGER float_opening_balances_no_delete BEFORE DELETE ON float_opening_balances
BEGIN
  SELECT RAISE(ABORT, 'float_opening_balances is append-only: entries cannot be deleted');
END;
