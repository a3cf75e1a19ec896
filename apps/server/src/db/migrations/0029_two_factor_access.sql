-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/organisation_two_factor_members.sql
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
--> statement-breakpoint
-- functions/own_two_factor_enabled.sql
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
--> statement-breakpoint
-- tables/organisations.sql
DROP POLICY organisations_admin_update ON organisations;
--> statement-breakpoint
DROP POLICY organisations_platform_create ON organisations;
--> statement-breakpoint
DROP POLICY organisations_platform_read ON organisations;
--> statement-breakpoint
DROP POLICY organisations_tenant_read ON organisations;
--> statement-breakpoint
ALTER TABLE organisations NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON organisations FROM callboard_app;
--> statement-breakpoint
-- Members read their own organisation; platform operators read all and create. Its admins set
-- its settings (the phone country the call search reads local numbers with, and whether members
-- must use two-factor sign-in).
ALTER TABLE organisations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE organisations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organisations_tenant_read ON organisations FOR SELECT
  USING (id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY organisations_platform_read ON organisations FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY organisations_platform_create ON organisations FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY organisations_admin_update ON organisations FOR UPDATE
  USING (id = (SELECT app_admin_organisation_id()))
  WITH CHECK (id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
GRANT SELECT, INSERT ON organisations TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (phone_country, require_two_factor) ON organisations TO callboard_app;
