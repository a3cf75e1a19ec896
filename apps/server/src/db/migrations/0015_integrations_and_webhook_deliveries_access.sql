-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/app_api_key_organisation_id.sql
REVOKE ALL ON FUNCTION app_api_key_organisation_id() FROM callboard_app;
--> statement-breakpoint
-- A trusted accessor (see app_user_id.sql) for the ingestion principals: the organisation of the
-- live API key whose SHA-256 app_enter_api_key set as app.api_key_hash, or else of the
-- integration whose id and credential hash app_enter_integration set (a verified voice-platform
-- webhook), or NULL. Forging either setting needs a hash callboard_app cannot read (api_keys.sql
-- and integrations.sql grant every column but those), so only the credential's holder can present
-- it; a revoked key or a removed integration answers NULL from the next statement on. Ingestion's
-- policies (agent_mapping.sql, call_log.sql) ask it.
CREATE OR REPLACE FUNCTION app_api_key_organisation_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN coalesce(
    (SELECT k.organisation_id FROM api_keys k
     WHERE k.key_hash = nullif(current_setting('app.api_key_hash', true), '')
       AND k.revoked_at IS NULL),
    (SELECT i.organisation_id FROM integrations i
     WHERE i.id = nullif(current_setting('app.integration_id', true), '')::uuid
       AND i.credential_hash = nullif(current_setting('app.integration_hash', true), ''))
  );
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_api_key_organisation_id() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_api_key_organisation_id() TO callboard_app;
--> statement-breakpoint
-- functions/app_enter_integration.sql
-- The start of every transaction a verified webhook makes (withIntegration in src/db/tenant.ts),
-- as app_enter_api_key is for an API key: finds the integration p_integration_id whose credential
-- hashes to p_credential_hash and sets app.integration_id and app.integration_hash for this
-- transaction, which app_api_key_organisation_id() re-checks on every statement. Returns its
-- organisation, or no row for an unknown or removed integration or another credential.
-- SECURITY DEFINER: callboard_app cannot read credential_hash.
CREATE OR REPLACE FUNCTION app_enter_integration(p_integration_id uuid, p_credential_hash text)
RETURNS TABLE (organisation_id uuid)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  found_organisation uuid;
BEGIN
  SELECT i.organisation_id INTO found_organisation
    FROM integrations i WHERE i.id = p_integration_id AND i.credential_hash = p_credential_hash;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('app.integration_id', p_integration_id::text, true),
          set_config('app.integration_hash', p_credential_hash, true);
  organisation_id := found_organisation;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enter_integration(uuid, text) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enter_integration(uuid, text) TO callboard_app;
--> statement-breakpoint
-- tables/integrations.sql
ALTER TABLE integrations NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
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
--> statement-breakpoint
-- tables/webhook_deliveries.sql
ALTER TABLE webhook_deliveries NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
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
