-- Settings → Accounting, per workspace: the accounts each float's journal lines go to, one row per
-- float and currency (the mapping file's rows). Accounts are the books' own codes, kept as text as
-- typed; the tracking values are written "Name=Option;Name=Option" as in the mapping file. No row:
-- the float is not mapped yet. Saving replaces the workspace's rows in one transaction.

CREATE TABLE account_mappings (
  workspace_id      INTEGER NOT NULL REFERENCES workspaces (id),
  currency          TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  float_name        TEXT NOT NULL CHECK (length(float_name) BETWEEN 1 AND 200),
  float_account     TEXT NOT NULL CHECK (length(float_account) BETWEEN 1 AND 100),
  bank_account      TEXT NOT NULL CHECK (length(bank_account) BETWEEN 1 AND 100),
  cost_account      TEXT NOT NULL CHECK (length(cost_account) BETWEEN 1 AND 100),
  variance_account  TEXT NOT NULL CHECK (length(variance_account) BETWEEN 1 AND 100),
  refunds_account   TEXT NOT NULL CHECK (length(refunds_account) BETWEEN 1 AND 100),
  tax_code          TEXT CHECK (tax_code IS NULL OR length(tax_code) BETWEEN 1 AND 50),
  tracking          TEXT NOT NULL CHECK (length(tracking) <= 300),
  updated_at        TEXT NOT NULL CHECK (length(updated_at) > 0),
  PRIMARY KEY (workspace_id, currency, float_name)
) STRICT, WITHOUT ROWID;
