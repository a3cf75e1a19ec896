-- The trusted accessors (docs/decisions/0008-least-privilege-database-roles.md): app_user_id(),
-- app_organisation_id(), app_admin_organisation_id() and app_is_platform(). Policies and the
-- checked functions ask them, never a GUC alone. STABLE: one answer throughout a statement. They
-- return NULL (or false) when the GUCs are missing or name no live session of that user.
-- PL/pgSQL rather than SQL: it keeps each query's plan for the connection's lifetime, where a SQL
-- function that cannot be inlined (and a SECURITY DEFINER one never is) is planned again on every
-- call, about five times the cost.
--
-- The session's user, if app.session_id is a live session of app.user_id.
CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN (
    SELECT s.user_id FROM sessions s
    WHERE s.id = nullif(current_setting('app.session_id', true), '')::uuid
      AND s.user_id = nullif(current_setting('app.user_id', true), '')::uuid
      AND s.expires_at > now()
  );
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_user_id() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_user_id() TO callboard_app;
