-- Saved views of the call list (docs/search.md, "Saved views"). A member reads their own views
-- and the organisation's shared ones, and creates views as themselves. A view is changed or
-- deleted by its owner; a shared one also by the organisation's admins.
ALTER TABLE saved_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE saved_views FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY saved_views_tenant_read ON saved_views FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id())
         AND (shared OR owner_id = (SELECT app_user_id())));
--> statement-breakpoint
CREATE POLICY saved_views_own_create ON saved_views FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_organisation_id())
              AND owner_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY saved_views_keeper_update ON saved_views FOR UPDATE
  USING (organisation_id = (SELECT app_organisation_id())
         AND (owner_id = (SELECT app_user_id())
              OR (shared AND organisation_id = (SELECT app_admin_organisation_id()))))
  WITH CHECK (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY saved_views_keeper_delete ON saved_views FOR DELETE
  USING (organisation_id = (SELECT app_organisation_id())
         AND (owner_id = (SELECT app_user_id())
              OR (shared AND organisation_id = (SELECT app_admin_organisation_id()))));
--> statement-breakpoint
GRANT SELECT, DELETE ON saved_views TO callboard_app;
--> statement-breakpoint
GRANT INSERT (organisation_id, owner_id, shared, name, query, columns) ON saved_views TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (shared, name, query, columns, updated_at) ON saved_views TO callboard_app;
