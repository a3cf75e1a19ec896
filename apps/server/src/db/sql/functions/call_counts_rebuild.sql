-- Recounts call_counts from call_log (after a load that skipped triggers, or to check the
-- counters). The owner's alone.
CREATE OR REPLACE FUNCTION call_counts_rebuild() RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  DELETE FROM call_counts;
  INSERT INTO call_counts (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, coalesce(deleted_flag, false), count(*)
  FROM call_log WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_counts_rebuild() FROM PUBLIC, callboard_app;
