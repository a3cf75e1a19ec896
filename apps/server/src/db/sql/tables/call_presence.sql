-- Members see who in their organisation has one of its calls open. Rows are written on the owner
-- connection by the server that holds the stream (modules/events), never by a tenant statement.
ALTER TABLE call_presence ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_presence FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_presence_tenant_read ON call_presence FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
GRANT SELECT ON call_presence TO callboard_app;
