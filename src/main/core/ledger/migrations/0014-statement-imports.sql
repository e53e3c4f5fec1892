-- Statement imports in steps. A large statement is stored a batch of lines at a time, in short
-- transactions, so the rest of FloatDesk keeps answering while it is imported.
--
-- Part 1: statements get an import state. Until the last step
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

-- Part 2: bank lines are unique per booking date and account. A line FloatDesk identifies itself
-- ('sha256:' + a digest of its content, which includes its booking date) is unique by that date and
-- id, so a statement's lines, which come in date order, land next to each other in the index instead
-- of at random places (a million-line statement is stored in seconds, not minutes); the same index
-- serves the reads by date that bank_lines_booking served. A bank's own id must stay unique across
-- dates too: a partial index on those ids keeps that, and finds the stored line when a statement
-- brings the same id again.

CREATE TABLE bank_lines_rebuilt (
  id                   INTEGER PRIMARY KEY,
  statement_id         INTEGER NOT NULL,
  workspace_id         INTEGER NOT NULL,
  account_key          TEXT NOT NULL,
  bank_transaction_id  TEXT NOT NULL CHECK (length(bank_transaction_id) BETWEEN 1 AND 200),
  booking_date         TEXT NOT NULL CHECK (booking_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  value_date           TEXT CHECK (value_date IS NULL OR value_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  currency             TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  amount_minor         INTEGER,
  amount_exact         TEXT,
  reference            TEXT,
  remittance           TEXT,
  counterparty_name    TEXT,
  counterparty_account TEXT,
  source_line          INTEGER NOT NULL CHECK (source_line >= 1),
  CHECK ((amount_minor IS NULL) <> (amount_exact IS NULL)),
  FOREIGN KEY (statement_id, workspace_id, account_key)
    REFERENCES bank_statements (id, workspace_id, account_key),
  UNIQUE (workspace_id, booking_date, account_key, bank_transaction_id)
) STRICT;

INSERT INTO bank_lines_rebuilt (id, statement_id, workspace_id, account_key, bank_transaction_id, booking_date,
  value_date, currency, amount_minor, amount_exact, reference, remittance, counterparty_name, counterparty_account,
  source_line)
SELECT id, statement_id, workspace_id, account_key, bank_transaction_id, booking_date, value_date, currency,
  amount_minor, amount_exact, reference, remittance, counterparty_name, counterparty_account, source_line
  FROM bank_lines;

DROP TABLE bank_lines;
ALTER TABLE bank_lines_rebuilt RENAME TO bank_lines;

CREATE UNIQUE INDEX bank_lines_bank_id ON bank_lines (workspace_id, account_key, bank_transaction_id)
  WHERE bank_transaction_id NOT GLOB 'sha256:*';
CREATE INDEX bank_lines_statement ON bank_lines (statement_id);
