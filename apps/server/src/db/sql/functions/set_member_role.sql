-- An admin changes a member's (or their own) role. Returns false when the caller does not
-- administer the member's organisation, or the change would leave it without an admin. The
-- service locks the organisation's admins first, so two demotions cannot both pass.
CREATE OR REPLACE FUNCTION set_member_role(p_user_id uuid, p_role text) RETURNS boolean
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
REVOKE ALL ON FUNCTION set_member_role(uuid, text) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION set_member_role(uuid, text) TO callboard_app;
