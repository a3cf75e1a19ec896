-- Least privilege for the application role (docs/decisions/0008-least-privilege-database-roles.md).
--
-- Until now the policies and the SECURITY DEFINER functions trusted the GUCs app.organisation_id
-- and app.user_id, which any role can set with set_config; callboard_app held table-wide grants
-- (so a user could rewrite their own profile's organisation, role and super-admin flag); and
-- platform operators switched to callboard_platform, a BYPASSRLS role the connection could
-- switch to at will. After this migration:
--
-- * app_enter sets app.user_id and app.session_id. The trusted accessors below re-check that
--   session against a live row in sessions (which callboard_app cannot read; its ids are random
--   UUIDs known only to their owner's access token) on every statement, and derive the user, the
--   organisation, admin rights and platform mode from the database itself. A forged GUC changes
--   nothing: the session must be live and belong to the user named.
-- * Policies compare rows with (SELECT app_organisation_id()) and friends: the sub-select makes
--   each one an InitPlan, evaluated once per statement rather than once per row.
-- * callboard_app holds exactly what the application does, per table and per column; the
--   membership changes (role, leaving, joining) are SECURITY DEFINER functions that check the
--   caller's rights with the accessors.
-- * Platform operators reach across organisations through the *_platform policies, which need
--   app_is_platform(): the transaction asked for it (app.platform, set by withPlatform) and the
--   session's user is a super-admin. callboard_platform keeps no privilege here.
-- * callboard_app may log in: on a PostgreSQL server tenant transactions run on a connection
--   that logs in as callboard_app, so there is no more privileged role to RESET ROLE back to.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'callboard_app' AND rolcanlogin) THEN
    ALTER ROLE callboard_app LOGIN;
  END IF;
EXCEPTION
  -- Roles are cluster-wide: another database on the same server may alter it at the same moment
  -- ("tuple concurrently updated"). That is fine if the role can log in now.
  WHEN OTHERS THEN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'callboard_app' AND rolcanlogin) THEN
      RAISE;
    END IF;
END
$$;
--> statement-breakpoint

-- The trusted accessors, STABLE (one answer throughout a statement). They return NULL (or false)
-- when the GUCs are missing or name no live session of that user. PL/pgSQL rather than SQL: it keeps each
-- query's plan for the connection's lifetime, where a SQL function that cannot be inlined (and a
-- SECURITY DEFINER one never is) is planned again on every call, about five times the cost.
CREATE FUNCTION app_user_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN (
    SELECT s.user_id FROM sessions s
    WHERE s.id = nullif(current_setting('app.session_id', true), '')::uuid
      AND s.user_id = nullif(current_setting('app.user_id', true), '')::uuid
      AND s.expires_at > now()
  );
END
$$;
--> statement-breakpoint
CREATE FUNCTION app_organisation_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN (SELECT p.organisation_id FROM profiles p WHERE p.id = app_user_id());
END
$$;
--> statement-breakpoint
-- The caller's organisation if they administer it, else NULL: for the admin-only tables.
CREATE FUNCTION app_admin_organisation_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN (SELECT p.organisation_id FROM profiles p WHERE p.id = app_user_id() AND p.role = 'admin');
END
$$;
--> statement-breakpoint
-- Platform mode: the transaction asked for it and the session's user is a super-admin. Setting
-- app.platform is harmless for anyone else.
CREATE FUNCTION app_is_platform() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF current_setting('app.platform', true) IS DISTINCT FROM 'on' THEN
    RETURN false;
  END IF;
  RETURN coalesce((SELECT p.is_super_admin FROM profiles p WHERE p.id = app_user_id()), false);
END
$$;
--> statement-breakpoint

-- As before (migration 0001), but it sets app.session_id for the accessors instead of
-- app.organisation_id, which nothing trusts any more.
CREATE OR REPLACE FUNCTION app_enter(p_user_id uuid, p_session_id uuid)
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
  PERFORM set_config('app.session_id', p_session_id::text, true);
  organisation_id := found_profile.organisation_id;
  role := found_profile.role;
  is_super_admin := found_profile.is_super_admin;
  RETURN NEXT;
END
$$;
--> statement-breakpoint

