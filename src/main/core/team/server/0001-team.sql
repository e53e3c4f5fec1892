-- The team database, step 1: who may do what, and the one ordered, chained log of shared changes.
-- A team is one PostgreSQL database. Its three group roles are named after it (<database>_preparer,
-- _reviewer, _admin; a reviewer may also prepare, an admin may also review) and each person logs in
-- with a login of their own that is a member of one of them. Nobody writes the tables directly:
-- changes go in only through push_changes(), which runs as the schema's owner, stamps the actor
-- from the session (a client cannot claim another name), refuses what the actor's role may not do,
-- orders every change (seq) and chains its hash to the one before.

CREATE SCHEMA IF NOT EXISTS floatdesk_team;

DO $$
DECLARE
  db text := current_database();
  role_name text;
BEGIN
  FOREACH role_name IN ARRAY ARRAY['preparer', 'reviewer', 'admin'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = db || '_' || role_name) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN', db || '_' || role_name);
    END IF;
  END LOOP;
  EXECUTE format('GRANT %I TO %I', db || '_preparer', db || '_reviewer');
  EXECUTE format('GRANT %I TO %I', db || '_reviewer', db || '_admin');
  -- Only the team's people (and the owner) connect to the team's database.
  EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', db);
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', db, db || '_preparer');
END $$;

CREATE TABLE floatdesk_team.members (
  login       name PRIMARY KEY,
  role        text NOT NULL CHECK (role IN ('preparer', 'reviewer', 'admin')),
  granted_by  name NOT NULL,
  granted_at  timestamptz NOT NULL
);

-- made_at and received_at are UTC ISO 8601 text with microseconds, as hashed.
CREATE TABLE floatdesk_team.changes (
  seq          bigint PRIMARY KEY,
  change_id    uuid NOT NULL UNIQUE,
  kind         text NOT NULL CHECK (kind ~ '^[a-z]+(\.[a-z_]+)*$'),
  subject      text NOT NULL CHECK (length(subject) BETWEEN 1 AND 500),
  payload      text NOT NULL CHECK ((payload::jsonb) IS NOT NULL),
  actor        name NOT NULL,
  made_at      text NOT NULL CHECK (made_at ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3,6}Z$'),
  received_at  text NOT NULL CHECK (received_at ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$'),
  prev_hash    text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash         text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
);
CREATE INDEX changes_subject ON floatdesk_team.changes (subject, seq);

-- The role of a login in this team: the strongest group role it is a member of, or null.
CREATE FUNCTION floatdesk_team.role_of(who name) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE
    WHEN pg_has_role(who, current_database() || '_admin', 'MEMBER') THEN 'admin'
    WHEN pg_has_role(who, current_database() || '_reviewer', 'MEMBER') THEN 'reviewer'
    WHEN pg_has_role(who, current_database() || '_preparer', 'MEMBER') THEN 'preparer'
  END
$$;

-- The text a change's hash is taken over: every field, in order, joined by '|'. No SET clause: a
-- plain SQL function is inlined into push_changes' statement (it names pg_catalog's functions only).
CREATE FUNCTION floatdesk_team.change_hash(
  prev_hash text, seq bigint, change_id uuid, kind text, subject text, actor name, made_at text,
  received_at text, payload text
) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
    prev_hash || '|' || seq::text || '|' || change_id::text || '|' || kind || '|' || subject || '|' ||
    actor::text || '|' || made_at || '|' || received_at || '|' || payload, 'UTF8')), 'hex')
$$;

