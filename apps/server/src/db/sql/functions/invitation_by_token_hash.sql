-- What the /join page shows about an invitation, found by the hash of its token. The owner's alone.
CREATE OR REPLACE FUNCTION invitation_by_token_hash(p_token_hash text)
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
REVOKE ALL ON FUNCTION invitation_by_token_hash(text) FROM PUBLIC, callboard_app;
