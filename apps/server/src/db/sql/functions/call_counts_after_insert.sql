-- call_counts holds, per organisation, status and deleted state, how many calls there are. Three
-- statement triggers on call_log (this one, call_counts_after_delete, call_counts_after_update)
-- keep it exact with transition tables: one upsert per statement and group, however many rows the
-- statement touched. SECURITY DEFINER: the counters are written on behalf of whoever changed
-- call_log, including the agent-remapping trigger, which moves calls between tenants. A bulk load
-- that bypasses triggers (the benchmark seed) calls call_counts_rebuild() after it.
CREATE OR REPLACE FUNCTION call_counts_after_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM call_rollups_lock(array(SELECT organisation_id FROM new_rows));
  INSERT INTO call_counts AS c (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, coalesce(deleted_flag, false), count(*)
  FROM new_rows WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (organisation_id, status, deleted) DO UPDATE SET calls = c.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_counts_after_insert() FROM PUBLIC, callboard_app;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER call_counts_after_insert AFTER INSERT ON call_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_insert();
