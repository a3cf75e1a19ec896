-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/own_signs_in_with_password.sql
-- Whether the session's user has a password (GET /api/v1/me): an organisation's "require
-- two-factor sign-in" applies to those who sign in with one; members who only sign in through the
-- organisation's identity provider rely on its second factor (docs/security.md, "Single
-- sign-on"). `accounts` is not granted to callboard_app; this reads one fact of the asking user's.
CREATE OR REPLACE FUNCTION own_signs_in_with_password() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (
    SELECT 1 FROM accounts a WHERE a.user_id = app_user_id() AND a.provider_id = 'credential'
  )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION own_signs_in_with_password() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION own_signs_in_with_password() TO callboard_app;
