-- The admin area's: members neither read nor write invitations (they hold token hashes).
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invitations_admin_read ON invitations FOR SELECT
  USING (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY invitations_admin_create ON invitations FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY invitations_admin_update ON invitations FOR UPDATE
  USING (organisation_id = (SELECT app_admin_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY invitations_platform_read ON invitations FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY invitations_platform_create ON invitations FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT, INSERT ON invitations TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (token_hash, expires_at, revoked_at) ON invitations TO callboard_app;
