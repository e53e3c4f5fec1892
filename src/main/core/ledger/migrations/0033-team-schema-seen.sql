-- The step the team's database was at when this desktop last exchanged with it (team schema, read
-- by its members from step 5 on; 4 stands for "step 4 at most": an earlier database refuses the
-- read). Settings → Team and `floatdesk team status` say when it is older than this FloatDesk, so
-- that an admin brings it up to date. NULL: no exchange since this column was added.
ALTER TABLE team_links ADD COLUMN team_schema INTEGER CHECK (team_schema IS NULL OR team_schema >= 0);
