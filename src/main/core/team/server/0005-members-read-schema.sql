-- The team database, step 5: its members may read which step it is at (floatdesk_team.schema_version,
-- written by `team init`). A desktop reads it at each exchange and tells its people when the database
-- is older than this FloatDesk, so that an admin runs `floatdesk team init` again: until then the
-- database does not make the checks of the steps it lacks (step 4's four-eyes check of a batch). A
-- database before this step refuses the read, which says as much: it is at step 4 at most.
DO $$
BEGIN
  EXECUTE format('GRANT SELECT ON floatdesk_team.schema_version TO %I', current_database() || '_preparer');
END $$;
