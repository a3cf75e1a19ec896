-- A trusted accessor (see app_user_id.sql): the session's user's organisation, as profiles says now.
CREATE OR REPLACE FUNCTION app_organisation_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN (SELECT p.organisation_id FROM profiles p WHERE p.id = app_user_id());
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_organisation_id() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_organisation_id() TO callboard_app;
