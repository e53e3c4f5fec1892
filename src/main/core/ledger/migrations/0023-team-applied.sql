-- A colleague's change as this desktop took it: applied (the local decision it became), pending
-- (its bank lines or requests are not in this ledger yet, or this desktop's own decision on the same
-- item has not reached the team: tried again at each exchange), conflict (another decision the team
-- ordered first holds the item: kept in team_conflicts) or skipped (nothing to do here, e.g. an undo
-- of a decision that never stood here). Who made it is the server's login and the name the person
-- gave; `note` says in words why a change waits or was skipped. applied_seq is how far the log has
-- been gone through, so an exchange looks only at what is new and at what waits; retried_inputs is
-- the reconciliation inputs' version (0020) when the waiting ones were last tried: they are tried
-- again only once something they may wait for has changed.

CREATE TABLE team_applied (
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  seq           INTEGER NOT NULL CHECK (seq > 0),
  change_id     TEXT NOT NULL,
  state         TEXT NOT NULL CHECK (state IN ('applied', 'pending', 'conflict', 'skipped')),
  decision_id   INTEGER UNIQUE REFERENCES recon_decisions (id),
  actor         TEXT NOT NULL,
  actor_name    TEXT,
  note          TEXT,
  PRIMARY KEY (workspace_id, seq),
  UNIQUE (workspace_id, change_id)
) STRICT;
CREATE INDEX team_applied_pending ON team_applied (workspace_id, seq) WHERE state = 'pending';

ALTER TABLE team_links ADD COLUMN applied_seq INTEGER NOT NULL DEFAULT 0 CHECK (applied_seq >= 0);
ALTER TABLE team_links ADD COLUMN retried_inputs INTEGER;

-- How a conflict was settled: the standing decision kept, or the other one taken instead.
ALTER TABLE team_conflicts ADD COLUMN settled_choice TEXT
  CHECK (settled_choice IS NULL OR settled_choice IN ('standing', 'other'));
ALTER TABLE team_conflicts ADD COLUMN settled_by TEXT;
