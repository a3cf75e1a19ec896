-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/end_own_sessions.sql
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
--> statement-breakpoint
-- functions/own_sessions.sql
-- The session's user's live sessions (docs/security.md, "Sessions you can see and end"): when each
-- began, when it was last active (an access token issued; the browser fetches one every few
-- minutes while open), where from and in what browser, and whether it is the session asking; the
-- caller orders them. callboard_app cannot read sessions (they hold the tokens); this answers for
-- app_user_id() only, without the tokens.
CREATE OR REPLACE FUNCTION own_sessions()
RETURNS TABLE (
  id uuid,
  created_at timestamptz,
  last_active_at timestamptz,
  expires_at timestamptz,
  ip_address text,
  user_agent text,
  current boolean
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.created_at, s.updated_at, s.expires_at, s.ip_address, s.user_agent,
           s.id = nullif(current_setting('app.session_id', true), '')::uuid
    FROM sessions s
    WHERE s.user_id = app_user_id() AND s.expires_at > now();
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION own_sessions() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION own_sessions() TO callboard_app;
