-- Ends sessions of the session's user (docs/security.md, "Sessions you can see and end"): the one
-- named, or with NULL every live one but the session asking. For a member of an organisation, each
-- ended session is one 'session.ended' entry in that organisation's audit log, in the same
-- statement, so there is never one without the other (a user with no organisation has no audit
-- log to read it in). Deleting the row ends its API access from the next request and its event
-- streams at once (events_session_ended). Returns how many ended, or NULL when the asking session
-- is no longer live.
CREATE OR REPLACE FUNCTION end_own_sessions(p_session_id uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_user uuid := app_user_id();
  v_current uuid := nullif(current_setting('app.session_id', true), '')::uuid;
  v_organisation uuid;
  v_ended integer;
BEGIN
  IF v_user IS NULL OR v_current IS NULL THEN RETURN NULL; END IF;
  SELECT p.organisation_id INTO v_organisation FROM profiles p WHERE p.id = v_user;
  WITH ended AS (
    DELETE FROM sessions s
    WHERE s.user_id = v_user
      AND s.expires_at > now()
      AND CASE WHEN p_session_id IS NULL THEN s.id <> v_current ELSE s.id = p_session_id END
    RETURNING s.id, s.ip_address, s.user_agent
  ), audited AS (
    INSERT INTO audit_log (organisation_id, actor_id, action, target, details)
    SELECT v_organisation, v_user, 'session.ended', e.id::text,
           jsonb_build_object('ip_address', e.ip_address, 'user_agent', e.user_agent,
                              'this_session', e.id = v_current)
    FROM ended e
    WHERE v_organisation IS NOT NULL
  )
  -- A data-modifying WITH runs to completion whether or not the query reads it.
  SELECT count(*)::integer INTO v_ended FROM ended;
  RETURN v_ended;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION end_own_sessions(uuid) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION end_own_sessions(uuid) TO callboard_app;
