-- Members read and triage (assignee, status, deleted flag) their organisation's calls; platform
-- operators read all. organisation_id is set by triggers from agent_mapping
-- (functions/call_log_set_organisation.sql, functions/agent_mapping_move_calls.sql).
-- The ingestion API, with a live key of the organisation (functions/app_api_key_organisation_id.sql),
-- reads, adds and updates the organisation's calls' content; it grants nothing to members, and
-- functions/call_log_content_guard.sql keeps the content columns to that path alone.
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
CREATE POLICY call_log_api_key_read ON call_log FOR SELECT
  USING (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_log_api_key_create ON call_log FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_log_api_key_update ON call_log FOR UPDATE
  USING (organisation_id = (SELECT app_api_key_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
GRANT SELECT ON call_log TO callboard_app;
--> statement-breakpoint
GRANT INSERT (call_id, external_id, agent_id, start_datetime, end_datetime, duration_seconds,
              direction, from_number, to_number, caller_name, summary, transcript, recording_url,
              sentiment, disconnection_reason, metadata)
  ON call_log TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (assignee_id, status, deleted_flag, updated_at, agent_id, start_datetime, end_datetime,
              duration_seconds, direction, from_number, to_number, caller_name, summary, transcript,
              recording_url, sentiment, disconnection_reason, metadata)
  ON call_log TO callboard_app;
