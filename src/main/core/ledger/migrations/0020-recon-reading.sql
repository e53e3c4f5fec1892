-- The reconciliation's derived reading, kept in the file so a fresh start need not work it out
-- again. Everything the reconciliation reads (its inputs) is listed by the triggers below: each
-- insert, update or delete of an input row moves one counter, recon_inputs_version. What is derived
-- from the inputs is stored with the counter's value it was derived at, and holds exactly while the
-- counter has not moved since. A new table must be classed as an input (give it the three triggers)
-- or not: the schema test refuses an unclassed one.
--
-- recon_run_marks: the counter after a run stored its result. A run finds nothing new while the
-- counter is unchanged (a run's result is a fixpoint: the matching engine run again over what it
-- left open finds no match and the same suggestions), so such a run is answered without matching.
-- recon_summaries: the summary as of a date, for the matching options the caller gave.

CREATE TABLE recon_inputs_version (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  version  INTEGER NOT NULL CHECK (version >= 0)
) STRICT;
INSERT INTO recon_inputs_version (id, version) VALUES (1, 0);

CREATE TABLE recon_run_marks (
  workspace_id    INTEGER NOT NULL REFERENCES workspaces (id),
  options_key     TEXT NOT NULL,
  inputs_version  INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, options_key)
) STRICT;

CREATE TABLE recon_summaries (
  workspace_id    INTEGER NOT NULL REFERENCES workspaces (id),
  as_of           TEXT NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  options_key     TEXT NOT NULL,
  inputs_version  INTEGER NOT NULL,
  summary         TEXT NOT NULL CHECK (json_valid(summary) AND json_type(summary) = 'object'),
  PRIMARY KEY (workspace_id, as_of, options_key)
) STRICT;

-- recon_item_readings and recon_item_rows: the items as of one date (per workspace, the last date
-- asked for), one flat row each, holding what the search, filters, order and totals of recon:items
-- read and what a page of items shows besides the bank line, the request and the match. Amounts are
-- integers at the reading's scale (the most decimals any amount needs): `scaled` exactly as text,
-- `scaled_int` when it fits, and two keys of a fixed width (recon_item_readings.key_width) whose
-- text order is the numeric order: `size_key` of the size, `order_key` of the signed amount.
CREATE TABLE recon_item_readings (
  workspace_id    INTEGER PRIMARY KEY REFERENCES workspaces (id),
  as_of           TEXT NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  options_key     TEXT NOT NULL,
  inputs_version  INTEGER NOT NULL,
  scale           INTEGER NOT NULL CHECK (scale >= 0),
  key_width       INTEGER NOT NULL CHECK (key_width >= 1),
  currencies      TEXT NOT NULL CHECK (json_valid(currencies) AND json_type(currencies) = 'array'),
  floats          TEXT NOT NULL CHECK (json_valid(floats) AND json_type(floats) = 'array'),
  -- The totals per currency of all the items (what recon:items answers with no filter).
  totals          TEXT NOT NULL CHECK (json_valid(totals) AND json_type(totals) = 'array')
) STRICT;

CREATE TABLE recon_item_rows (
  workspace_id         INTEGER NOT NULL,
  position             INTEGER NOT NULL CHECK (position >= 0),
  kind                 TEXT NOT NULL CHECK (kind IN ('line', 'request')),
  row_id               INTEGER NOT NULL,
  item_id              TEXT NOT NULL,
  state                TEXT NOT NULL,
  state_rank           INTEGER NOT NULL,
  ageing               TEXT,
  age_days             INTEGER,
  date                 TEXT NOT NULL,
  currency             TEXT NOT NULL,
  scaled               TEXT NOT NULL,
  scaled_int           INTEGER,
  size_key             TEXT NOT NULL,
  order_key            TEXT NOT NULL,
  out                  INTEGER NOT NULL CHECK (out IN (0, 1)),
  float                TEXT,
  label                TEXT NOT NULL,
  haystack             TEXT NOT NULL,
  match_group          INTEGER NOT NULL,
  match_rank           REAL NOT NULL,
  match_text           TEXT NOT NULL,
  match_decision       INTEGER,
  resolution_decision  INTEGER,
  resolution_reason    TEXT,
  resolution_note      TEXT,
  automatic            TEXT,
  lock_signoff         INTEGER,
  lock_as_of           TEXT,
  out_of_scope         INTEGER NOT NULL CHECK (out_of_scope IN (0, 1)),
  PRIMARY KEY (workspace_id, position)
) STRICT, WITHOUT ROWID;
-- The largest or smallest amounts first without sorting every row. (Filters and totals scan the
-- rows: an index for them would cost a run more than it saves a question.)
CREATE INDEX recon_item_rows_amount ON recon_item_rows (workspace_id, order_key);

