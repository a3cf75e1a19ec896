-- The admin area and the platform console.
--
-- audit_log is tenant data like the rest. Platform operators (profiles.is_super_admin) work
-- across organisations: their transactions run as callboard_platform, which bypasses RLS and is
-- entered only after app_enter has confirmed the flag (src/db/tenant.ts, withPlatform).
-- The few writes that must cross the tenant line for an ordinary user — leaving an organisation,
-- looking up and accepting an invitation before belonging to one — are SECURITY DEFINER
-- functions that check what they need themselves.

ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_log_tenant ON audit_log
  USING (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid)
  WITH CHECK (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON audit_log TO callboard_app;
--> statement-breakpoint

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'callboard_platform') THEN
    CREATE ROLE callboard_platform NOLOGIN NOSUPERUSER BYPASSRLS;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'callboard_platform', 'MEMBER') THEN
    EXECUTE format('GRANT callboard_platform TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO callboard_platform;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE
  ON organisations, profiles, agent_mapping, call_log, call_activity, invitations, api_keys, audit_log
  TO callboard_platform;
--> statement-breakpoint
GRANT SELECT ON call_counts TO callboard_platform;
--> statement-breakpoint

-- Takes a member out of the caller's organisation (the service has checked the caller is its
-- admin and the last-admin rule). Returns false when the user is not in that organisation.
CREATE FUNCTION detach_member(p_user_id uuid) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH detached AS (
    UPDATE profiles SET organisation_id = NULL, role = 'member'
    WHERE id = p_user_id
      AND organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM detached)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION detach_member(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION detach_member(uuid) TO callboard_app;
--> statement-breakpoint

-- What the /join page shows about an invitation, found by the hash of its token.
CREATE FUNCTION invitation_by_token_hash(p_token_hash text)
RETURNS TABLE (
  id uuid, organisation_id uuid, organisation_name text, email text, role text,
  invited_by_name text, expires_at timestamptz, accepted_at timestamptz, revoked_at timestamptz
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT i.id, i.organisation_id, o.name, i.email, i.role,
         nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
         i.expires_at, i.accepted_at, i.revoked_at
  FROM invitations i
  JOIN organisations o ON o.id = i.organisation_id
  LEFT JOIN profiles p ON p.id = i.invited_by
  WHERE i.token_hash = p_token_hash
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invitation_by_token_hash(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION invitation_by_token_hash(text) TO callboard_app;
--> statement-breakpoint

-- Accepts an invitation for the transaction's user (app.user_id), atomically: the invitation is
-- locked, checked (unused, not revoked, not expired, same email, user in no organisation) and
-- spent, and the user joins with its role. Returns 'ok' or the reason it cannot.
CREATE FUNCTION accept_invitation(p_token_hash text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  acting uuid := nullif(current_setting('app.user_id', true), '')::uuid;
  invitation invitations%ROWTYPE;
  profile profiles%ROWTYPE;
BEGIN
  SELECT * INTO invitation FROM invitations WHERE token_hash = p_token_hash FOR UPDATE;
  IF NOT FOUND THEN RETURN 'unknown'; END IF;
  IF invitation.accepted_at IS NOT NULL THEN RETURN 'used'; END IF;
  IF invitation.revoked_at IS NOT NULL THEN RETURN 'revoked'; END IF;
  IF invitation.expires_at <= now() THEN RETURN 'expired'; END IF;
  SELECT * INTO profile FROM profiles WHERE id = acting FOR UPDATE;
  IF NOT FOUND THEN RETURN 'no_user'; END IF;
  IF lower(profile.email) <> lower(invitation.email) THEN RETURN 'wrong_email'; END IF;
  IF profile.organisation_id IS NOT NULL THEN RETURN 'has_organisation'; END IF;
  UPDATE profiles SET organisation_id = invitation.organisation_id, role = invitation.role
    WHERE id = acting;
  UPDATE invitations SET accepted_at = now() WHERE id = invitation.id;
  INSERT INTO audit_log (organisation_id, actor_id, action, target, details)
    VALUES (invitation.organisation_id, acting, 'invitation.accepted', invitation.email,
            jsonb_build_object('role', invitation.role));
  RETURN 'ok';
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION accept_invitation(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION accept_invitation(text) TO callboard_app;
