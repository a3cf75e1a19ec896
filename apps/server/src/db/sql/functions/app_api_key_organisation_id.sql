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
