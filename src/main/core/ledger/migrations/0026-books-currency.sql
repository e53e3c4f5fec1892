-- Journals in the books' currency (Settings → Accounting): each float's rounding account, where a
-- conversion into the books' currency posts its rounding difference (NULL: none), and the currency
-- the books are kept in, one per workspace (NULL: each journal stays in its float's currency). Both
-- are part of the mapping: saved with it, in one transaction, and shared in a team with it.

ALTER TABLE account_mappings ADD COLUMN rounding_account TEXT
  CHECK (rounding_account IS NULL OR length(rounding_account) BETWEEN 1 AND 100);

CREATE TABLE accounting_settings (
  workspace_id    INTEGER PRIMARY KEY REFERENCES workspaces (id),
  books_currency  TEXT CHECK (books_currency IS NULL OR books_currency GLOB '[A-Z][A-Z][A-Z]'),
  updated_at      TEXT NOT NULL CHECK (length(updated_at) > 0)
) STRICT;