-- The suggestion queue: the keys of the last run's suggestions still open (recon_suggestions less
-- those settled or no longer possible), in the run's order.
CREATE TABLE recon_suggestion_queues (
  workspace_id    INTEGER PRIMARY KEY REFERENCES workspaces (id),
  inputs_version  INTEGER NOT NULL,
  keys            TEXT NOT NULL CHECK (json_valid(keys) AND json_type(keys) = 'array')
) STRICT;

CREATE TRIGGER recon_inputs_bank_statements_insert AFTER INSERT ON bank_statements
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_bank_statements_update AFTER UPDATE ON bank_statements
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_bank_statements_delete AFTER DELETE ON bank_statements
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_bank_lines_insert AFTER INSERT ON bank_lines
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_bank_lines_update AFTER UPDATE ON bank_lines
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_bank_lines_delete AFTER DELETE ON bank_lines
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_transfer_requests_insert AFTER INSERT ON transfer_requests
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_transfer_requests_update AFTER UPDATE ON transfer_requests
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_transfer_requests_delete AFTER DELETE ON transfer_requests
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_transfer_request_history_insert AFTER INSERT ON transfer_request_history
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_transfer_request_history_update AFTER UPDATE ON transfer_request_history
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_transfer_request_history_delete AFTER DELETE ON transfer_request_history
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_decisions_insert AFTER INSERT ON recon_decisions
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_decisions_update AFTER UPDATE ON recon_decisions
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_decisions_delete AFTER DELETE ON recon_decisions
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_current_insert AFTER INSERT ON recon_current
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_current_update AFTER UPDATE ON recon_current
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_current_delete AFTER DELETE ON recon_current
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_suggestions_insert AFTER INSERT ON recon_suggestions
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_suggestions_update AFTER UPDATE ON recon_suggestions
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_suggestions_delete AFTER DELETE ON recon_suggestions
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_signoffs_insert AFTER INSERT ON recon_signoffs
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoffs_update AFTER UPDATE ON recon_signoffs
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoffs_delete AFTER DELETE ON recon_signoffs
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_signoff_items_insert AFTER INSERT ON recon_signoff_items
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_items_update AFTER UPDATE ON recon_signoff_items
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_items_delete AFTER DELETE ON recon_signoff_items
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_signoff_unlocks_insert AFTER INSERT ON recon_signoff_unlocks
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_unlocks_update AFTER UPDATE ON recon_signoff_unlocks
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_unlocks_delete AFTER DELETE ON recon_signoff_unlocks
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_signoff_drift_insert AFTER INSERT ON recon_signoff_drift
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_drift_update AFTER UPDATE ON recon_signoff_drift
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_drift_delete AFTER DELETE ON recon_signoff_drift
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_settings_insert AFTER INSERT ON recon_settings
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_settings_update AFTER UPDATE ON recon_settings
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_settings_delete AFTER DELETE ON recon_settings
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_recon_tolerances_insert AFTER INSERT ON recon_tolerances
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_tolerances_update AFTER UPDATE ON recon_tolerances
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_tolerances_delete AFTER DELETE ON recon_tolerances
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_floats_insert AFTER INSERT ON floats
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_floats_update AFTER UPDATE ON floats
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_floats_delete AFTER DELETE ON floats
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_float_opening_balances_insert AFTER INSERT ON float_opening_balances
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_float_opening_balances_update AFTER UPDATE ON float_opening_balances
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_float_opening_balances_delete AFTER DELETE ON float_opening_balances
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_balance_snapshots_insert AFTER INSERT ON balance_snapshots
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_balance_snapshots_update AFTER UPDATE ON balance_snapshots
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_balance_snapshots_delete AFTER DELETE ON balance_snapshots
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;


CREATE TRIGGER recon_inputs_workspace_settings_insert AFTER INSERT ON workspace_settings
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_workspace_settings_update AFTER UPDATE ON workspace_settings
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_workspace_settings_delete AFTER DELETE ON workspace_settings
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;
