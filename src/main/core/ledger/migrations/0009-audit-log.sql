-- The audit log: every user decision and every statement import, appended in the same transaction
-- as the decision itself. Each entry carries the hash of the previous one (a hash chain per
-- workspace), so `floatdesk audit verify` detects any later edit, deletion or reordering.
-- The recipe for `hash` is documented in src/main/core/recon/audit/entry-hash.ts.
-- `details` is canonical JSON of ids, amounts, codes and notes a person typed: never secrets.

CREATE TABLE audit_log (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  seq           INTEGER NOT NULL CHECK (seq >= 1),
  at            TEXT NOT NULL
                  CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'),
  actor         TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 40 AND actor NOT GLOB '*[^a-z_]*'),
  action        TEXT NOT NULL
                  CHECK (length(action) BETWEEN 3 AND 80 AND action GLOB '[a-z]*.[a-z]*'
                         AND action NOT GLOB '*[^a-z_.]*'),
  subject       TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  details       TEXT NOT NULL CHECK (json_valid(details) AND json_type(details) = 'object'),
  prev_hash     TEXT NOT NULL CHECK (length(prev_hash) = 64 AND prev_hash NOT GLOB '*[^0-9a-f]*'),
  hash          TEXT NOT NULL CHECK (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*'),
  UNIQUE (workspace_id, seq),
  CHECK ((seq = 1) = (prev_hash = '0000000000000000000000000000000000000000000000000000000000000000'))
) STRICT;

-- Append-only at the SQL level too: no statement may change, remove or replace an entry. (Someone
-- with the file can drop these triggers; the hash chain is what detects that kind of edit.)
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only: entries cannot be changed');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only: entries cannot be deleted');
END;

-- INSERT OR REPLACE would remove the old entry without firing the DELETE trigger (unless
-- recursive_triggers is on): an insert may never land on an existing entry.
CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
WHEN EXISTS (SELECT 1 FROM audit_log
              WHERE (workspace_id = NEW.workspace_id AND seq = NEW.seq) OR id = NEW.id)
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only: entries cannot be replaced');
END;
