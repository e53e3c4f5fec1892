-- Settings → Reconciliation, per workspace: which matching rules may match without a person, the
-- date the reconciliation starts from, and (next table) the amount tolerance per currency. No row:
-- the defaults (exact and near references automatic, splits suggested, no start date, tolerance 0).
-- Amount-and-date matches are never automatic, so they have no column.

CREATE TABLE recon_settings (
  workspace_id      INTEGER PRIMARY KEY REFERENCES workspaces (id),
  auto_exact_ref    INTEGER NOT NULL CHECK (auto_exact_ref IN (0, 1)),
  auto_fuzzy_ref    INTEGER NOT NULL CHECK (auto_fuzzy_ref IN (0, 1)),
  auto_split_sum    INTEGER NOT NULL CHECK (auto_split_sum IN (0, 1)),
  start_date        TEXT CHECK (start_date IS NULL OR start_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  updated_at        TEXT NOT NULL CHECK (length(updated_at) > 0)
) STRICT;

-- A bank amount within this much of the approved (else requested) amount counts as equal for
-- automatic matching. In minor units of the currency; a currency with no row: 0.
CREATE TABLE recon_tolerances (
  workspace_id  INTEGER NOT NULL REFERENCES recon_settings (workspace_id),
  currency      TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  amount_minor  INTEGER NOT NULL CHECK (amount_minor >= 0),
  PRIMARY KEY (workspace_id, currency)
) STRICT, WITHOUT ROWID;
