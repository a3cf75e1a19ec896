-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_workload ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_workload FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_workload_tenant_read ON call_workload FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_workload_platform_read ON call_workload FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_workload TO callboard_app;
