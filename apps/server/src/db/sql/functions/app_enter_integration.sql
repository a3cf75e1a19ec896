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