-- An admin takes a member (or themselves) out of their organisation. Returns false when the
-- caller does not administer the member's organisation, or the member is its last admin.
CREATE OR REPLACE FUNCTION detach_member(p_user_id uuid) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH detached AS (
    UPDATE profiles p SET organisation_id = NULL, role = 'member'
    WHERE p.id = p_user_id
      AND p.organisation_id = app_admin_organisation_id()
      AND (p.role <> 'admin' OR EXISTS (
        SELECT 1 FROM profiles other
        WHERE other.organisation_id = p.organisation_id AND other.role = 'admin' AND other.id <> p.id))
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM detached)
$$;
--> statement-breakpoint

-- An admin changes a member's (or their own) role. Returns false when the caller does not
-- administer the member's organisation, or the change would leave it without an admin. The
-- service locks the organisation's admins first, so two demotions cannot both pass.
CREATE FUNCTION set_member_role(p_user_id uuid, p_role text) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH changed AS (
    UPDATE profiles p SET role = p_role
    WHERE p.id = p_user_id
      AND p.organisation_id = app_admin_organisation_id()
      AND (p_role = 'admin' OR p.role <> 'admin' OR EXISTS (
        SELECT 1 FROM profiles other
        WHERE other.organisation_id = p.organisation_id AND other.role = 'admin' AND other.id <> p.id))
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM changed)
$$;
--> statement-breakpoint

-- Accepting an invitation for a given user: the body of accept_invitation from migration 0008.
-- Only the owner may name the user (the sign-up path, which has just created that user); the
-- application role goes through accept_invitation, which names the session's user.
CREATE FUNCTION accept_invitation_as(p_token_hash text, p_user_id uuid) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  invitation invitations%ROWTYPE;
  profile profiles%ROWTYPE;
BEGIN
  SELECT * INTO invitation FROM invitations WHERE token_hash = p_token_hash FOR UPDATE;
  IF NOT FOUND THEN RETURN 'unknown'; END IF;
  IF invitation.accepted_at IS NOT NULL THEN RETURN 'used'; END IF;
  IF invitation.revoked_at IS NOT NULL THEN RETURN 'revoked'; END IF;
  IF invitation.expires_at <= now() THEN RETURN 'expired'; END IF;
  SELECT * INTO profile FROM profiles WHERE id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN RETURN 'no_user'; END IF;
  IF lower(profile.email) <> lower(invitation.email) THEN RETURN 'wrong_email'; END IF;
  IF profile.organisation_id IS NOT NULL THEN RETURN 'has_organisation'; END IF;
  UPDATE profiles SET organisation_id = invitation.organisation_id, role = invitation.role
    WHERE id = p_user_id;
  UPDATE invitations SET accepted_at = now() WHERE id = invitation.id;
  INSERT INTO audit_log (organisation_id, actor_id, action, target, details)
    VALUES (invitation.organisation_id, p_user_id, 'invitation.accepted', invitation.email,
            jsonb_build_object('role', invitation.role));
  RETURN 'ok';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION accept_invitation(p_token_hash text) RETURNS text
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT accept_invitation_as(p_token_hash, app_user_id())
$$;
--> statement-breakpoint

-- Policies: one per command and audience, permissive, so a row passes if any applies.
DROP POLICY organisations_tenant ON organisations;
--> statement-breakpoint
DROP POLICY profiles_tenant ON profiles;
--> statement-breakpoint
DROP POLICY agent_mapping_tenant ON agent_mapping;
--> statement-breakpoint
DROP POLICY call_log_tenant ON call_log;
--> statement-breakpoint
DROP POLICY call_activity_tenant ON call_activity;
--> statement-breakpoint
DROP POLICY call_counts_tenant ON call_counts;
--> statement-breakpoint
DROP POLICY invitations_tenant ON invitations;
--> statement-breakpoint
DROP POLICY api_keys_tenant ON api_keys;
--> statement-breakpoint
DROP POLICY audit_log_tenant ON audit_log;
--> statement-breakpoint

CREATE POLICY organisations_tenant_read ON organisations FOR SELECT
  USING (id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY organisations_platform_read ON organisations FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY organisations_platform_create ON organisations FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint

-- Everyone sees their organisation's people and always their own profile (GET /api/v1/me with
-- no organisation). UPDATE's USING covers the organisation so an admin can lock its admins
-- (SELECT … FOR UPDATE checks UPDATE policies); the column grants allow only names, and
-- WITH CHECK only one's own row.
CREATE POLICY profiles_tenant_read ON profiles FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()) OR id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY profiles_platform_read ON profiles FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY profiles_own_update ON profiles FOR UPDATE
  USING (organisation_id = (SELECT app_organisation_id()) OR id = (SELECT app_user_id()))
  WITH CHECK (id = (SELECT app_user_id()));
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

