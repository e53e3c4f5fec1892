-- Sign-off by a named person (issue 17): the workspace's Settings hold the name of the person who
-- works in it, and every decision, sign-off and unlock keeps the name as it was when it was made
-- (null: made before names, from the command line, or with no name set).

ALTER TABLE workspace_settings ADD COLUMN signer_name TEXT
  CHECK (signer_name IS NULL OR (length(trim(signer_name)) BETWEEN 1 AND 100 AND signer_name = trim(signer_name)));

ALTER TABLE recon_decisions ADD COLUMN actor_name TEXT
  CHECK (actor_name IS NULL OR length(trim(actor_name)) BETWEEN 1 AND 100);

ALTER TABLE recon_signoffs ADD COLUMN actor_name TEXT
  CHECK (actor_name IS NULL OR length(trim(actor_name)) BETWEEN 1 AND 100);

ALTER TABLE recon_signoff_unlocks ADD COLUMN actor_name TEXT
  CHECK (actor_name IS NULL OR length(trim(actor_name)) BETWEEN 1 AND 100);
