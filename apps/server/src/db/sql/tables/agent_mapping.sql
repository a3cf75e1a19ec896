-- Members read their organisation's agents and admins rename them; platform operators map and
-- remap agents to organisations. The ingestion API, with a live key of the organisation, reads
-- its agents and registers agent ids never seen before for it (functions/ingest_refused_agents.sql
-- says which ids it may take).
ALTER TABLE agent_mapping ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE agent_mapping FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agent_mapping_tenant_read ON agent_mapping FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY agent_mapping_admin_update ON agent_mapping FOR UPDATE
  USING (organisation_id = (SELECT app_admin_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY agent_mapping_platform_read ON agent_mapping FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY agent_mapping_platform_create ON agent_mapping FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY agent_mapping_platform_update ON agent_mapping FOR UPDATE
  USING ((SELECT app_is_platform()))
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY agent_mapping_api_key_read ON agent_mapping FOR SELECT
  USING (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
CREATE POLICY agent_mapping_api_key_create ON agent_mapping FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
GRANT SELECT, INSERT ON agent_mapping TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (display_name, organisation_id) ON agent_mapping TO callboard_app;
