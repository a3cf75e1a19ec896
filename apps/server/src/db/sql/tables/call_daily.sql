-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_daily ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_daily FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_daily_tenant_read ON call_daily FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_daily_platform_read ON call_daily FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_daily TO callboard_app;
