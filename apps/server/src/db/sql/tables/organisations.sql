-- Members read their own organisation; platform operators read all and create. Its admins set
-- its settings (the phone country the call search reads local numbers with, and whether members
-- must use two-factor sign-in).
ALTER TABLE organisations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE organisations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organisations_tenant_read ON organisations FOR SELECT
  USING (id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY organisations_platform_read ON organisations FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY organisations_platform_create ON organisations FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY organisations_admin_update ON organisations FOR UPDATE
  USING (id = (SELECT app_admin_organisation_id()))
  WITH CHECK (id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
GRANT SELECT, INSERT ON organisations TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (phone_country, require_two_factor) ON organisations TO callboard_app;
