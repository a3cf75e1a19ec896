-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/own_session_recently_authenticated.sql
-- Whether the session asking signed in, or confirmed it was its user again (POST
-- /api/auth/reauthenticate), within the last p_seconds: sensitive actions ask this first
-- (docs/security.md, "Re-authentication"). callboard_app cannot read sessions; this answers for
-- the transaction's own session only.
CREATE OR REPLACE FUNCTION own_session_recently_authenticated(p_seconds integer)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT coalesce((
    SELECT greatest(s.created_at, s.reauthenticated_at) > now() - make_interval(secs => p_seconds)
    FROM sessions s
    WHERE s.id = nullif(current_setting('app.session_id', true), '')::uuid
      AND s.user_id = app_user_id()
      AND s.expires_at > now()
  ), false);
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION own_session_recently_authenticated(integer) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION own_session_recently_authenticated(integer) TO callboard_app;
