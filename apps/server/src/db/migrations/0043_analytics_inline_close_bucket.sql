-- Written by `npm run db:sql-migration` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.
-- functions/call_close_bucket.sql
REVOKE ALL ON FUNCTION call_close_bucket(double precision) FROM callboard_app;
--> statement-breakpoint
-- The bucket of a time to close, in seconds, in analytics' close histogram (call_daily_closes,
-- docs/analytics.md): 0 below one second, then eight buckets to every factor of e, each about 13%
-- wider than the one before. Buckets only narrow down where the median lies; the median itself is
-- read from the closes in its bucket. call_daily_closes and call_timeline's generated column
-- close_bucket hold this function's values: changing it needs both rebuilt.
-- Not STRICT (null gives null all the same): PostgreSQL inlines a SQL function into the statement
-- that calls it only when the function is no stricter than its body, and called row by row it cost
-- eight times the rest of reading a close (docs/analytics.md, "Reading the edges").
CREATE OR REPLACE FUNCTION call_close_bucket(seconds double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN seconds < 1 THEN 0 ELSE 1 + floor(8 * ln(seconds))::integer END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION call_close_bucket(double precision) FROM PUBLIC, callboard_app;
--> statement-breakpoint
-- Analytics' histogram buckets the closes it reads from an index that holds close_seconds.
GRANT EXECUTE ON FUNCTION call_close_bucket(double precision) TO callboard_app;
