-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_daily_closes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_daily_closes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_daily_closes_tenant_read ON call_daily_closes FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_daily_closes_platform_read ON call_daily_closes FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_daily_closes TO callboard_app;
