-- Keeps call_counts exact when calls are deleted (see call_counts_after_insert.sql).
CREATE OR REPLACE FUNCTION call_counts_after_delete() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM call_rollups_lock(array(SELECT organisation_id FROM old_rows));
  INSERT INTO call_counts AS c (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, coalesce(deleted_flag, false), -count(*)
  FROM old_rows WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (organisation_id, status, deleted) DO UPDATE SET calls = c.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_counts_after_delete() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_counts_after_delete AFTER DELETE ON call_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_delete();
