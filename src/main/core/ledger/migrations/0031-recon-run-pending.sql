-- The bank lines imported since the last run, when nothing else changed since: the run after an
-- import judges what those lines could change instead of every open item (recon/follow/).
-- since_version: the run mark (0020) the lines came after; to_version: the inputs' version after
-- the last of those imports. Derived: it holds only while both still stand.
CREATE TABLE recon_run_pending (
  workspace_id   INTEGER PRIMARY KEY REFERENCES workspaces (id),
  options_key    TEXT NOT NULL,
  since_version  INTEGER NOT NULL,
  to_version     INTEGER NOT NULL CHECK (to_version >= since_version),
  lines          TEXT NOT NULL CHECK (json_valid(lines) AND json_type(lines) = 'array')
) STRICT;
