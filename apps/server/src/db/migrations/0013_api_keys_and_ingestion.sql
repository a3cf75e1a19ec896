-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/app_api_key_organisation_id.sql
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
--> statement-breakpoint
-- functions/app_enter_api_key.sql
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
--> statement-breakpoint
-- functions/call_log_content_guard.sql
-- A call's content (what its sender reported: agent, times, numbers, summary, transcript …) is
-- changed only by the ingestion API, with a live key of the call's organisation. callboard_app
-- holds UPDATE on those columns for that path alone, and a grant cannot tell who holds the role,
-- so this trigger refuses the change to anyone else using it — a member's injected statement, for
-- one. The owner (seeding, migrations) is not callboard_app and passes. Triage (assignee, status,
-- deleted flag) names none of these columns and never fires it.
CREATE OR REPLACE FUNCTION call_log_content_guard() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF current_user = 'callboard_app'
     AND NOT coalesce(OLD.organisation_id = app_api_key_organisation_id(), false) THEN
    RAISE EXCEPTION 'permission denied: only the ingestion API changes a call''s content'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_log_content_guard() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_log_content_guard
  BEFORE UPDATE OF agent_id, start_datetime, end_datetime, duration_seconds, direction,
    from_number, to_number, caller_name, summary, transcript, recording_url, sentiment,
    disconnection_reason, external_id, metadata ON call_log
  FOR EACH ROW EXECUTE FUNCTION call_log_content_guard();
