-- What became of each webhook request, for the integration's admins to read. Written and pruned
-- on the owner connection (modules/webhooks/webhooks.queries.ts), like rate_limits: a rejected
-- request has no principal to write as, and no tenant statement needs to write here.
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY webhook_deliveries_admin_read ON webhook_deliveries FOR SELECT
  USING (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
GRANT SELECT ON webhook_deliveries TO callboard_app;
