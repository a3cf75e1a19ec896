-- Recomputes call_timeline and its rollups (call_hourly, call_hourly_reasons, call_workload) from
-- call_log and call_activity: after a load that skipped triggers, or to repair them
-- (`npm run db:rebuild-counts`). The owner's alone.
CREATE OR REPLACE FUNCTION call_timeline_rebuild() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  TRUNCATE call_timeline, call_hourly, call_hourly_reasons, call_workload;
  PERFORM call_timeline_refresh(array(
    SELECT call_id FROM call_log WHERE organisation_id IS NOT NULL AND deleted_flag IS NOT TRUE));
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_rebuild() FROM PUBLIC, callboard_app;
