-- notifications gains the kind 'files_made_private': opening a workspace whose files an older
-- FloatDesk left readable by other users makes them owner-only and says which. SQLite cannot alter a
-- CHECK: the table is rebuilt under the same name, every row kept with its id (nothing references
-- notifications), as in 0011.
CREATE TABLE notifications_0015 (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  kind          TEXT NOT NULL CHECK (kind IN ('low_balance', 'transfer_approved', 'transfer_edited',
                                              'transfer_removed', 'transfer_cancelled', 'signoff_drift',
                                              'files_made_private')),
  title         TEXT NOT NULL CHECK (length(title) > 0),
  message       TEXT NOT NULL,
  created_at    TEXT NOT NULL CHECK (length(created_at) > 0),
  read_at       TEXT,
  sync_run_id   INTEGER REFERENCES sync_runs (id),
  dedupe_key    TEXT NOT NULL CHECK (length(dedupe_key) > 0),
  UNIQUE (workspace_id, dedupe_key)
) STRICT;
INSERT INTO notifications_0015 (id, workspace_id, kind, title, message, created_at, read_at, sync_run_id, dedupe_key)
  SELECT id, workspace_id, kind, title, message, created_at, read_at, sync_run_id, dedupe_key FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_0015 RENAME TO notifications;
CREATE INDEX notifications_unread ON notifications (workspace_id, read_at, id);
