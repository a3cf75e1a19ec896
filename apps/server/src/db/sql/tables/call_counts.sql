-- Read-only for members; written by the triggers on call_log as the owner
-- (functions/call_counts_after_insert.sql).
ALTER TABLE call_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_counts_tenant_read ON call_counts FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_counts_platform_read ON call_counts FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_counts TO callboard_app;
