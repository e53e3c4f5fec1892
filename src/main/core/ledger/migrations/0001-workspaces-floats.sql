-- Workspaces, floats and balance snapshots. Amounts are integer minor units; a value the platform
-- sent with more decimals than its currency has is kept exactly as text instead (never rounded).

CREATE TABLE workspaces (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  kind        TEXT NOT NULL CHECK (kind IN ('demo', 'platform')),
  base_url    TEXT CHECK (base_url IS NULL OR base_url GLOB 'http*://*'),
  created_at  TEXT NOT NULL
) STRICT;

CREATE TABLE floats (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  currency      TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  name          TEXT NOT NULL CHECK (length(name) > 0),
  first_seen_at TEXT NOT NULL,
  UNIQUE (workspace_id, currency, name)
) STRICT;

CREATE TABLE balance_snapshots (
  id                    INTEGER PRIMARY KEY,
  float_id              INTEGER NOT NULL REFERENCES floats (id),
  recorded_at           TEXT NOT NULL,
  platform_refreshed_at TEXT,
  available_minor       INTEGER,
  available_exact       TEXT CHECK (available_exact IS NULL OR available_exact GLOB '*[0-9]*'),
  pending_minor         INTEGER,
  pending_exact         TEXT CHECK (pending_exact IS NULL OR pending_exact GLOB '*[0-9]*'),
  CHECK ((available_minor IS NULL) <> (available_exact IS NULL)),
  CHECK ((pending_minor IS NULL) <> (pending_exact IS NULL))
) STRICT;

CREATE INDEX balance_snapshots_latest ON balance_snapshots (float_id, recorded_at DESC, id DESC);
