-- The workspace's own settings: one row per workspace, written the first time a setting changes
-- (no row: every setting has its default). Credentials are never stored here.

CREATE TABLE workspace_settings (
  workspace_id           INTEGER PRIMARY KEY REFERENCES workspaces (id),
  sync_interval_minutes  INTEGER NOT NULL CHECK (sync_interval_minutes BETWEEN 0 AND 1440),
  locale                 TEXT NOT NULL CHECK (length(locale) BETWEEN 2 AND 35),
  date_style             TEXT NOT NULL CHECK (date_style IN ('iso', 'locale')),
  theme                  TEXT NOT NULL CHECK (theme IN ('system', 'light', 'dark')),
  -- The proforma invoice block: a JSON object of strings, as the transfer request sends it.
  company                TEXT NOT NULL CHECK (json_valid(company) AND json_type(company) = 'object'),
  finance_email          TEXT CHECK (finance_email IS NULL OR finance_email GLOB '?*@?*'),
  updated_at             TEXT NOT NULL CHECK (length(updated_at) > 0)
) STRICT;
