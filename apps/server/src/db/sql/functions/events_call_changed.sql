-- Live updates: a call whose version changed (functions/call_log_bump_version.sql), to its
-- organisation, and to the one it left when its agent was remapped.
CREATE OR REPLACE FUNCTION events_call_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF NEW.organisation_id IS NOT NULL THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'call.changed', 'organisationId', NEW.organisation_id,
              'callId', NEW.call_id, 'version', NEW.version)::text);
  END IF;
  IF OLD.organisation_id IS NOT NULL AND OLD.organisation_id IS DISTINCT FROM NEW.organisation_id THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'call.changed', 'organisationId', OLD.organisation_id,
              'callId', NEW.call_id, 'version', NEW.version)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_call_changed() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_call_changed AFTER UPDATE ON call_log
  FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version)
  EXECUTE FUNCTION events_call_changed();
