-- Low-balance thresholds per float and the notifications FloatDesk raised. A threshold is integer
-- minor units of the float's currency. `alert_armed` is the crossing rule's memory: 1 while a drop
-- under the threshold should notify, 0 once it has (until the balance is seen at or above again).

CREATE TABLE float_thresholds (
  float_id         INTEGER PRIMARY KEY REFERENCES floats (id),
  threshold_minor  INTEGER NOT NULL CHECK (threshold_minor > 0),
  alert_armed      INTEGER NOT NULL DEFAULT 1 CHECK (alert_armed IN (0, 1)),
  updated_at       TEXT NOT NULL CHECK (length(updated_at) > 0)
) STRICT;

-- One row per thing a person was told; `dedupe_key` names the condition (e.g. the low-balance drop
-- at one snapshot, or one request reaching one status), so the same condition never notifies twice.
CREATE TABLE notifications (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  kind          TEXT NOT NULL CHECK (kind IN ('low_balance', 'transfer_approved', 'transfer_edited',
                                              'transfer_removed', 'transfer_cancelled')),
  title         TEXT NOT NULL CHECK (length(title) > 0),
  message       TEXT NOT NULL,
  created_at    TEXT NOT NULL CHECK (length(created_at) > 0),
  read_at       TEXT,
  sync_run_id   INTEGER REFERENCES sync_runs (id),
  dedupe_key    TEXT NOT NULL CHECK (length(dedupe_key) > 0),
  UNIQUE (workspace_id, dedupe_key)
) STRICT;
CREATE INDEX notifications_unread ON notifications (workspace_id, read_at, id);

-- After each sync, the notifier reads the history rows that run wrote.
CREATE INDEX transfer_request_history_run ON transfer_request_history (sync_run_id);
