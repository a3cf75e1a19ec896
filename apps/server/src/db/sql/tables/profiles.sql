-- Everyone sees their organisation's people and always their own profile (GET /api/v1/me with
-- no organisation). UPDATE's USING covers the organisation so an admin can lock its admins
-- (SELECT … FOR UPDATE checks UPDATE policies); the column grants allow only names, the
-- email-notification setting and the call list's columns, and WITH CHECK only one's own row. Role
-- and membership change through set_member_role, detach_member and accept_invitation.
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY profiles_tenant_read ON profiles FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()) OR id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY profiles_platform_read ON profiles FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY profiles_own_update ON profiles FOR UPDATE
  USING (organisation_id = (SELECT app_organisation_id()) OR id = (SELECT app_user_id()))
  WITH CHECK (id = (SELECT app_user_id()));
--> statement-breakpoint
GRANT SELECT ON profiles TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (first_name, last_name, notify_by_email, call_list_columns) ON profiles TO callboard_app;
