-- A trusted accessor (see app_user_id.sql): the caller's organisation if they administer it, else
-- NULL: for the admin-only tables.
CREATE OR REPLACE FUNCTION app_admin_organisation_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN (SELECT p.organisation_id FROM profiles p WHERE p.id = app_user_id() AND p.role = 'admin');
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_admin_organisation_id() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_admin_organisation_id() TO callboard_app;
