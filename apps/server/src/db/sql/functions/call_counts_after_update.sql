-- Keeps call_counts exact when calls change (see call_counts_after_insert.sql). Every UPDATE
-- statement on call_log comes here (transition tables cannot be limited to columns); one that
-- changes no counted column, such as an assignment, nets to zero and writes nothing.
CREATE OR REPLACE FUNCTION call_counts_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- Every organisation the statement touched, even when its counts net to zero: the timeline's
  -- rollups (call_timeline_rollup_apply.sql), which follow, need the same lock.
  PERFORM call_rollups_lock(array(SELECT organisation_id FROM old_rows
                                  UNION SELECT organisation_id FROM new_rows));
  INSERT INTO call_counts AS c (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, deleted, sum(delta)
  FROM (
    SELECT organisation_id, status, coalesce(deleted_flag, false) AS deleted, -1 AS delta FROM old_rows
    UNION ALL
    SELECT organisation_id, status, coalesce(deleted_flag, false) AS deleted, 1 AS delta FROM new_rows
  ) AS changes
  WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(delta) <> 0
  ON CONFLICT (organisation_id, status, deleted) DO UPDATE SET calls = c.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_counts_after_update() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_counts_after_update AFTER UPDATE ON call_log
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_update();
