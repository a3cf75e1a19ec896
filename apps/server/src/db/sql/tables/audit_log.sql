-- The admin area's: admins read and write their organisation's audit stream; platform operators
-- read all and write entries for their actions. Members neither read nor forge entries.
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_log_admin_read ON audit_log FOR SELECT
  USING (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY audit_log_admin_create ON audit_log FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY audit_log_platform_read ON audit_log FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY audit_log_platform_create ON audit_log FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT, INSERT ON audit_log TO callboard_app;
