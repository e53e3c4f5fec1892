-- What became of a colleague's change (0023) is kept by its place in the team's log (workspace_id,
-- seq) only. The change's id is still kept with it, but no longer indexed: it is unique already as
-- the log's (team_log, UNIQUE (workspace_id, change_id)), and a change is found by its id through
-- the log. That index took a random place for every change pulled (a month offline is tens of
-- thousands), which made recording each one several times dearer (bench/team-sync).
--
-- team_applied is rebuilt (SQLite cannot drop a table's UNIQUE constraint) as 0022 did: new table
-- with every row, old one dropped, new one renamed; its partial index is made again.

CREATE TABLE team_applied_rebuilt (
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  seq           INTEGER NOT NULL CHECK (seq > 0),
  change_id     TEXT NOT NULL,
  state         TEXT NOT NULL CHECK (state IN ('applied', 'pending', 'conflict', 'skipped')),
  decision_id   INTEGER UNIQUE REFERENCES recon_decisions (id),
  actor         TEXT NOT NULL,
  actor_name    TEXT,
  note          TEXT,
  PRIMARY KEY (workspace_id, seq)
) STRICT;

INSERT INTO team_applied_rebuilt (workspace_id, seq, change_id, state, decision_id, actor, actor_name, note)
SELECT workspace_id, seq, change_id, state, decision_id, actor, actor_name, note FROM team_applied;

DROP TABLE team_applied;
ALTER TABLE team_applied_rebuilt RENAME TO team_applied;

CREATE INDEX team_applied_pending ON team_applied (workspace_id, seq) WHERE state = 'pending';
