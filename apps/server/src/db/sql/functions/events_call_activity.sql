-- Live updates: a call's new history entry (assigned, status changed, note), with who did it.
CREATE OR REPLACE FUNCTION events_call_activity() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF NEW.organisation_id IS NOT NULL THEN
    PERFORM pg_notify('callboard_events', json_build_object(
              'type', 'call.activity', 'organisationId', NEW.organisation_id,
              'callId', NEW.call_id, 'activityId', NEW.id, 'activityType', NEW.type,
              'actorId', NEW.actor_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_call_activity() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_call_activity AFTER INSERT ON call_activity
  FOR EACH ROW EXECUTE FUNCTION events_call_activity();
