-- Keeps the rollups of call_timeline exact (docs/analytics.md): call_timeline rows are only
-- inserted and deleted (call_timeline_refresh.sql), so one statement trigger for each adds or
-- subtracts what the statement's rows hold (call_timeline_rollup_apply.sql).
CREATE OR REPLACE FUNCTION call_timeline_rollup() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM call_timeline_rollup_apply(1, array(SELECT r::call_timeline FROM new_rows r));
  ELSE
    PERFORM call_timeline_rollup_apply(-1, array(SELECT r::call_timeline FROM old_rows r));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_rollup() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_rollup_after_insert AFTER INSERT ON call_timeline
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_rollup();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_timeline_rollup_after_delete AFTER DELETE ON call_timeline
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_timeline_rollup();
