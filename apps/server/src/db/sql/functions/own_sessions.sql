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
