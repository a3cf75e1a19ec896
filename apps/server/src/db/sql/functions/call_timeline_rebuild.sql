-- Recomputes call_timeline and its rollups (call_hourly, call_hourly_totals, call_daily,
-- call_hourly_reasons, call_daily_reasons, call_daily_closes, call_workload) from call_log and
-- call_activity: after a load that skipped triggers, or to repair them
-- (`npm run db:rebuild-counts`). The owner's alone.
-- In batches of `batch_size` calls: the rollups' statement triggers gather a statement's new
-- timeline rows into one array, which cannot exceed 1 GB; all of 10,000,000 calls' rows did.
-- The batches follow (organisation, end of call), so that each fills its own rollup rows once
-- rather than every batch updating nearly all of them: 22–27% faster on 100,000 calls in ten
-- batches, the same rows (docs/analytics.md, "Keeping them exact").
-- (Before batches, the function took no argument.)
DROP FUNCTION IF EXISTS call_timeline_rebuild();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_timeline_rebuild(batch_size integer DEFAULT 100000) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  batch text[];
BEGIN
  TRUNCATE call_timeline, call_hourly, call_hourly_totals, call_daily, call_hourly_reasons,
    call_daily_reasons, call_daily_closes, call_workload;
  FOR batch IN
    SELECT array_agg(call_id)
    FROM (SELECT call_id,
                 (row_number() OVER (ORDER BY organisation_id, end_datetime, call_id) - 1)
                   / batch_size AS n
          FROM call_log WHERE organisation_id IS NOT NULL AND deleted_flag IS NOT TRUE) numbered
    GROUP BY n
  LOOP
    PERFORM call_timeline_refresh(batch);
  END LOOP;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_timeline_rebuild(integer) FROM PUBLIC, callboard_app;
