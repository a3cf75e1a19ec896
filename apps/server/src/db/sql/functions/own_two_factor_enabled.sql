-- Whether the session's user signs in with two factors (GET /api/v1/me). `users` is not granted to
-- callboard_app; this reads one flag of the asking user's own row.
CREATE OR REPLACE FUNCTION own_two_factor_enabled() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT coalesce((SELECT u.two_factor_enabled FROM users u WHERE u.id = app_user_id()), false)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION own_two_factor_enabled() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION own_two_factor_enabled() TO callboard_app;
