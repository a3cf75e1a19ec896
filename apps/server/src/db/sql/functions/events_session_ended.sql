-- Live updates: a session signed out or removed; the servers end its streams at once.
CREATE OR REPLACE FUNCTION events_session_ended() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_notify('callboard_events', json_build_object(
            'type', 'session.ended', 'sessionId', OLD.id, 'userId', OLD.user_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_session_ended() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_session_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION events_session_ended();
