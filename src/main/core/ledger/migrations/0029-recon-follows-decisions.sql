-- A decision changes the state of the few items it covers; the kept reading (0020) follows it by
-- rewriting those items' rows instead of deriving every row again. For that, a kept row is found
-- by the ledger row it shows, and a suggestion by the rows its options name.

CREATE INDEX recon_item_rows_row ON recon_item_rows (workspace_id, kind, row_id);

-- recon_suggestion_rows: the bank lines and requests each suggestion of the last run names (in any
-- of its options), written with the suggestions; derived from recon_suggestions, as its index.
CREATE TABLE recon_suggestion_rows (
  workspace_id  INTEGER NOT NULL,
  key           TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('line', 'request')),
  row_id        INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, kind, row_id, key)
) STRICT, WITHOUT ROWID;

INSERT OR IGNORE INTO recon_suggestion_rows (workspace_id, key, kind, row_id)
SELECT s.workspace_id, s.key, 'line', line.value
  FROM recon_suggestions s, json_each(s.options) AS option, json_each(option.value, '$.lines') AS line
UNION ALL
SELECT s.workspace_id, s.key, 'request', request.value
  FROM recon_suggestions s, json_each(s.options) AS option, json_each(option.value, '$.requests') AS request;
