-- Live updates: a notification, for its recipient alone.
CREATE OR REPLACE FUNCTION events_notification() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_notify('callboard_events', json_build_object(
            'type', 'notification', 'organisationId', NEW.organisation_id,
            'userId', NEW.user_id, 'notificationId', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_notification() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_notification AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION events_notification();
