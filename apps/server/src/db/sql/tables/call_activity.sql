-- Members read their organisation's call history and add to it. A new activity row must be about
-- a call the caller can see (the foreign key alone is checked as the owner, and would accept
-- another organisation's call id).
ALTER TABLE call_activity ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_activity FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_activity_tenant_read ON call_activity FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_activity_tenant_create ON call_activity FOR INSERT
  WITH CHECK (
    organisation_id = (SELECT app_organisation_id())
    AND EXISTS (SELECT 1 FROM call_log c
                WHERE c.call_id = call_activity.call_id AND c.organisation_id = call_activity.organisation_id)
  );
--> statement-breakpoint
CREATE POLICY call_activity_platform_read ON call_activity FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
GRANT SELECT, INSERT ON call_activity TO callboard_app;
