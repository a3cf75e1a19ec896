-- call_counts holds, per organisation, status and deleted state, how many calls there are. Statement
-- triggers with transition tables keep it exact: one upsert per statement and group, however many
-- rows the statement touched. SECURITY DEFINER: the counters are written on behalf of whoever
-- changed call_log, including the agent-remapping trigger, which moves calls between tenants.
-- A bulk load that bypasses triggers (the benchmark seed) calls call_counts_rebuild() after it.

ALTER TABLE call_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE call_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY call_counts_tenant ON call_counts
  USING (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid)
  WITH CHECK (organisation_id = nullif(current_setting('app.organisation_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT ON call_counts TO callboard_app;
--> statement-breakpoint

CREATE FUNCTION call_counts_after_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO call_counts AS c (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, coalesce(deleted_flag, false), count(*)
  FROM new_rows WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (organisation_id, status, deleted) DO UPDATE SET calls = c.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION call_counts_after_delete() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO call_counts AS c (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, coalesce(deleted_flag, false), -count(*)
  FROM old_rows WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT (organisation_id, status, deleted) DO UPDATE SET calls = c.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every UPDATE statement on call_log comes here (transition tables cannot be limited to columns);
-- one that changes no counted column, such as an assignment, nets to zero and writes nothing.
CREATE FUNCTION call_counts_after_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
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
CREATE TRIGGER call_counts_after_insert AFTER INSERT ON call_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER call_counts_after_delete AFTER DELETE ON call_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER call_counts_after_update AFTER UPDATE ON call_log
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_after_update();
--> statement-breakpoint

-- Recounts everything from call_log (after a load that skipped triggers, or to check the counters).
CREATE FUNCTION call_counts_rebuild() RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  DELETE FROM call_counts;
  INSERT INTO call_counts (organisation_id, status, deleted, calls)
  SELECT organisation_id, status, coalesce(deleted_flag, false), count(*)
  FROM call_log WHERE organisation_id IS NOT NULL
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_counts_rebuild() FROM PUBLIC;
--> statement-breakpoint
SELECT call_counts_rebuild();