-- A new activity row must be about a call the caller can see (the foreign key alone is checked
-- as the owner, and would accept another organisation's call id).
CREATE POLICY call_activity_tenant_read ON call_activity FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_activity_tenant_create ON call_activity FOR INSERT
  WITH CHECK (
    organisation_id = (SELECT app_organisation_id())
    AND EXISTS (SELECT 1 FROM call_log c
                WHERE c.call_id = call_activity.call_id AND c.organisation_id = call_activity.organisation_id)
  );
--> statement-breakpoint
CREATE POLICY call_activity_platform_read ON call_activity FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint

CREATE POLICY call_counts_tenant_read ON call_counts FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));
--> statement-breakpoint
CREATE POLICY call_counts_platform_read ON call_counts FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint

-- Invitations and the audit log are the admin area's: members neither read nor write them.
CREATE POLICY invitations_admin_read ON invitations FOR SELECT
  USING (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY invitations_admin_create ON invitations FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY invitations_admin_update ON invitations FOR UPDATE
  USING (organisation_id = (SELECT app_admin_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY invitations_platform_read ON invitations FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY invitations_platform_create ON invitations FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint

-- No code path uses api_keys yet, and callboard_app holds no privilege on it; the policy keeps
-- the table sealed the day one is granted.
CREATE POLICY api_keys_tenant ON api_keys
  USING (organisation_id = (SELECT app_admin_organisation_id()))
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint

CREATE POLICY audit_log_admin_read ON audit_log FOR SELECT
  USING (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY audit_log_admin_create ON audit_log FOR INSERT
  WITH CHECK (organisation_id = (SELECT app_admin_organisation_id()));
--> statement-breakpoint
CREATE POLICY audit_log_platform_read ON audit_log FOR SELECT
  USING ((SELECT app_is_platform()));
--> statement-breakpoint
CREATE POLICY audit_log_platform_create ON audit_log FOR INSERT
  WITH CHECK ((SELECT app_is_platform()));
--> statement-breakpoint

-- Grants: exactly what the services and queries do (listed per table in ADR 0008), nothing else.
-- UPDATE on a column also allows SELECT … FOR UPDATE, which the services use to lock rows.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM callboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON organisations, call_activity, audit_log, invitations, agent_mapping
  TO callboard_app;
--> statement-breakpoint
GRANT SELECT ON profiles, call_log, call_counts TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (first_name, last_name) ON profiles TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (display_name, organisation_id) ON agent_mapping TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (assignee_id, status, deleted_flag, updated_at) ON call_log TO callboard_app;
--> statement-breakpoint
GRANT UPDATE (token_hash, expires_at, revoked_at) ON invitations TO callboard_app;
--> statement-breakpoint

-- Functions: the accessors (policies call them as callboard_app), app_enter, and the checked
-- entry points. Everything else in the schema is the owner's alone, trigger functions included
-- (a trigger fires whoever changed the table; EXECUTE is checked only when it is created).
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION
  app_enter(uuid, uuid), app_user_id(), app_organisation_id(), app_admin_organisation_id(),
  app_is_platform(), call_exists(text), accept_invitation(text), detach_member(uuid),
  set_member_role(uuid, text)
  TO callboard_app;
--> statement-breakpoint

-- Temporary tables: nothing uses them, and the application role should not create objects.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_database d WHERE d.datname = current_database()
             AND (pg_has_role(current_user, d.datdba, 'MEMBER')
                  OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user))) THEN
    EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
  END IF;
END
$$;
--> statement-breakpoint

-- callboard_platform is no longer used: it keeps no privilege in this database and the owner is
-- no longer its member, so no connection of ours can become it (callboard_app never was). The
-- role is cluster-wide and another database on the server may still name it, so it is emptied
-- here rather than dropped or altered.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM callboard_platform;
--> statement-breakpoint
REVOKE ALL ON SCHEMA public FROM callboard_platform;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_auth_members m
             WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = 'callboard_platform')
               AND m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user)) THEN
    EXECUTE format('REVOKE callboard_platform FROM %I', current_user);
  END IF;
EXCEPTION
  WHEN insufficient_privilege THEN
    RAISE NOTICE 'could not revoke callboard_platform from %; nothing switches to it any more', current_user;
END
$$;
