-- Named locks between FloatDesk processes sharing one workspace (the app, a scheduled CLI sync):
-- one row per held lock. A holder whose process is gone, or whose heartbeat is too old, is stale
-- and may be taken over. Times are UTC ISO 8601.

CREATE TABLE locks (
  name         TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 100),
  owner        TEXT NOT NULL CHECK (length(owner) BETWEEN 1 AND 200),
  pid          INTEGER NOT NULL CHECK (pid > 0),
  hostname     TEXT NOT NULL,
  acquired_at  TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL
) STRICT;
