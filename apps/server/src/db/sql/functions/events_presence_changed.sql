-- Live updates: who has a call open changed (a stream opened or left it, or went away).
CREATE OR REPLACE FUNCTION events_presence_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'presence.changed', 'organisationId', OLD.organisation_id,
              'callId', OLD.call_id)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'presence.changed', 'organisationId', NEW.organisation_id,
              'callId', NEW.call_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_presence_changed() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_presence_changed
  AFTER INSERT OR DELETE OR UPDATE OF call_id ON call_presence
  FOR EACH ROW EXECUTE FUNCTION events_presence_changed();
