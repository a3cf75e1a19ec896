-- Accepts an invitation for a given user, atomically: the invitation is locked, checked (unused,
-- not revoked, not expired, same email, user in no organisation) and spent, and the user joins
-- with its role. Returns 'ok' or the reason it cannot. Only the owner may name the user (the
-- sign-up path, which has just created that user); the application role goes through
-- accept_invitation, which names the session's user.
CREATE OR REPLACE FUNCTION accept_invitation_as(p_token_hash text, p_user_id uuid) RETURNS text
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
REVOKE ALL ON FUNCTION accept_invitation_as(text, uuid) FROM PUBLIC, callboard_app;
