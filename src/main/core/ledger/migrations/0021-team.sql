-- Team mode on this desktop (the team's database is PostgreSQL; see team/server). A workspace that
-- joined a team has a link: the database's URL and login (never the password), and how far it has
-- pulled the team's log, with the hash it checked last. What is decided here and shared waits in
-- the outbox, each change with the id the server keeps it under (so a push repeated after a crash
-- or a cut connection is kept once), until the server has answered its place (pushed_seq). The
-- team's log, as pulled and checked, is kept here in the server's order and never changed.

CREATE TABLE team_links (
  workspace_id    INTEGER PRIMARY KEY REFERENCES workspaces (id),
  database_url    TEXT NOT NULL CHECK (database_url GLOB 'postgres*://*@*'),
  login           TEXT NOT NULL CHECK (length(login) BETWEEN 1 AND 63),
  role            TEXT NOT NULL CHECK (role IN ('preparer', 'reviewer', 'admin')),
  joined_at       TEXT NOT NULL,
  pulled_seq      INTEGER NOT NULL DEFAULT 0 CHECK (pulled_seq >= 0),
  pulled_hash     TEXT NOT NULL CHECK (length(pulled_hash) = 64),
  last_exchange   TEXT,
  -- The team's people as the server last said ([{"login", "role"}]).
  members         TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(members) AND json_type(members) = 'array')
) STRICT;

CREATE TABLE team_outbox (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  change_id     TEXT NOT NULL UNIQUE CHECK (length(change_id) = 36),
  kind          TEXT NOT NULL,
  subject       TEXT NOT NULL,
  payload       TEXT NOT NULL CHECK (json_valid(payload)),
  made_at       TEXT NOT NULL,
  -- The decision this change shares, when it shares one (one change per decision).
  decision_id   INTEGER UNIQUE REFERENCES recon_decisions (id),
  pushed_seq    INTEGER CHECK (pushed_seq IS NULL OR pushed_seq > 0)
) STRICT;
CREATE INDEX team_outbox_waiting ON team_outbox (workspace_id, id) WHERE pushed_seq IS NULL;

CREATE TABLE team_log (
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  seq           INTEGER NOT NULL CHECK (seq > 0),
  change_id     TEXT NOT NULL,
  kind          TEXT NOT NULL,
  subject       TEXT NOT NULL,
  payload       TEXT NOT NULL,
  actor         TEXT NOT NULL,
  made_at       TEXT NOT NULL,
  received_at   TEXT NOT NULL,
  prev_hash     TEXT NOT NULL,
  hash          TEXT NOT NULL,
  PRIMARY KEY (workspace_id, seq),
  UNIQUE (workspace_id, change_id)
) STRICT;

CREATE TRIGGER team_log_no_update BEFORE UPDATE ON team_log
BEGIN SELECT RAISE(ABORT, 'team_log is append-only: the team''s log cannot be changed'); END;
CREATE TRIGGER team_log_no_delete BEFORE DELETE ON team_log
BEGIN SELECT RAISE(ABORT, 'team_log is append-only: the team''s log cannot be changed'); END;

-- Two decisions on the same item made apart: the one the server ordered first stands, the other is
-- kept here, shown to both people until one of them settles it.
CREATE TABLE team_conflicts (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  subject       TEXT NOT NULL,
  standing_seq  INTEGER NOT NULL,
  other_seq     INTEGER NOT NULL,
  settled_at    TEXT,
  UNIQUE (workspace_id, other_seq)
) STRICT;
