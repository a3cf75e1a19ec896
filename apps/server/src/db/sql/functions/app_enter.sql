-- The start of every tenant transaction (src/db/tenant.ts): checks that the access token's session
-- is still live (so signing out or a password reset ends API access at once, not when the token
-- expires) and sets app.user_id and app.session_id for this transaction, which the accessors
-- (app_user_id() and friends) re-check on every statement. Returns the caller's profile, or no row
-- when the session is gone. SECURITY DEFINER because the application role cannot read sessions.
CREATE OR REPLACE FUNCTION app_enter(p_user_id uuid, p_session_id uuid)
RETURNS TABLE (organisation_id uuid, role text, is_super_admin boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  found_profile record;
BEGIN
  SELECT p.organisation_id, p.role, p.is_super_admin INTO found_profile
    FROM sessions s JOIN profiles p ON p.id = s.user_id
    WHERE s.id = p_session_id AND s.user_id = p_user_id AND s.expires_at > now();
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('app.user_id', p_user_id::text, true);
  PERFORM set_config('app.session_id', p_session_id::text, true);
  organisation_id := found_profile.organisation_id;
  role := found_profile.role;
  is_super_admin := found_profile.is_super_admin;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enter(uuid, uuid) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enter(uuid, uuid) TO callboard_app;
