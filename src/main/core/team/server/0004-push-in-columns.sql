-- The team database, step 4: a desktop pushes its changes as columns (one array per field) and is
-- answered in one row: the first change's seq, who and when the server stamped, the chain's hash
-- before the first change and each change's own hash, one after another. The server spends about a
-- quarter less on a push (bench/team-sync): no JSON to take apart, no look-up per change for one
-- received before (the unique index on change_id says so, and only then are they sorted out one by
-- one), and no row per change in the answer. The same lock, order and hashes as step 3, and its
-- checks made tighter: a review is checked under the lock and against the batch too (steps 1 and 3
-- let a reviewer push a sign-off and its approval together, or in two pushes at once).
--
-- push_changes(jsonb) stays, for desktops of earlier versions: it pushes through the new function
-- and answers as before, a row per change, read from the log.

CREATE FUNCTION floatdesk_team.push_change_columns(
  ids uuid[], kinds text[], subjects text[], payloads text[], made text[]
) RETURNS TABLE (first_seq bigint, seqs bigint[], actor name, received_at text, prev_hash text, hashes text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = floatdesk_team, pg_catalog, pg_temp AS $$
DECLARE
  who name := session_user;
  who_role text := floatdesk_team.role_of(session_user);
  review record;
  fresh record;
  total integer := coalesce(cardinality(ids), 0);
  prev text;
  first_prev text;
  before text;
  last_seq bigint;
  received text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
  chained text[] := '{}';
  prevs text[] := '{}';
  fresh_count integer := 0;
BEGIN
  IF who_role IS NULL THEN
    RAISE EXCEPTION 'The login "%" is not a member of this team.', who USING ERRCODE = '42501';
  END IF;
  IF coalesce(cardinality(kinds), 0) <> total OR coalesce(cardinality(subjects), 0) <> total
     OR coalesce(cardinality(payloads), 0) <> total OR coalesce(cardinality(made), 0) <> total THEN
    RAISE EXCEPTION 'Each change pushed needs its id, kind, subject, payload and time: the columns sent differ in length.'
      USING ERRCODE = '22023';
  END IF;
  IF total = 0 THEN
    RETURN;
  END IF;
  -- One pusher at a time: seqs are given, and committed, in chain order.
  PERFORM pg_advisory_xact_lock(hashtext('floatdesk_team.changes'));
  -- A review is checked under the lock, against the log and the batch itself: a sign-off pushed by
  -- the same login in this batch, or in a push that has just taken the lock, is one they made.
  FOR review IN
    SELECT u.kind, u.subject FROM unnest(kinds, subjects) AS u (kind, subject)
     WHERE u.kind LIKE 'review.%' OR u.kind = 'signoff.unlock'
  LOOP
    IF who_role = 'preparer' THEN
      RAISE EXCEPTION 'Only a reviewer may %: "%" is a preparer in this team.', replace(review.kind, '.', ' '), who
        USING ERRCODE = '42501';
    END IF;
    IF review.kind LIKE 'review.%' AND (
      EXISTS (SELECT 1 FROM changes c WHERE c.subject = review.subject AND c.kind = 'signoff.create' AND c.actor = who)
      OR EXISTS (SELECT 1 FROM unnest(kinds, subjects) AS b (kind, subject)
                  WHERE b.kind = 'signoff.create' AND b.subject = review.subject)
    ) THEN
      RAISE EXCEPTION 'A sign-off is reviewed by someone other than the person who made it.'
        USING ERRCODE = '42501';
    END IF;
  END LOOP;
  -- Numbered from the last change kept, under the lock: a push rolled back leaves no gap behind.
  SELECT c.hash, c.seq INTO prev, last_seq FROM changes c ORDER BY c.seq DESC LIMIT 1;
  first_prev := coalesce(prev, repeat('0', 64));
  last_seq := coalesce(last_seq, 0);

  -- All of them new, as nearly always: chained in the order given, written in one INSERT.
  prev := first_prev;
  FOR fresh IN
    SELECT u.id, u.kind, u.subject, u.payload, u.made_at, u.n
      FROM unnest(ids, kinds, subjects, payloads, made) WITH ORDINALITY AS u (id, kind, subject, payload, made_at, n)
  LOOP
    prevs[fresh.n] := prev;
    prev := change_hash(prev, last_seq + fresh.n, fresh.id, fresh.kind, fresh.subject, who, fresh.made_at, received,
      fresh.payload);
    chained[fresh.n] := prev;
  END LOOP;
  BEGIN
    INSERT INTO changes (seq, change_id, kind, subject, payload, actor, made_at, received_at, prev_hash, hash)
    SELECT last_seq + u.n, u.id, u.kind, u.subject, u.payload, who, u.made_at, received, u.prev_hash, u.hash
      FROM unnest(ids, kinds, subjects, payloads, made, prevs, chained)
             WITH ORDINALITY AS u (id, kind, subject, payload, made_at, prev_hash, hash, n);
    PERFORM pg_notify('floatdesk_team', (last_seq + total)::text);
    RETURN QUERY SELECT last_seq + 1, NULL::bigint[], who, received, first_prev, array_to_string(chained, '');
    RETURN;
  EXCEPTION WHEN unique_violation THEN
    -- Some were received before (a push whose answer was lost, sent again): sorted out below.
    NULL;
  END;

  -- Those not received before, in the order given, each chained to the one before; every change
  -- answered with its seq only (the desktop pulls what it has not got).
  prev := first_prev;
  FOR fresh IN
    SELECT u.id, u.kind, u.subject, u.payload, u.made_at
      FROM unnest(ids, kinds, subjects, payloads, made) WITH ORDINALITY AS u (id, kind, subject, payload, made_at, n)
     WHERE NOT EXISTS (SELECT 1 FROM changes c WHERE c.change_id = u.id)
     ORDER BY u.n
  LOOP
    fresh_count := fresh_count + 1;
    before := prev;
    prev := change_hash(before, last_seq + fresh_count, fresh.id, fresh.kind, fresh.subject, who, fresh.made_at,
      received, fresh.payload);
    INSERT INTO changes (seq, change_id, kind, subject, payload, actor, made_at, received_at, prev_hash, hash)
    VALUES (last_seq + fresh_count, fresh.id, fresh.kind, fresh.subject, fresh.payload, who, fresh.made_at, received,
            before, prev);
  END LOOP;
  IF fresh_count > 0 THEN
    PERFORM pg_notify('floatdesk_team', (last_seq + fresh_count)::text);
  END IF;
  RETURN QUERY
    SELECT NULL::bigint, array_agg(c.seq ORDER BY u.n), who, received, NULL::text, NULL::text
      FROM unnest(ids) WITH ORDINALITY AS u (id, n) JOIN changes c ON c.change_id = u.id;
END $$;

REVOKE ALL ON FUNCTION floatdesk_team.push_change_columns(uuid[], text[], text[], text[], text[]) FROM PUBLIC;

CREATE OR REPLACE FUNCTION floatdesk_team.push_changes(changes jsonb)
RETURNS TABLE (change_id uuid, seq bigint, actor name, received_at text, prev_hash text, hash text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = floatdesk_team, pg_catalog, pg_temp AS $$
DECLARE
  ids uuid[];
BEGIN
  ids := ARRAY(SELECT (e.value ->> 'id')::uuid FROM jsonb_array_elements(changes) WITH ORDINALITY AS e (value, n)
                ORDER BY e.n);
  PERFORM push_change_columns(
    ids,
    ARRAY(SELECT e.value ->> 'kind' FROM jsonb_array_elements(changes) WITH ORDINALITY AS e (value, n) ORDER BY e.n),
    ARRAY(SELECT e.value ->> 'subject' FROM jsonb_array_elements(changes) WITH ORDINALITY AS e (value, n) ORDER BY e.n),
    ARRAY(SELECT e.value ->> 'payload' FROM jsonb_array_elements(changes) WITH ORDINALITY AS e (value, n) ORDER BY e.n),
    ARRAY(SELECT e.value ->> 'madeAt' FROM jsonb_array_elements(changes) WITH ORDINALITY AS e (value, n) ORDER BY e.n));
  RETURN QUERY
    SELECT c.change_id, c.seq, c.actor, c.received_at, c.prev_hash, c.hash
      FROM unnest(ids) WITH ORDINALITY AS u (id, n) JOIN changes c ON c.change_id = u.id
     ORDER BY u.n;
END $$;

DO $$
BEGIN
  EXECUTE format('GRANT EXECUTE ON FUNCTION floatdesk_team.push_change_columns(uuid[], text[], text[], text[], text[]) TO %I',
    current_database() || '_preparer');
END $$;
