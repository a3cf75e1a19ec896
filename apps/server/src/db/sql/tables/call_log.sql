-- Members read and triage (assignee, status, deleted flag) their organisation's calls; platform
-- operators read all. organisation_id is set by triggers from agent_mapping
-- (functions/call_log_set_organisation.sql, functions/agent_mapping_move_calls.sql).
ALTER TABLE call_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_log_tenant_read ON call_log FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_log_tenant_update ON call_log FOR UPDATE
  USING (organisation_id = (SELECT app_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_log_platform_read ON call_log FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT ON call_log TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (assignee_id, status, deleted_flag, updated_at) ON call_log TO callboard_app;
