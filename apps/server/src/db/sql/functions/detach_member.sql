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
REVOKE ALL ON FUNCTION detach_member(uuid) FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION detach_member(uuid) TO callboard_app;
