-- Every FloatDesk ledger says so in its header: PRAGMA application_id ("FlDk" in ASCII, see
-- FLOATDESK_APPLICATION_ID in db.ts). A file without it is opened only when it is empty or carries
-- FloatDesk's schema, so FloatDesk never migrates into another program's database.
PRAGMA application_id = 1181500523;
