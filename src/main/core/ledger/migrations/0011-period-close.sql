-- Period close (issue 7, item 5). A sign-off freezes the reconciliation as of a date: its report is
-- kept (gzip'ed JSON with the SHA-256 of the text) and the matches and resolutions settled by then
-- are locked. Sign-offs, their locked items, unlocks and drift alerts are records: append-only.
-- A sign-off is in force while no unlock names it; at most one unlock per sign-off.

CREATE TABLE recon_signoffs (
  id               INTEGER PRIMARY KEY,
  workspace_id     INTEGER NOT NULL REFERENCES workspaces (id),
  as_of            TEXT NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  signed_at        TEXT NOT NULL
                     CHECK (signed_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'),
  actor            TEXT NOT NULL CHECK (actor IN ('user', 'cli')),
  note             TEXT NOT NULL CHECK (length(note) <= 1000),
  locked_requests  INTEGER NOT NULL CHECK (locked_requests >= 0),
  locked_lines     INTEGER NOT NULL CHECK (locked_lines >= 0),
  -- The audit entry written with the sign-off: the head of the chain, covering everything before.
  audit_seq        INTEGER NOT NULL,
  audit_hash       TEXT NOT NULL CHECK (length(audit_hash) = 64 AND audit_hash NOT GLOB '*[^0-9a-f]*'),
  report_gzip      BLOB NOT NULL,
  report_sha256    TEXT NOT NULL CHECK (length(report_sha256) = 64 AND report_sha256 NOT GLOB '*[^0-9a-f]*'),
  UNIQUE (id, workspace_id),
  FOREIGN KEY (workspace_id, audit_seq) REFERENCES audit_log (workspace_id, seq)
) STRICT;

-- One row per locked line or request and the decision (match or resolution) that settled it. A
-- request row keeps its status and approved amount ("2500.00 GBP", null: none) as signed off.
CREATE TABLE recon_signoff_items (
  id             INTEGER PRIMARY KEY,
  signoff_id     INTEGER NOT NULL REFERENCES recon_signoffs (id),
  decision_id    INTEGER NOT NULL REFERENCES recon_decisions (id),
  line_id        INTEGER REFERENCES bank_lines (id),
  request_id     INTEGER REFERENCES transfer_requests (id),
  status         TEXT,
  approved_text  TEXT,
  CHECK ((line_id IS NULL) <> (request_id IS NULL)),
  CHECK ((request_id IS NOT NULL) = (status IS NOT NULL)),
  CHECK (request_id IS NOT NULL OR approved_text IS NULL),
  UNIQUE (signoff_id, decision_id, line_id),
  UNIQUE (signoff_id, decision_id, request_id)
) STRICT;
CREATE INDEX recon_signoff_items_request ON recon_signoff_items (request_id);

CREATE TABLE recon_signoff_unlocks (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL,
  signoff_id    INTEGER NOT NULL UNIQUE,
  reason        TEXT NOT NULL CHECK (length(trim(reason)) >= 3 AND length(reason) <= 1000),
  actor         TEXT NOT NULL CHECK (actor IN ('user', 'cli')),
  at            TEXT NOT NULL
                  CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'),
  audit_seq     INTEGER NOT NULL,
  FOREIGN KEY (signoff_id, workspace_id) REFERENCES recon_signoffs (id, workspace_id),
  FOREIGN KEY (workspace_id, audit_seq) REFERENCES audit_log (workspace_id, seq)
) STRICT;

-- A signed-off request whose live value differs from the last value recorded for it: one row per
-- change seen (sign-off, request, field), appended after a sync whenever the live value differs from
-- the last row's `now_text` (or, with no row yet, from the signed-off value). A change back to the
-- signed-off value is a row too (now_text = signed_off), so going back and forth is always seen.
-- Amounts are canonical text: "2500.00 GBP".
CREATE TABLE recon_signoff_drift (
  id           INTEGER PRIMARY KEY,
  signoff_id   INTEGER NOT NULL REFERENCES recon_signoffs (id),
  request_id   INTEGER NOT NULL REFERENCES transfer_requests (id),
  field        TEXT NOT NULL CHECK (field IN ('status', 'approved_amount')),
  signed_off   TEXT,
  now_text     TEXT,
  detected_at  TEXT NOT NULL CHECK (length(detected_at) > 0),
  sync_run_id  INTEGER REFERENCES sync_runs (id)
) STRICT;
-- The last row of a (sign-off, request, field): what the next comparison starts from.
CREATE INDEX recon_signoff_drift_last ON recon_signoff_drift (signoff_id, request_id, field, id);

-- Append-only: no UPDATE, no DELETE, and no INSERT that would replace a row. INSERT OR REPLACE
-- deletes the row it collides with WITHOUT firing delete triggers (recursive_triggers is off), so
-- each no-replace trigger checks every UNIQUE key of its table, not only the id:
--   recon_signoffs         id (and (id, workspace_id), which contains it)
--   recon_signoff_items    id, (signoff_id, decision_id, line_id), (signoff_id, decision_id, request_id)
--   recon_signoff_unlocks  id, signoff_id
--   recon_signoff_drift    id (its only unique key)
CREATE TRIGGER recon_signoffs_no_update BEFORE UPDATE ON recon_signoffs
BEGIN
  SELECT RAISE(ABORT, 'recon_signoffs is append-only: sign-offs cannot be changed');
END;
CREATE TRIGGER recon_signoffs_no_delete BEFORE DELETE ON recon_signoffs
BEGIN
  SELECT RAISE(ABORT, 'recon_signoffs is append-only: sign-offs cannot be deleted');
END;
CREATE TRIGGER recon_signoffs_no_replace BEFORE INSERT ON recon_signoffs
WHEN EXISTS (SELECT 1 FROM recon_signoffs WHERE id = NEW.id)
BEGIN
  SELECT RAISE(ABORT, 'recon_signoffs is append-only: sign-offs cannot be replaced');
END;

CREATE TRIGGER recon_signoff_items_no_update BEFORE UPDATE ON recon_signoff_items
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_items is append-only: locked items cannot be changed');
END;
CREATE TRIGGER recon_signoff_items_no_delete BEFORE DELETE ON recon_signoff_items
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_items is append-only: locked items cannot be deleted');
END;
CREATE TRIGGER recon_signoff_items_no_replace BEFORE INSERT ON recon_signoff_items
WHEN EXISTS (SELECT 1 FROM recon_signoff_items WHERE id = NEW.id
                OR (signoff_id = NEW.signoff_id AND decision_id = NEW.decision_id
                    AND (line_id = NEW.line_id OR request_id = NEW.request_id)))
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_items is append-only: locked items cannot be replaced');
END;

CREATE TRIGGER recon_signoff_unlocks_no_update BEFORE UPDATE ON recon_signoff_unlocks
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_unlocks is append-only: unlocks cannot be changed');
END;
CREATE TRIGGER recon_signoff_unlocks_no_delete BEFORE DELETE ON recon_signoff_unlocks
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_unlocks is append-only: unlocks cannot be deleted');
END;
CREATE TRIGGER recon_signoff_unlocks_once BEFORE INSERT ON recon_signoff_unlocks
WHEN EXISTS (SELECT 1 FROM recon_signoff_unlocks WHERE id = NEW.id OR signoff_id = NEW.signoff_id)
BEGIN
  SELECT RAISE(ABORT, 'a sign-off is unlocked at most once');
END;

CREATE TRIGGER recon_signoff_drift_no_update BEFORE UPDATE ON recon_signoff_drift
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_drift is append-only: drift alerts cannot be changed');
END;
CREATE TRIGGER recon_signoff_drift_no_delete BEFORE DELETE ON recon_signoff_drift
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_drift is append-only: drift alerts cannot be deleted');
END;
CREATE TRIGGER recon_signoff_drift_no_replace BEFORE INSERT ON recon_signoff_drift
WHEN EXISTS (SELECT 1 FROM recon_signoff_drift WHERE id = NEW.id)
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_drift is append-only: drift alerts cannot be replaced');
END;

-- notifications gains the kind 'signoff_drift'. SQLite cannot alter a CHECK: the table is rebuilt
-- under the same name, every row kept with its id (nothing references notifications).
CREATE TABLE notifications_0011 (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  kind          TEXT NOT NULL CHECK (kind IN ('low_balance', 'transfer_approved', 'transfer_edited',
                                              'transfer_removed', 'transfer_cancelled', 'signoff_drift')),
  title         TEXT NOT NULL CHECK (length(title) > 0),
  message       TEXT NOT NULL,
  created_at    TEXT NOT NULL CHECK (length(created_at) > 0),
  read_at       TEXT,
  sync_run_id   INTEGER REFERENCES sync_runs (id),
  dedupe_key    TEXT NOT NULL CHECK (length(dedupe_key) > 0),
  UNIQUE (workspace_id, dedupe_key)
) STRICT;
INSERT INTO notifications_0011 (id, workspace_id, kind, title, message, created_at, read_at, sync_run_id, dedupe_key)
  SELECT id, workspace_id, kind, title, message, created_at, read_at, sync_run_id, dedupe_key FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_0011 RENAME TO notifications;
CREATE INDEX notifications_unread ON notifications (workspace_id, read_at, id);
