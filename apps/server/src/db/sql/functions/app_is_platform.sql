-- A trusted accessor (see app_user_id.sql). Platform mode: the transaction asked for it
-- (app.platform, set by withPlatform) and the session's user is a super-admin. Setting
-- app.platform is harmless for anyone else.
CREATE OR REPLACE FUNCTION app_is_platform() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF current_setting('app.platform', true) IS DISTINCT FROM 'on' THEN
    RETURN false;
  END IF;
  RETURN coalesce((SELECT p.is_super_admin FROM profiles p WHERE p.id = app_user_id()), false);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_is_platform() FROM PUBLIC, callboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_is_platform() TO callboard_app;
