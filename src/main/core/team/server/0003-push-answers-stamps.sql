-- The team database, step 3: push_changes answers, with each change's seq, what the server stamped
-- on it (actor, received_at) and its place in the chain (prev_hash, hash), so the desktop that
-- pushed need not pull its own changes back to keep the team's log: it checks the chain over them
-- itself (team-chain.ts), as over any change it pulls, and pulls only when others' changes came in
-- between. A desktop of an earlier version reads change_id and seq as before.
--
-- The same checks, lock, order and hashes as step 1; done in fewer passes over the batch: the new
-- changes are read once, chained as they are read, into arrays (no temporary table, no recursive query),
-- written in one INSERT, and answered from the arrays when all of them were new (the answer is read
-- back from the table only when some were received before).
DROP FUNCTION floatdesk_team.push_changes(jsonb);

CREATE FUNCTION floatdesk_team.push_changes(changes jsonb)
RETURNS TABLE (change_id uuid, seq bigint, actor name, received_at text, prev_hash text, hash text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = floatdesk_team, pg_catalog, pg_temp AS $$
DECLARE
  who name := session_user;
  who_role text := floatdesk_team.role_of(session_user);
  review record;
  prev text;
  last_seq bigint;
  received text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
  fresh record;
  ids uuid[] := '{}';
  kinds text[] := '{}';
  subjects text[] := '{}';
  payloads text[] := '{}';
  made text[] := '{}';
  prevs text[] := '{}';
  hashes text[] := '{}';
  fresh_count integer := 0;
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
  last_seq := coalesce(last_seq, 0);
  -- The changes not received before, in the order given, each chained to the one before as it is read.
  FOR fresh IN
    SELECT (x.value ->> 'id')::uuid AS id, x.value ->> 'kind' AS kind, x.value ->> 'subject' AS subject,
           x.value ->> 'payload' AS payload, x.value ->> 'madeAt' AS made_at
      FROM jsonb_array_elements(changes) WITH ORDINALITY AS x (value, n)
     WHERE NOT EXISTS (SELECT 1 FROM changes c WHERE c.change_id = (x.value ->> 'id')::uuid)
     ORDER BY x.n
  LOOP
    fresh_count := fresh_count + 1;
    ids[fresh_count] := fresh.id;
    kinds[fresh_count] := fresh.kind;
    subjects[fresh_count] := fresh.subject;
    payloads[fresh_count] := fresh.payload;
    made[fresh_count] := fresh.made_at;
    prevs[fresh_count] := prev;
    prev := change_hash(prev, last_seq + fresh_count, fresh.id, fresh.kind, fresh.subject, who, fresh.made_at,
      received, fresh.payload);
    hashes[fresh_count] := prev;
  END LOOP;
  IF fresh_count > 0 THEN
    INSERT INTO changes (seq, change_id, kind, subject, payload, actor, made_at, received_at, prev_hash, hash)
    SELECT last_seq + u.n, u.id, u.kind, u.subject, u.payload, who, u.made_at, received, u.prev_hash, u.hash
      FROM unnest(ids, kinds, subjects, payloads, made, prevs, hashes)
             WITH ORDINALITY AS u (id, kind, subject, payload, made_at, prev_hash, hash, n);
    PERFORM pg_notify('floatdesk_team', (last_seq + fresh_count)::text);
  END IF;
  IF fresh_count = jsonb_array_length(changes) THEN
    RETURN QUERY
      SELECT u.id, last_seq + u.n, who, received, u.prev_hash, u.hash
        FROM unnest(ids, prevs, hashes) WITH ORDINALITY AS u (id, prev_hash, hash, n)
       ORDER BY u.n;
  ELSE
    RETURN QUERY
      SELECT c.change_id, c.seq, c.actor, c.received_at, c.prev_hash, c.hash
        FROM jsonb_array_elements(changes) WITH ORDINALITY AS e (value, n)
        JOIN changes c ON c.change_id = (e.value ->> 'id')::uuid
       ORDER BY e.n;
  END IF;
END $$;

REVOKE ALL ON FUNCTION floatdesk_team.push_changes(jsonb) FROM PUBLIC;

DO $$
BEGIN
  EXECUTE format('GRANT EXECUTE ON FUNCTION floatdesk_team.push_changes(jsonb) TO %I', current_database() || '_preparer');
END $$;
