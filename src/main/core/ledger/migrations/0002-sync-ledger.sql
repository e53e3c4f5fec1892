-- Everything sync keeps: runs, transfer requests with their history, brands with a change log,
-- templates. Platform records are upserted and their history appended; nothing is deleted.

CREATE TABLE sync_runs (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  trigger       TEXT NOT NULL CHECK (trigger IN ('manual', 'auto', 'cli', 'demo', 'startup')),
  started_at    TEXT NOT NULL,
  finished_at   TEXT,
  outcome       TEXT NOT NULL CHECK (outcome IN ('running', 'succeeded', 'failed', 'cancelled', 'partial'))
) STRICT;

CREATE TABLE sync_run_datasets (
  id             INTEGER PRIMARY KEY,
  sync_run_id    INTEGER NOT NULL REFERENCES sync_runs (id),
  dataset        TEXT NOT NULL CHECK (dataset IN ('floats', 'transfers', 'brands', 'templates')),
  started_at     TEXT NOT NULL,
  finished_at    TEXT,
  outcome        TEXT NOT NULL CHECK (outcome IN ('running', 'succeeded', 'failed', 'cancelled', 'partial')),
  items_read     INTEGER NOT NULL DEFAULT 0 CHECK (items_read >= 0),
  items_changed  INTEGER NOT NULL DEFAULT 0 CHECK (items_changed >= 0),
  requests_made  INTEGER NOT NULL DEFAULT 0 CHECK (requests_made >= 0),
  error_code     TEXT,
  error_message  TEXT,
  UNIQUE (sync_run_id, dataset)
) STRICT;

-- Where each dataset stands, so the next run resumes (e.g. the transfer backfill's next window).
CREATE TABLE sync_state (
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  dataset       TEXT NOT NULL,
  key           TEXT NOT NULL,
  value         TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  PRIMARY KEY (workspace_id, dataset, key)
) STRICT;

ALTER TABLE balance_snapshots ADD COLUMN sync_run_id INTEGER REFERENCES sync_runs (id);

-- One row per request the platform lists, identified by its payment reference and creation time.
CREATE TABLE transfer_requests (
  id                 INTEGER PRIMARY KEY,
  workspace_id       INTEGER NOT NULL REFERENCES workspaces (id),
  payment_reference  TEXT NOT NULL,
  created_at         TEXT NOT NULL,           -- exactly as sent, with its offset
  created_utc        TEXT NOT NULL,           -- the same instant in UTC, for ordering and windows
  float_name         TEXT NOT NULL,
  currency           TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  requested_minor    INTEGER,
  requested_exact    TEXT,
  approved_minor     INTEGER,
  approved_exact     TEXT,
  status             TEXT NOT NULL CHECK (length(status) > 0),   -- unknown future statuses are kept
  first_seen_at      TEXT NOT NULL,
  last_seen_at       TEXT NOT NULL,
  CHECK ((requested_minor IS NULL) <> (requested_exact IS NULL)),
  CHECK (approved_minor IS NULL OR approved_exact IS NULL),
  UNIQUE (workspace_id, payment_reference, created_utc)
) STRICT;
CREATE INDEX transfer_requests_created ON transfer_requests (workspace_id, created_utc);
CREATE INDEX transfer_requests_status ON transfer_requests (workspace_id, status);

-- Appended whenever a synced value differs from what the ledger held (the first row is the first sight).
CREATE TABLE transfer_request_history (
  id                   INTEGER PRIMARY KEY,
  transfer_request_id  INTEGER NOT NULL REFERENCES transfer_requests (id),
  sync_run_id          INTEGER REFERENCES sync_runs (id),
  observed_at          TEXT NOT NULL,
  status               TEXT NOT NULL,
  requested_minor      INTEGER,
  requested_exact      TEXT,
  approved_minor       INTEGER,
  approved_exact       TEXT
) STRICT;
CREATE INDEX transfer_request_history_request ON transfer_request_history (transfer_request_id, id);

-- Top-ups sent from this workspace (a user decision: append-only). A platform row whose reference
-- appears here has origin 'submitted'; otherwise it was first seen on the platform.
CREATE TABLE transfer_submissions (
  id                 INTEGER PRIMARY KEY,
  workspace_id       INTEGER NOT NULL REFERENCES workspaces (id),
  payment_reference  TEXT NOT NULL,
  float_name         TEXT NOT NULL,
  currency           TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  amount_minor       INTEGER NOT NULL CHECK (amount_minor > 0),
  submitted_at       TEXT NOT NULL,
  outcome            TEXT NOT NULL CHECK (outcome IN ('registered', 'confirmed_by_lookup', 'refused', 'unknown')),
  error_code         TEXT,
  UNIQUE (workspace_id, payment_reference, submitted_at)
) STRICT;
CREATE INDEX transfer_submissions_reference ON transfer_submissions (workspace_id, payment_reference);

CREATE TABLE brands (
  id             INTEGER PRIMARY KEY,
  workspace_id   INTEGER NOT NULL REFERENCES workspaces (id),
  slug           TEXT NOT NULL CHECK (length(slug) > 0),
  name           TEXT NOT NULL,
  currency       TEXT NOT NULL,
  status_code    TEXT NOT NULL,
  data           TEXT NOT NULL CHECK (json_valid(data)),   -- the whole brand as synced (exact decimals as text)
  first_seen_at  TEXT NOT NULL,
  last_seen_at   TEXT NOT NULL,
  vanished_at    TEXT,                                      -- set when a sync no longer lists it
  UNIQUE (workspace_id, slug)
) STRICT;

CREATE TABLE brand_changes (
  id           INTEGER PRIMARY KEY,
  brand_id     INTEGER NOT NULL REFERENCES brands (id),
  sync_run_id  INTEGER REFERENCES sync_runs (id),
  observed_at  TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('new', 'changed', 'vanished', 'returned')),
  attribute    TEXT,                                       -- e.g. 'status', 'discount', 'denominations'
  old_value    TEXT CHECK (old_value IS NULL OR json_valid(old_value)),
  new_value    TEXT CHECK (new_value IS NULL OR json_valid(new_value))
) STRICT;
CREATE INDEX brand_changes_brand ON brand_changes (brand_id, id);
CREATE INDEX brand_changes_observed ON brand_changes (observed_at);

CREATE TABLE brand_assets (
  id            INTEGER PRIMARY KEY,
  brand_id      INTEGER NOT NULL REFERENCES brands (id),
  kind          TEXT NOT NULL CHECK (kind IN ('logo', 'gift_card')),
  url           TEXT NOT NULL,
  file_path     TEXT,                                      -- relative to the workspace folder
  content_type  TEXT,
  bytes         INTEGER CHECK (bytes IS NULL OR bytes >= 0),
  sha256        TEXT,
  fetched_at    TEXT NOT NULL,
  error         TEXT,
  UNIQUE (brand_id, kind)
) STRICT;

CREATE TABLE templates (
  id                     INTEGER PRIMARY KEY,
  workspace_id           INTEGER NOT NULL REFERENCES workspaces (id),
  brand_slug             TEXT NOT NULL,
  name                   TEXT NOT NULL,
  platform_version       TEXT NOT NULL,        -- the newest version the platform announced
  local_version          TEXT,                 -- the version of the verified local copy
  file_path              TEXT,                 -- relative to the workspace folder
  previous_version       TEXT,
  previous_file_path     TEXT,
  checked_at             TEXT NOT NULL,
  downloaded_at          TEXT,
  UNIQUE (workspace_id, brand_slug, name)
) STRICT;
