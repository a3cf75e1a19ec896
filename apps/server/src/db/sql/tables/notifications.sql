-- Each user reads and marks read their own notifications, in their current organisation (one
-- who leaves stops seeing the old one's). A member writes one only as its actor, to a colleague,
-- about a call of the organisation (modules/notifications, with the assignment or note).
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY notifications_own_read ON notifications FOR SELECT
  USING (user_id = (SELECT app_user_id()) AND organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY notifications_tenant_create ON notifications FOR INSERT
  WITH CHECK (
    organisation_id = (SELECT app_organisation_id())
    AND actor_id = (SELECT app_user_id())
    AND EXISTS (SELECT 1 FROM profiles p
                WHERE p.id = notifications.user_id AND p.organisation_id = notifications.organisation_id)
    AND EXISTS (SELECT 1 FROM call_log c
                WHERE c.call_id = notifications.call_id AND c.organisation_id = notifications.organisation_id)
  );
--> statement-breakpoint
CREATE POLICY notifications_own_update ON notifications FOR UPDATE
  USING (user_id = (SELECT app_user_id()) AND organisation_id = (SELECT app_organisation_id()))
  WITH CHECK (user_id = (SELECT app_user_id()) AND organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
GRANT SELECT ON notifications TO callboard_app;
--> statement-breakpoint
GRANT INSERT (organisation_id, user_id, kind, call_id, actor_id, activity_id)
  ON notifications TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (read_at) ON notifications TO callboard_app;
