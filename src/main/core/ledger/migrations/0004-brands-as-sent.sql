-- Brands are now stored as the exact text the platform sent for each (numbers as written), which
-- JSON.parse has already accepted before anything is written. The json_valid CHECK re-parsed every
-- brand on every write (about a sixth of a catalogue sync); the table is rebuilt without it.
-- The rows wait in a temporary copy while the table is recreated under the same name, so
-- brand_changes and brand_assets keep pointing at "brands"; their foreign keys are checked at commit,
-- when every child row finds its brand again under the same id.
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE brands_before_0004 AS SELECT * FROM main.brands;
DROP TABLE main.brands;

CREATE TABLE main.brands (
  id             INTEGER PRIMARY KEY,
  workspace_id   INTEGER NOT NULL REFERENCES workspaces (id),
  slug           TEXT NOT NULL CHECK (length(slug) > 0),
  name           TEXT NOT NULL,
  currency       TEXT NOT NULL,
  status_code    TEXT NOT NULL,
  data           TEXT NOT NULL,   -- the brand's JSON exactly as the platform sent it
  first_seen_at  TEXT NOT NULL,
  last_seen_at   TEXT NOT NULL,
  vanished_at    TEXT,            -- set when a sync no longer lists it
  UNIQUE (workspace_id, slug)
) STRICT;

INSERT INTO main.brands (id, workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at, vanished_at)
  SELECT id, workspace_id, slug, name, currency, status_code, data, first_seen_at, last_seen_at, vanished_at
    FROM temp.brands_before_0004;
DROP TABLE temp.brands_before_0004;
