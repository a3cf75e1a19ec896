-- The start of every transaction made with an API key (withApiKey in src/db/tenant.ts), as
-- app_enter is for a user's session: finds the live key whose SHA-256 is p_key_hash and sets
-- app.api_key_hash for this transaction, which app_api_key_organisation_id() re-checks on every
-- statement. Returns the key and its organisation, or no row for an unknown or revoked key.
-- It also marks the key used: last_used_at to the minute (so that concurrent batches with one key
-- rarely wait on its row) and, the first time, an api_key.first_used audit entry. Both are part of
-- the transaction, so a refused batch leaves no trace. SECURITY DEFINER: the application role
-- cannot read key hashes, nor write last_used_at or an audit entry without an admin's session.
CREATE OR REPLACE FUNCTION app_enter_api_key(p_key_hash text)
RETURNS TABLE (api_key_id uuid, organisation_id uuid)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  found_key record;
BEGIN
  SELECT k.id, k.organisation_id, k.name, k.prefix INTO found_key
    FROM api_keys k WHERE k.key_hash = p_key_hash AND k.revoked_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('app.api_key_hash', p_key_hash, true);
  UPDATE api_keys SET last_used_at = now() WHERE id = found_key.id AND last_used_at IS NULL;
  IF FOUND THEN
    INSERT INTO audit_log (organisation_id, actor_id, action, target, details)
      VALUES (found_key.organisation_id, NULL, 'api_key.first_used', found_key.id::text,
              jsonb_build_object('name', found_key.name, 'prefix', found_key.prefix));
  ELSE
    UPDATE api_keys SET last_used_at = now()
      WHERE id = found_key.id AND last_used_at < now() - interval '1 minute';
  END IF;
  api_key_id := found_key.id;
  organisation_id := found_key.organisation_id;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enter_api_key(text) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enter_api_key(text) TO callboard_app;
