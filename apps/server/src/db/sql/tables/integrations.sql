-- Admins connect, list and remove their organisation's voice-platform integrations
-- (modules/integrations). callboard_app may read every column but secret_ciphertext and
-- credential_hash: the hash is what a webhook's transaction presents to be the integration
-- (functions/app_enter_integration.sql), so no tenant statement may learn it, and the encrypted
-- Retell key is read only by the webhook's verification, on the owner connection. Removing one
-- deletes it (and its delivery log): the stored key goes with it.
ALTER TABLE integrations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE integrations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY integrations_admin_read ON integrations FOR SELECT
  USING (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY integrations_admin_create ON integrations FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id())
              AND created_by = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY integrations_admin_delete ON integrations FOR DELETE
  USING (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
GRANT SELECT (id, organisation_id, kind, name, secret_hint, created_by, created_at)
  ON integrations TO callboard_app;
--> statement-breakpoint
GRANT INSERT (id, organisation_id, kind, name, secret_ciphertext, secret_hint, credential_hash,
              created_by)
  ON integrations TO callboard_app;
--> statement-breakpoint
GRANT DELETE ON integrations TO callboard_app;
