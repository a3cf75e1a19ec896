-- Admins create, list and revoke their organisation's keys (modules/api-keys). callboard_app may
-- read every column but key_hash: the hash is what a transaction presents to be the key
-- (functions/app_enter_api_key.sql), so no tenant statement may learn it. A key's own use
-- (last_used_at, its first-use audit entry) is written by app_enter_api_key, not by the role.
ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE api_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY api_keys_admin_read ON api_keys FOR SELECT
  USING (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY api_keys_admin_create ON api_keys FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id())
              AND created_by = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY api_keys_admin_revoke ON api_keys FOR UPDATE
  USING (organisation_id = (SELECT app_admin_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
GRANT SELECT (id, organisation_id, name, prefix, created_by, last_used_at, revoked_at, created_at)
  ON api_keys TO callboard_app;
--> statement-breakpoint
GRANT INSERT (organisation_id, name, prefix, key_hash, created_by) ON api_keys TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (revoked_at) ON api_keys TO callboard_app;
