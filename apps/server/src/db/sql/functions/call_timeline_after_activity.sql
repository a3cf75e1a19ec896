-- Keeps call_timeline (call_timeline_refresh.sql) in step with the status and assignment history
-- in call_activity. That history is only ever added to (and deleted with its call): an UPDATE of
-- call_activity changes its organisation with the call's, which the call_log trigger follows.
CREATE OR REPLACE FUNCTION call_timeline_after_activity() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := array(SELECT DISTINCT call_id FROM new_rows WHERE type IN ('STATUS_CHANGED', 'ASSIGNED'));
  ELSE
    changed := array(SELECT DISTINCT call_id FROM old_rows WHERE type IN ('STATUS_CHANGED', 'ASSIGNED'));
  END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM call_timeline_refresh(changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_after_activity() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_after_activity_insert AFTER INSERT ON call_activity
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_after_activity();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_after_activity_delete AFTER DELETE ON call_activity
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_after_activity();
