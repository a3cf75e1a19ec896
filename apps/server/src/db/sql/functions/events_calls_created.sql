-- Live updates (docs/live-updates.md): every change a user may see is announced on the channel
-- callboard_events by a trigger, so it is sent when, and only if, its transaction commits, from
-- whichever server or path made it. Payloads carry ids, never content: each server checks who may
-- receive an event, and clients refetch what they are allowed to see.
-- This one: calls added (ingested, imported), one event per organisation and statement.
CREATE OR REPLACE FUNCTION events_calls_created() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_notify('callboard_events', json_build_object(
            'type', 'calls.created', 'organisationId', organisation_id, 'count', count(*))::text)
  FROM new_rows WHERE organisation_id IS NOT NULL
  GROUP BY organisation_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION events_calls_created() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER events_calls_created AFTER INSERT ON call_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_calls_created();
