-- Four eyes on the month-end in a team. A sign-off made in a team waits for a reviewer other than
-- the person who made it (needs_review): until one approves it, it locks nothing; a reviewer may
-- reject it with a note instead (then it never locks, and the month is signed off again). Without
-- a team a sign-off needs no review and holds at once, as before.
--
-- A colleague's sign-off, review or unlock arrives through the team's log: its actor here is 'sync'
-- and its person is the team login that made it (the server stamped it). team_change is the id the
-- team knows the sign-off by (null: never shared, e.g. made before the workspace joined a team).
--
-- recon_signoffs and recon_signoff_unlocks are rebuilt (SQLite cannot change a CHECK) as 0014 did:
-- new table with every row and id, old one dropped, new one renamed; the runner switches foreign
-- keys off around the steps and checks every key before committing. Their append-only triggers
-- went with the old tables and are made again.

CREATE TABLE recon_signoffs_rebuilt (
  id               INTEGER PRIMARY KEY,
  workspace_id     INTEGER NOT NULL REFERENCES workspaces (id),
  as_of            TEXT NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  signed_at        TEXT NOT NULL
                     CHECK (signed_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'),
  actor            TEXT NOT NULL CHECK (actor IN ('user', 'cli', 'sync')),
  note             TEXT NOT NULL CHECK (length(note) <= 1000),
  locked_requests  INTEGER NOT NULL CHECK (locked_requests >= 0),
  locked_lines     INTEGER NOT NULL CHECK (locked_lines >= 0),
  audit_seq        INTEGER NOT NULL,
  audit_hash       TEXT NOT NULL CHECK (length(audit_hash) = 64 AND audit_hash NOT GLOB '*[^0-9a-f]*'),
  report_gzip      BLOB NOT NULL,
  report_sha256    TEXT NOT NULL CHECK (length(report_sha256) = 64 AND report_sha256 NOT GLOB '*[^0-9a-f]*'),
  actor_name       TEXT CHECK (actor_name IS NULL OR length(trim(actor_name)) BETWEEN 1 AND 100),
  needs_review     INTEGER NOT NULL DEFAULT 0 CHECK (needs_review IN (0, 1)),
  team_change      TEXT UNIQUE CHECK (team_change IS NULL OR length(team_change) = 36),
  -- The team login that made it (null: no team).
  team_login       TEXT CHECK (team_login IS NULL OR length(team_login) BETWEEN 1 AND 63),
  CHECK (needs_review = 0 OR team_change IS NOT NULL),
  UNIQUE (id, workspace_id),
  FOREIGN KEY (workspace_id, audit_seq) REFERENCES audit_log (workspace_id, seq)
) STRICT;

INSERT INTO recon_signoffs_rebuilt (id, workspace_id, as_of, signed_at, actor, note, locked_requests, locked_lines,
  audit_seq, audit_hash, report_gzip, report_sha256, actor_name)
SELECT id, workspace_id, as_of, signed_at, actor, note, locked_requests, locked_lines, audit_seq, audit_hash,
  report_gzip, report_sha256, actor_name
  FROM recon_signoffs;

DROP TABLE recon_signoffs;
ALTER TABLE recon_signoffs_rebuilt RENAME TO recon_signoffs;

CREATE TABLE recon_signoff_unlocks_rebuilt (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL,
  signoff_id    INTEGER NOT NULL UNIQUE,
  reason        TEXT NOT NULL CHECK (length(trim(reason)) >= 3 AND length(reason) <= 1000),
  actor         TEXT NOT NULL CHECK (actor IN ('user', 'cli', 'sync')),
  at            TEXT NOT NULL
                  CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'),
  audit_seq     INTEGER NOT NULL,
  actor_name    TEXT CHECK (actor_name IS NULL OR length(trim(actor_name)) BETWEEN 1 AND 100),
  team_change   TEXT UNIQUE CHECK (team_change IS NULL OR length(team_change) = 36),
  FOREIGN KEY (signoff_id, workspace_id) REFERENCES recon_signoffs (id, workspace_id),
  FOREIGN KEY (workspace_id, audit_seq) REFERENCES audit_log (workspace_id, seq)
) STRICT;

INSERT INTO recon_signoff_unlocks_rebuilt (id, workspace_id, signoff_id, reason, actor, at, audit_seq, actor_name)
SELECT id, workspace_id, signoff_id, reason, actor, at, audit_seq, actor_name FROM recon_signoff_unlocks;

DROP TABLE recon_signoff_unlocks;
ALTER TABLE recon_signoff_unlocks_rebuilt RENAME TO recon_signoff_unlocks;

-- A reviewer's verdict on a sign-off that needs one: at most one per sign-off. The reviewer is the
-- team login the server stamped on the review.
CREATE TABLE recon_signoff_reviews (
  id             INTEGER PRIMARY KEY,
  workspace_id   INTEGER NOT NULL,
  signoff_id     INTEGER NOT NULL UNIQUE,
  verdict        TEXT NOT NULL CHECK (verdict IN ('approved', 'rejected')),
  note           TEXT NOT NULL CHECK (length(note) <= 1000),
  reviewer       TEXT NOT NULL CHECK (length(reviewer) BETWEEN 1 AND 63),
  reviewer_name  TEXT CHECK (reviewer_name IS NULL OR length(trim(reviewer_name)) BETWEEN 1 AND 100),
  at             TEXT NOT NULL
                   CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'),
  audit_seq      INTEGER NOT NULL,
  team_change    TEXT NOT NULL UNIQUE CHECK (length(team_change) = 36),
  CHECK (verdict = 'approved' OR length(trim(note)) >= 3),
  FOREIGN KEY (signoff_id, workspace_id) REFERENCES recon_signoffs (id, workspace_id),
  FOREIGN KEY (workspace_id, audit_seq) REFERENCES audit_log (workspace_id, seq)
) STRICT;

CREATE TRIGGER recon_signoffs_no_update BEFORE UPDATE ON recon_signoffs
BEGIN
  SELECT RAISE(ABORT, 'recon_signoffs is append-only: sign-offs cannot be changed');
END;
CREATE TRIGGER recon_signoffs_no_delete BEFORE DELETE ON recon_signoffs
BEGIN
  SELECT RAISE(ABORT, 'recon_signoffs is append-only: sign-offs cannot be deleted');
END;
CREATE TRIGGER recon_signoffs_no_replace BEFORE INSERT ON recon_signoffs
WHEN EXISTS (SELECT 1 FROM recon_signoffs WHERE id = NEW.id OR team_change = NEW.team_change)
BEGIN
  SELECT RAISE(ABORT, 'recon_signoffs is append-only: sign-offs cannot be replaced');
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
WHEN EXISTS (SELECT 1 FROM recon_signoff_unlocks
              WHERE id = NEW.id OR signoff_id = NEW.signoff_id OR team_change = NEW.team_change)
BEGIN
  SELECT RAISE(ABORT, 'a sign-off is unlocked at most once');
END;

CREATE TRIGGER recon_signoff_reviews_no_update BEFORE UPDATE ON recon_signoff_reviews
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_reviews is append-only: reviews cannot be changed');
END;
CREATE TRIGGER recon_signoff_reviews_no_delete BEFORE DELETE ON recon_signoff_reviews
BEGIN
  SELECT RAISE(ABORT, 'recon_signoff_reviews is append-only: reviews cannot be deleted');
END;
CREATE TRIGGER recon_signoff_reviews_once BEFORE INSERT ON recon_signoff_reviews
WHEN EXISTS (SELECT 1 FROM recon_signoff_reviews
              WHERE id = NEW.id OR signoff_id = NEW.signoff_id OR team_change = NEW.team_change)
BEGIN
  SELECT RAISE(ABORT, 'a sign-off is reviewed at most once');
END;

-- Inputs of the reconciliation (0020): the rebuilt tables get their counter triggers again, and
-- reviews are one too (an approval makes a sign-off's locks hold).
CREATE TRIGGER recon_inputs_recon_signoffs_insert AFTER INSERT ON recon_signoffs
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoffs_update AFTER UPDATE ON recon_signoffs
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoffs_delete AFTER DELETE ON recon_signoffs
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_unlocks_insert AFTER INSERT ON recon_signoff_unlocks
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_unlocks_update AFTER UPDATE ON recon_signoff_unlocks
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_unlocks_delete AFTER DELETE ON recon_signoff_unlocks
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_reviews_insert AFTER INSERT ON recon_signoff_reviews
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_reviews_update AFTER UPDATE ON recon_signoff_reviews
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

CREATE TRIGGER recon_inputs_recon_signoff_reviews_delete AFTER DELETE ON recon_signoff_reviews
BEGIN UPDATE recon_inputs_version SET version = version + 1 WHERE id = 1; END;

-- Sign-offs, reviews and unlocks are few in a long team log: found by kind, not by reading it all.
CREATE INDEX team_log_kind ON team_log (workspace_id, kind, seq);
