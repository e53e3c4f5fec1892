-- Reconciliation decisions (issue 7). Two tables with different rules:
--
-- recon_decisions is the record: every decision — an automatic match stored by a run, a confirmed
-- suggestion, a rejected one, a match by hand, a resolution, an undo — is one appended row that is
-- never changed or removed. An undo is a new row naming the decision it takes back (`undoes`,
-- unique: a decision is undone at most once); a decision is in force while no undo names it. Each
-- row points at the audit log entry written in the same transaction.
--
-- recon_current is what is in force now, derived from the record and maintained in the same
-- transaction as each decision: one row per bank line or transfer request that a match or a
-- resolution in force covers. Its unique keys make "each line and each request in at most one
-- match, resolved at most once" a rule of the file, not only of the code. It can be rebuilt from
-- recon_decisions at any time.
--
-- recon_suggestions holds the suggestions of the last run (a cache replaced by every run, not a
-- decision); rejections live in recon_decisions and filter it.

CREATE TABLE recon_decisions (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  kind          TEXT NOT NULL CHECK (kind IN ('auto_match', 'confirm', 'reject', 'manual', 'resolve', 'undo')),
  payload       TEXT NOT NULL CHECK (json_valid(payload) AND json_type(payload) = 'object'),
  actor         TEXT NOT NULL CHECK (actor IN ('user', 'cli', 'sync')),
  created_at    TEXT NOT NULL
                  CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'),
  -- The audit entry written with this decision (several automatic matches of one run share one).
  audit_seq     INTEGER NOT NULL,
  undoes        INTEGER UNIQUE,
  CHECK ((kind = 'undo') = (undoes IS NOT NULL)),
  UNIQUE (id, workspace_id),
  FOREIGN KEY (undoes, workspace_id) REFERENCES recon_decisions (id, workspace_id),
  FOREIGN KEY (workspace_id, audit_seq) REFERENCES audit_log (workspace_id, seq)
) STRICT;
CREATE INDEX recon_decisions_kind ON recon_decisions (workspace_id, kind);

CREATE TRIGGER recon_decisions_no_update BEFORE UPDATE ON recon_decisions
BEGIN
  SELECT RAISE(ABORT, 'recon_decisions is append-only: decisions cannot be changed');
END;

CREATE TRIGGER recon_decisions_no_delete BEFORE DELETE ON recon_decisions
BEGIN
  SELECT RAISE(ABORT, 'recon_decisions is append-only: decisions cannot be deleted');
END;

CREATE TRIGGER recon_decisions_no_replace BEFORE INSERT ON recon_decisions
WHEN EXISTS (SELECT 1 FROM recon_decisions WHERE id = NEW.id)
BEGIN
  SELECT RAISE(ABORT, 'recon_decisions is append-only: decisions cannot be replaced');
END;

-- An undo takes back a decision; it cannot itself be taken back (make the decision again instead).
CREATE TRIGGER recon_decisions_undo_target BEFORE INSERT ON recon_decisions
WHEN NEW.undoes IS NOT NULL AND (SELECT kind FROM recon_decisions WHERE id = NEW.undoes) = 'undo'
BEGIN
  SELECT RAISE(ABORT, 'an undo cannot be undone');
END;

CREATE TABLE recon_current (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL,
  decision_id   INTEGER NOT NULL,
  role          TEXT NOT NULL CHECK (role IN ('match', 'resolution')),
  line_id       INTEGER REFERENCES bank_lines (id),
  request_id    INTEGER REFERENCES transfer_requests (id),
  CHECK ((line_id IS NULL) <> (request_id IS NULL)),
  FOREIGN KEY (decision_id, workspace_id) REFERENCES recon_decisions (id, workspace_id),
  UNIQUE (workspace_id, role, line_id),
  UNIQUE (workspace_id, role, request_id)
) STRICT;
CREATE INDEX recon_current_decision ON recon_current (decision_id);

-- Only a decision in force, of the kind that fits the role, can be current.
CREATE TRIGGER recon_current_in_force BEFORE INSERT ON recon_current
WHEN NOT EXISTS (
  SELECT 1 FROM recon_decisions d
   WHERE d.id = NEW.decision_id
     AND NOT EXISTS (SELECT 1 FROM recon_decisions u WHERE u.undoes = d.id)
     AND ((NEW.role = 'match' AND d.kind IN ('auto_match', 'confirm', 'manual'))
       OR (NEW.role = 'resolution' AND d.kind = 'resolve')))
BEGIN
  SELECT RAISE(ABORT, 'recon_current takes only matches and resolutions in force');
END;

CREATE TABLE recon_suggestions (
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  -- Stable: a hash of the set of options (see reconcile/suggestion-key.ts).
  key           TEXT NOT NULL CHECK (length(key) = 24 AND key NOT GLOB '*[^0-9a-f]*'),
  position      INTEGER NOT NULL CHECK (position >= 0),
  rule          TEXT NOT NULL,
  reason        TEXT NOT NULL CHECK (reason IN ('tie', 'conflict', 'weak_evidence')),
  options       TEXT NOT NULL CHECK (json_valid(options) AND json_type(options) = 'array'),
  computed_at   TEXT NOT NULL CHECK (length(computed_at) > 0),
  PRIMARY KEY (workspace_id, key)
) STRICT;
