-- Read-only for members; written by the owner's triggers alone (functions/call_timeline_refresh.sql,
-- functions/call_timeline_rollup.sql). Members read their organisation's rows; platform operators
-- read all.
ALTER TABLE call_hourly_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_hourly_totals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_hourly_totals_tenant_read ON call_hourly_totals FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_hourly_totals_platform_read ON call_hourly_totals FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_hourly_totals TO callboard_app;
