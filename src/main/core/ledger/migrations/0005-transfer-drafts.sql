-- New transfer request forms kept for later (saved by hand, or because the platform could not be
-- reached), and what the transfer table needs to filter and sort 100,000 requests quickly.

CREATE TABLE transfer_drafts (
  id            INTEGER PRIMARY KEY,
  workspace_id  INTEGER NOT NULL REFERENCES workspaces (id),
  form          TEXT NOT NULL CHECK (json_valid(form) AND json_type(form) = 'object'),
  reason        TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 500),
  created_at    TEXT NOT NULL CHECK (length(created_at) > 0),
  saved_at      TEXT NOT NULL CHECK (length(saved_at) > 0)
) STRICT;
CREATE INDEX transfer_drafts_saved ON transfer_drafts (workspace_id, saved_at, id);

-- Values of the transfer table that SQL cannot compute exactly (amount sort keys across currency
-- exponents and over-precise text, the amounts as shown for free text), filled in by the core when a
-- row is new or changed. Inserting costs nothing extra (list_stale defaults to 1); a sync's update of
-- a listed value marks the row stale again. last_changed_at is the latest history row's time.
ALTER TABLE transfer_requests ADD COLUMN list_stale INTEGER NOT NULL DEFAULT 1 CHECK (list_stale IN (0, 1));
ALTER TABLE transfer_requests ADD COLUMN list_reference TEXT;   -- upper case, no spaces
ALTER TABLE transfer_requests ADD COLUMN list_text TEXT;        -- lower case, what free text matches
ALTER TABLE transfer_requests ADD COLUMN requested_key TEXT;    -- order-preserving text of the value
ALTER TABLE transfer_requests ADD COLUMN approved_key TEXT;
ALTER TABLE transfer_requests ADD COLUMN difference_key TEXT;
ALTER TABLE transfer_requests ADD COLUMN last_changed_at TEXT;

CREATE TRIGGER transfer_requests_list_stale
AFTER UPDATE OF float_name, currency, requested_minor, requested_exact, approved_minor, approved_exact, status
ON transfer_requests
BEGIN
  UPDATE transfer_requests SET list_stale = 1 WHERE id = NEW.id;
END;

CREATE INDEX transfer_requests_list_stale ON transfer_requests (id) WHERE list_stale = 1;
CREATE INDEX transfer_requests_list_reference ON transfer_requests (workspace_id, list_reference);
CREATE INDEX transfer_requests_requested_key ON transfer_requests (workspace_id, requested_key);
CREATE INDEX transfer_requests_approved_key ON transfer_requests (workspace_id, approved_key);
CREATE INDEX transfer_requests_difference_key ON transfer_requests (workspace_id, difference_key);
CREATE INDEX transfer_requests_last_changed ON transfer_requests (workspace_id, last_changed_at);
CREATE INDEX transfer_requests_float ON transfer_requests (workspace_id, float_name);
CREATE INDEX transfer_requests_currency ON transfer_requests (workspace_id, currency);
