-- The members of the asking admin's organisation who sign in with two factors (the admin area's
-- member list, docs/security.md, "Two-factor sign-in"). `users` holds every account's identity
-- and is not granted to callboard_app; this reads one flag of it, for one organisation's members,
-- and only for its admin.
CREATE OR REPLACE FUNCTION organisation_two_factor_members() RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT u.id
  FROM profiles p
  JOIN users u ON u.id = p.id
  WHERE p.organisation_id = app_admin_organisation_id()
    AND u.two_factor_enabled
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION organisation_two_factor_members() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION organisation_two_factor_members() TO callboard_app;