-- Changes from one desktop, in its order. A change already received (its id) is not added again:
-- its seq is answered, so a push cut off before the answer can simply be sent again. Kinds:
-- review.* and signoff.unlock need a reviewer, who may not review a sign-off they made
-- (subject: the sign-off); everything else needs a member of the team. The new changes are
-- written in one statement: their seqs follow each other, they share the moment they were
-- received, and each hash (change_hash()) chains to the one before.
CREATE FUNCTION floatdesk_team.push_changes(changes jsonb)
RETURNS TABLE (change_id uuid, seq bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = floatdesk_team, pg_catalog, pg_temp AS $$
DECLARE
  who name := session_user;
  who_role text := floatdesk_team.role_of(session_user);
  review record;
  prev text;
  fresh_count bigint;
  first_seq bigint;
  last_seq bigint;
  received text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
BEGIN
  IF who_role IS NULL THEN
    RAISE EXCEPTION 'The login "%" is not a member of this team.', who USING ERRCODE = '42501';
  END IF;
  FOR review IN
    SELECT e.value ->> 'kind' AS kind, e.value ->> 'subject' AS subject FROM jsonb_array_elements(changes) AS e (value)
     WHERE e.value ->> 'kind' LIKE 'review.%' OR e.value ->> 'kind' = 'signoff.unlock'
  LOOP
    IF who_role = 'preparer' THEN
      RAISE EXCEPTION 'Only a reviewer may %: "%" is a preparer in this team.', replace(review.kind, '.', ' '), who
        USING ERRCODE = '42501';
    END IF;
    IF review.kind LIKE 'review.%' AND EXISTS (
      SELECT 1 FROM changes c WHERE c.subject = review.subject AND c.kind = 'signoff.create' AND c.actor = who
    ) THEN
      RAISE EXCEPTION 'A sign-off is reviewed by someone other than the person who made it.'
        USING ERRCODE = '42501';
    END IF;
  END LOOP;
  -- One pusher at a time: seqs are given, and committed, in chain order.
  PERFORM pg_advisory_xact_lock(hashtext('floatdesk_team.changes'));
  -- Numbered from the last change kept, under the lock: a push rolled back leaves no gap behind.
  SELECT c.hash, c.seq INTO prev, last_seq FROM changes c ORDER BY c.seq DESC LIMIT 1;
  prev := coalesce(prev, repeat('0', 64));
  CREATE TEMPORARY TABLE IF NOT EXISTS pushed_changes (
    k bigint PRIMARY KEY, id uuid, kind text, subject text, payload text, made_at text
  ) ON COMMIT DROP;
  TRUNCATE pushed_changes;
  INSERT INTO pushed_changes (k, id, kind, subject, payload, made_at)
  SELECT row_number() OVER (ORDER BY e.n), (e.value ->> 'id')::uuid, e.value ->> 'kind', e.value ->> 'subject',
         e.value ->> 'payload', e.value ->> 'madeAt'
    FROM jsonb_array_elements(changes) WITH ORDINALITY AS e (value, n)
   WHERE NOT EXISTS (SELECT 1 FROM changes c WHERE c.change_id = (e.value ->> 'id')::uuid);
  GET DIAGNOSTICS fresh_count = ROW_COUNT;
  IF fresh_count > 0 THEN
    first_seq := coalesce(last_seq, 0) + 1;
    INSERT INTO changes (seq, change_id, kind, subject, payload, actor, made_at, received_at, prev_hash, hash)
    WITH RECURSIVE chain (k, prev_hash, hash) AS (
      SELECT 0::bigint, NULL::text, prev
      UNION ALL
      SELECT p.k, chain.hash,
             change_hash(chain.hash, first_seq + p.k - 1, p.id, p.kind, p.subject, who, p.made_at, received,
               p.payload) COLLATE "default"
        FROM chain JOIN pushed_changes p ON p.k = chain.k + 1
    )
    SELECT first_seq + p.k - 1, p.id, p.kind, p.subject, p.payload, who, p.made_at, received, chain.prev_hash, chain.hash
      FROM pushed_changes p JOIN chain ON chain.k = p.k ORDER BY p.k;
    PERFORM pg_notify('floatdesk_team', (first_seq + fresh_count - 1)::text);
  END IF;
  RETURN QUERY
    SELECT c.change_id, c.seq
      FROM jsonb_array_elements(changes) WITH ORDINALITY AS e (value, n)
      JOIN changes c ON c.change_id = (e.value ->> 'id')::uuid
     ORDER BY e.n;
END $$;

-- An admin gives an existing login its role in the team (and takes away any other it had here).
CREATE FUNCTION floatdesk_team.grant_member(login name, role text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = floatdesk_team, pg_catalog, pg_temp AS $$
DECLARE
  db text := current_database();
  other text;
BEGIN
  IF floatdesk_team.role_of(session_user) IS DISTINCT FROM 'admin' AND session_user <> current_user THEN
    RAISE EXCEPTION 'Only an admin of this team gives roles: "%" is not one.', session_user
      USING ERRCODE = '42501';
  END IF;
  IF role NOT IN ('preparer', 'reviewer', 'admin') THEN
    RAISE EXCEPTION 'There is no role "%": use preparer, reviewer or admin.', role USING ERRCODE = '22023';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = login AND r.rolcanlogin) THEN
    RAISE EXCEPTION 'There is no PostgreSQL login "%": create it first (CREATE ROLE ... LOGIN PASSWORD ...).', login
      USING ERRCODE = '22023';
  END IF;
  FOREACH other IN ARRAY ARRAY['preparer', 'reviewer', 'admin'] LOOP
    EXECUTE format('REVOKE %I FROM %I', db || '_' || other, login);
  END LOOP;
  EXECUTE format('GRANT %I TO %I', db || '_' || role, login);
  INSERT INTO members (login, role, granted_by, granted_at)
  VALUES (login, role, session_user, clock_timestamp())
  ON CONFLICT ON CONSTRAINT members_pkey
  DO UPDATE SET role = EXCLUDED.role, granted_by = EXCLUDED.granted_by, granted_at = EXCLUDED.granted_at;
END $$;

REVOKE ALL ON SCHEMA floatdesk_team FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA floatdesk_team FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA floatdesk_team FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA floatdesk_team FROM PUBLIC;

DO $$
DECLARE
  db text := current_database();
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA floatdesk_team TO %I', db || '_preparer');
  EXECUTE format('GRANT SELECT ON floatdesk_team.changes, floatdesk_team.members TO %I', db || '_preparer');
  EXECUTE format('GRANT EXECUTE ON FUNCTION floatdesk_team.role_of(name), floatdesk_team.change_hash(text, bigint, uuid, text, text, name, text, text, text), floatdesk_team.push_changes(jsonb) TO %I', db || '_preparer');
  -- Every member may call it; it refuses anyone but an admin in words a person reads.
  EXECUTE format('GRANT EXECUTE ON FUNCTION floatdesk_team.grant_member(name, text) TO %I', db || '_preparer');
END $$;
