-- A trusted accessor (see app_user_id.sql) for transactions made with an API key: the organisation
-- of the live key whose SHA-256 app_enter_api_key set as app.api_key_hash, or NULL. Forging the
-- setting needs a key's hash, which callboard_app cannot read (api_keys.sql grants every column
-- but key_hash), so only the key's holder can present it; a revoked key answers NULL from the next
-- statement on. Ingestion's policies (agent_mapping.sql, call_log.sql) ask it.
CREATE OR REPLACE FUNCTION app_api_key_organisation_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN (
    SELECT k.organisation_id FROM api_keys k
    WHERE k.key_hash = nullif(current_setting('app.api_key_hash', true), '')
      AND k.revoked_at IS NULL
  );
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_api_key_organisation_id() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_api_key_organisation_id() TO callboard_app;
