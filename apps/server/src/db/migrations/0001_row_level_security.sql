-- Tenant isolation, second lock (the first is the organisation filter in every service query).
--
-- The application runs each request in a transaction as the role callboard_app, which cannot
-- bypass row-level security, with app.organisation_id and app.user_id set for that transaction
-- only (see src/db/tenant.ts). Every tenant table has RLS enabled and forced, with a policy keyed
-- on current_setting('app.organisation_id', true): a query that forgets its WHERE clause still
-- returns only the caller's organisation's rows. The connecting (owner) role is used only for
-- migrations, seeding and identity, and must be a superuser or have BYPASSRLS.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'callboard_app') THEN
    CREATE ROLE callboard_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION
  -- Roles are cluster-wide: another database on the same server may create it at the same moment.
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'callboard_app', 'MEMBER') THEN
    EXECUTE format('GRANT callboard_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO callboard_app;
--> statement-breakpoint
GRANT SELECT, UPDATE ON organisations TO callboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE
  ON profiles, agent_mapping, call_log, call_activity, invitations, api_keys
  TO callboard_app;
--> statement-breakpoint

ALTER TABLE organisations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE organisations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY organisations_tenant ON organisations
  USING (id = nullif(current_setting('app.organisation_id', true), '')::uuid)
  WITH CHECK (id = nullif(current_setting('app.organisation_id', true), '')::uuid);
--> statement-breakpoint

-- A user always sees their own profile, even with no organisation (GET /api/v1/me).
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY profiles_tenant ON profiles
  USING (
    organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid
    OR id = nullif(current_setting('app.user_id', true), '')::uuid
  )
  WITH CHECK (
    organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid
    OR id = nullif(current_setting('app.user_id', true), '')::uuid
  );
--> statement-breakpoint

ALTER TABLE agent_mapping ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE agent_mapping FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agent_mapping_tenant ON agent_mapping
  USING (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid)
  WITH CHECK (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid);
--> statement-breakpoint

ALTER TABLE call_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_log_tenant ON call_log
  USING (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid)
  WITH CHECK (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid);
--> statement-breakpoint

ALTER TABLE call_activity ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_activity FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_activity_tenant ON call_activity
  USING (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid)
  WITH CHECK (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid);
--> statement-breakpoint

ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invitations_tenant ON invitations
  USING (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid)
  WITH CHECK (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid);
--> statement-breakpoint

ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE api_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY api_keys_tenant ON api_keys
  USING (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid)
  WITH CHECK (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid);
--> statement-breakpoint

-- call_log.organisation_id is derived from the agent's mapping. A new call takes its agent's
-- organisation (as the inserting role sees agent_mapping, so a tenant cannot file a call under
-- another tenant's agent: the policy's WITH CHECK refuses the row).
CREATE FUNCTION call_log_set_organisation() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  NEW.organisation_id := (SELECT m.organisation_id FROM agent_mapping m WHERE m.agent_id = NEW.agent_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER call_log_set_organisation
  BEFORE INSERT OR UPDATE OF agent_id ON call_log
  FOR EACH ROW EXECUTE FUNCTION call_log_set_organisation();
--> statement-breakpoint

-- Mapping, remapping or unmapping an agent moves its calls, and their history, at once.
-- SECURITY DEFINER: the calls being moved belong to another tenant (or none) until they move.
CREATE FUNCTION agent_mapping_move_calls() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.organisation_id END;
  agent text := CASE WHEN TG_OP = 'DELETE' THEN OLD.agent_id ELSE NEW.agent_id END;
BEGIN
  UPDATE call_log SET organisation_id = target
    WHERE agent_id = agent AND organisation_id IS DISTINCT FROM target;
  UPDATE call_activity a SET organisation_id = target
    FROM call_log c
    WHERE c.call_id = a.call_id AND c.agent_id = agent AND a.organisation_id IS DISTINCT FROM target;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agent_mapping_move_calls
  AFTER INSERT OR DELETE OR UPDATE OF organisation_id ON agent_mapping
  FOR EACH ROW EXECUTE FUNCTION agent_mapping_move_calls();
--> statement-breakpoint

-- The start of every application transaction: checks that the access token's session is still
-- live (so signing out or a password reset ends API access at once, not when the token expires),
-- reads the user's organisation and sets app.user_id and app.organisation_id for this transaction.
-- Returns no row when the session is gone. SECURITY DEFINER because the application role cannot
-- read the sessions table.
CREATE FUNCTION app_enter(p_user_id uuid, p_session_id uuid)
RETURNS TABLE (organisation_id uuid, role text, is_super_admin boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  found_profile record;
BEGIN
  SELECT p.organisation_id, p.role, p.is_super_admin INTO found_profile
    FROM sessions s JOIN profiles p ON p.id = s.user_id
    WHERE s.id = p_session_id AND s.user_id = p_user_id AND s.expires_at > now();
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM set_config('app.user_id', p_user_id::text, true);
  PERFORM set_config('app.organisation_id', coalesce(found_profile.organisation_id::text, ''), true);
  organisation_id := found_profile.organisation_id;
  role := found_profile.role;
  is_super_admin := found_profile.is_super_admin;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enter(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enter(uuid, uuid) TO callboard_app;
