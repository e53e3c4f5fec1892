-- Bank statements (issue 7): the statements imported from files, their booked lines, and the CSV
-- column profiles saved per bank. A file may hold several statements (camt.053 Stmt, MT940
-- message, OFX STMTRS): one bank_statements row each, numbered by `section`. A line is identified
-- by the bank's own id (or FloatDesk's content id) per workspace and account, so re-importing a
-- statement adds nothing. Amounts are integer minor units; a value with more decimals than its
-- currency allows (or beyond 64 bits) is kept exactly as text in the *_exact column instead.

CREATE TABLE bank_statements (
  id             INTEGER PRIMARY KEY,
  workspace_id   INTEGER NOT NULL REFERENCES workspaces (id),
  file_name      TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 500),
  file_sha256    TEXT NOT NULL CHECK (length(file_sha256) = 64 AND file_sha256 NOT GLOB '*[^0-9a-f]*'),
  section        INTEGER NOT NULL CHECK (section >= 0),
  format         TEXT NOT NULL CHECK (format IN ('csv', 'camt053', 'mt940', 'ofx')),
  statement_ref  TEXT,                       -- the bank's statement id (camt Stmt/Id, MT940 :20:/:28C:)
  account        TEXT,                       -- as the statement names it
  account_key    TEXT NOT NULL,              -- normalised (no spaces, upper case); '' when unnamed
  currency       TEXT CHECK (currency IS NULL OR currency GLOB '[A-Z][A-Z][A-Z]'),
  opening_date   TEXT CHECK (opening_date IS NULL OR opening_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  opening_minor  INTEGER,
  opening_exact  TEXT,
  closing_date   TEXT CHECK (closing_date IS NULL OR closing_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  closing_minor  INTEGER,
  closing_exact  TEXT,
  line_count     INTEGER NOT NULL CHECK (line_count >= 0),   -- lines the statement holds in the file
  imported_at    TEXT NOT NULL CHECK (length(imported_at) > 0),
  -- A balance is a date with exactly one of minor units or exact text, and needs the currency.
  CHECK ((opening_date IS NULL) = (opening_minor IS NULL AND opening_exact IS NULL)),
  CHECK (opening_minor IS NULL OR opening_exact IS NULL),
  CHECK ((closing_date IS NULL) = (closing_minor IS NULL AND closing_exact IS NULL)),
  CHECK (closing_minor IS NULL OR closing_exact IS NULL),
  CHECK (currency IS NOT NULL OR (opening_date IS NULL AND closing_date IS NULL)),
  UNIQUE (workspace_id, file_sha256, section),
  UNIQUE (id, workspace_id, account_key)
) STRICT;
CREATE INDEX bank_statements_account ON bank_statements (workspace_id, account_key, closing_date);

CREATE TABLE bank_lines (
  id                   INTEGER PRIMARY KEY,
  statement_id         INTEGER NOT NULL,
  workspace_id         INTEGER NOT NULL,
  account_key          TEXT NOT NULL,
  bank_transaction_id  TEXT NOT NULL CHECK (length(bank_transaction_id) BETWEEN 1 AND 200),
  booking_date         TEXT NOT NULL CHECK (booking_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  value_date           TEXT CHECK (value_date IS NULL OR value_date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  currency             TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  amount_minor         INTEGER,
  amount_exact         TEXT,                 -- set only when the amount does not fit minor units
  reference            TEXT,
  remittance           TEXT,
  counterparty_name    TEXT,
  counterparty_account TEXT,
  source_line          INTEGER NOT NULL CHECK (source_line >= 1),
  CHECK ((amount_minor IS NULL) <> (amount_exact IS NULL)),
  -- The line's workspace and account are its statement's.
  FOREIGN KEY (statement_id, workspace_id, account_key)
    REFERENCES bank_statements (id, workspace_id, account_key),
  UNIQUE (workspace_id, account_key, bank_transaction_id)
) STRICT;
CREATE INDEX bank_lines_statement ON bank_lines (statement_id);
CREATE INDEX bank_lines_booking ON bank_lines (workspace_id, booking_date);

-- CSV column mappings, one per bank, named by a person (names compare without case).
CREATE TABLE csv_profiles (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  name          TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(name)) BETWEEN 1 AND 100 AND name = trim(name)),
  profile       TEXT NOT NULL CHECK (json_valid(profile) AND json_type(profile) = 'object'),
  created_at    TEXT NOT NULL CHECK (length(created_at) > 0),
  updated_at    TEXT NOT NULL CHECK (length(updated_at) > 0),
  UNIQUE (workspace_id, name)
) STRICT;
