-- Statement imports in steps. A large statement is stored a batch of lines at a time, in short
-- transactions, so the rest of FloatDesk keeps answering while it is imported. Until the last step
-- its statements are 'importing': their lines are held but not read by anything (reconciliation,
-- reports, exports read 'complete' statements only). The last step makes them 'complete' in one
-- small transaction; a refused or interrupted import is deleted. Only complete statements are
-- unique per file and section, so a file can be imported again while an earlier attempt is cleared.
--
-- bank_statements is rebuilt (SQLite cannot change a table's constraints) as SQLite's ALTER TABLE
-- guide does: a new table with every row and id, the old one dropped, the new one renamed. The
-- runner switches foreign keys off around the steps and checks every key before committing, so
-- bank_lines' key, which names "bank_statements", points at the rebuilt table.

CREATE TABLE bank_statements_rebuilt (
  id             INTEGER PRIMARY KEY,
  workspace_id   INTEGER NOT NULL REFERENCES workspaces (id),
  file_name      TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 500),
  file_sha256    TEXT NOT NULL CHECK (length(file_sha256) = 64 AND file_sha256 NOT GLOB '*[^0-9a-f]*'),
  section        INTEGER NOT NULL CHECK (section >= 0),
  format         TEXT NOT NULL CHECK (format IN ('csv', 'camt053', 'mt940', 'ofx')),
  statement_ref  TEXT,
  account        TEXT,
  account_key    TEXT NOT NULL,
  currency       TEXT CHECK (currency IS NULL OR currency GLOB '[A-Z][A-Z][A-Z]'),
  opening_date   TEXT CHECK (opening_date IS NULL OR opening_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  opening_minor  INTEGER,
  opening_exact  TEXT,
  closing_date   TEXT CHECK (closing_date IS NULL OR closing_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  closing_minor  INTEGER,
  closing_exact  TEXT,
  line_count     INTEGER NOT NULL CHECK (line_count >= 0),
  imported_at    TEXT NOT NULL CHECK (length(imported_at) > 0),
  import_state   TEXT NOT NULL DEFAULT 'complete' CHECK (import_state IN ('importing', 'complete')),
  CHECK ((opening_date IS NULL) = (opening_minor IS NULL AND opening_exact IS NULL)),
  CHECK (opening_minor IS NULL OR opening_exact IS NULL),
  CHECK ((closing_date IS NULL) = (closing_minor IS NULL AND closing_exact IS NULL)),
  CHECK (closing_minor IS NULL OR closing_exact IS NULL),
  CHECK (currency IS NOT NULL OR (opening_date IS NULL AND closing_date IS NULL)),
  UNIQUE (id, workspace_id, account_key)
) STRICT;

INSERT INTO bank_statements_rebuilt (id, workspace_id, file_name, file_sha256, section, format, statement_ref,
  account, account_key, currency, opening_date, opening_minor, opening_exact, closing_date, closing_minor,
  closing_exact, line_count, imported_at, import_state)
SELECT id, workspace_id, file_name, file_sha256, section, format, statement_ref, account, account_key, currency,
  opening_date, opening_minor, opening_exact, closing_date, closing_minor, closing_exact, line_count,
  imported_at, 'complete'
  FROM bank_statements;

DROP TABLE bank_statements;
ALTER TABLE bank_statements_rebuilt RENAME TO bank_statements;

CREATE UNIQUE INDEX bank_statements_file ON bank_statements (workspace_id, file_sha256, section)
  WHERE import_state = 'complete';
CREATE INDEX bank_statements_account ON bank_statements (workspace_id, account_key, closing_date);
CREATE INDEX bank_statements_importing ON bank_statements (workspace_id) WHERE import_state = 'importing';
