-- Accepts an invitation for the session's user (app_user_id()); see accept_invitation_as.sql.
CREATE OR REPLACE FUNCTION accept_invitation(p_token_hash text) RETURNS text
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT accept_invitation_as(p_token_hash, app_user_id())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION accept_invitation(text) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION accept_invitation(text) TO callboard_app;