--> statement-breakpoint
-- functions/call_log_set_organisation.sql
-- call_log.organisation_id is derived from the agent's mapping. A new call takes its agent's
-- organisation (as the inserting role sees agent_mapping, so a tenant cannot file a call under
-- another tenant's agent: the policy's WITH CHECK refuses the row), and so does a call whose
-- agent changes. An update that names agent_id without changing it (the ingestion API's, which
-- writes every content column) keeps its organisation and skips the lookup, which costs a
-- policy check per row.
CREATE OR REPLACE FUNCTION call_log_set_organisation() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  NEW.organisation_id := (SELECT m.organisation_id FROM agent_mapping m WHERE m.agent_id = NEW.agent_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_log_set_organisation() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_log_set_organisation
  BEFORE INSERT ON call_log
  FOR EACH ROW EXECUTE FUNCTION call_log_set_organisation();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_log_set_organisation_on_update
  BEFORE UPDATE OF agent_id ON call_log
  FOR EACH ROW WHEN (OLD.agent_id IS DISTINCT FROM NEW.agent_id)
  EXECUTE FUNCTION call_log_set_organisation();
--> statement-breakpoint
-- functions/ingest_refused_agents.sql
-- Which of p_agent_ids the transaction's API key may not file calls under: agents mapped to
-- another organisation or to none, and agent ids that already have calls but no mapping (taking
-- one would move those calls into the key's organisation: agent_mapping_move_calls.sql). All of
-- them when the transaction has no live key. The ingestion service refuses a batch naming any of
-- them with 409, and registers the rest for the key's organisation. SECURITY DEFINER: row-level
-- security hides exactly the rows this must find. It reveals only that an agent id the caller
-- already names is taken.
CREATE OR REPLACE FUNCTION ingest_refused_agents(p_agent_ids text[])
RETURNS TABLE (refused_agent_id text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  key_organisation uuid := app_api_key_organisation_id();
BEGIN
  RETURN QUERY
    SELECT DISTINCT wanted.id
    FROM unnest(p_agent_ids) AS wanted(id)
    LEFT JOIN agent_mapping m ON m.agent_id = wanted.id
    WHERE key_organisation IS NULL
       OR (m.agent_id IS NOT NULL AND m.organisation_id IS DISTINCT FROM key_organisation)
       OR (m.agent_id IS NULL AND EXISTS (SELECT 1 FROM call_log c WHERE c.agent_id = wanted.id));
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION ingest_refused_agents(text[]) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ingest_refused_agents(text[]) TO callboard_app;
--> statement-breakpoint
-- tables/agent_mapping.sql
DROP POLICY agent_mapping_admin_update ON agent_mapping;
--> statement-breakpoint
DROP POLICY agent_mapping_platform_create ON agent_mapping;
--> statement-breakpoint
DROP POLICY agent_mapping_platform_read ON agent_mapping;
--> statement-breakpoint
DROP POLICY agent_mapping_platform_update ON agent_mapping;
--> statement-breakpoint
DROP POLICY agent_mapping_tenant_read ON agent_mapping;
--> statement-breakpoint
ALTER TABLE agent_mapping NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON agent_mapping FROM callboard_app;
--> statement-breakpoint
-- Members read their organisation's agents and admins rename them; platform operators map and
-- remap agents to organisations. The ingestion API, with a live key of the organisation, reads
-- its agents and registers agent ids never seen before for it (functions/ingest_refused_agents.sql
-- says which ids it may take).
ALTER TABLE agent_mapping ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE agent_mapping FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agent_mapping_tenant_read ON agent_mapping FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY agent_mapping_admin_update ON agent_mapping FOR UPDATE
  USING (organisation_id = (SELECT app_admin_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY agent_mapping_platform_read ON agent_mapping FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY agent_mapping_platform_create ON agent_mapping FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY agent_mapping_platform_update ON agent_mapping FOR UPDATE
  USING ((SELECT app_is_platform()))
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY agent_mapping_api_key_read ON agent_mapping FOR SELECT
  USING (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
CREATE POLICY agent_mapping_api_key_create ON agent_mapping FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
GRANT SELECT, INSERT ON agent_mapping TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (display_name, organisation_id) ON agent_mapping TO callboard_app;
--> statement-breakpoint
-- tables/api_keys.sql
DROP POLICY api_keys_tenant ON api_keys;
--> statement-breakpoint
ALTER TABLE api_keys NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
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
--> statement-breakpoint
-- tables/call_log.sql
DROP POLICY call_log_platform_read ON call_log;
--> statement-breakpoint
DROP POLICY call_log_tenant_read ON call_log;
--> statement-breakpoint
DROP POLICY call_log_tenant_update ON call_log;
--> statement-breakpoint
ALTER TABLE call_log NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON call_log FROM callboard_app;
--> statement-breakpoint
-- Members read and triage (assignee, status, deleted flag) their organisation's calls; platform
-- operators read all. organisation_id is set by triggers from agent_mapping
-- (functions/call_log_set_organisation.sql, functions/agent_mapping_move_calls.sql).
-- The ingestion API, with a live key of the organisation (functions/app_api_key_organisation_id.sql),
-- reads, adds and updates the organisation's calls' content; it grants nothing to members, and
-- functions/call_log_content_guard.sql keeps the content columns to that path alone.
ALTER TABLE call_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_log_tenant_read ON call_log FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_log_tenant_update ON call_log FOR UPDATE
  USING (organisation_id = (SELECT app_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_log_platform_read ON call_log FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY call_log_api_key_read ON call_log FOR SELECT
  USING (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_log_api_key_create ON call_log FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_log_api_key_update ON call_log FOR UPDATE
  USING (organisation_id = (SELECT app_api_key_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_api_key_organisation_id()));
--> statement-breakpoint
GRANT SELECT ON call_log TO callboard_app;
--> statement-breakpoint
GRANT INSERT (call_id, external_id, agent_id, start_datetime, end_datetime, duration_seconds,
              direction, from_number, to_number, caller_name, summary, transcript, recording_url,
              sentiment, disconnection_reason, metadata)
  ON call_log TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (assignee_id, status, deleted_flag, updated_at, agent_id, start_datetime, end_datetime,
              duration_seconds, direction, from_number, to_number, caller_name, summary, transcript,
              recording_url, sentiment, disconnection_reason, metadata)
  ON call_log TO callboard_app;
