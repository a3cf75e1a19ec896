-- The close histogram's bucket as a stored column of call_timeline (docs/analytics.md), and the
-- index through which the median reads one bucket's closes keyed on it. Under row-level security
-- a condition may bound an index scan only when it is leakproof; one on call_close_bucket(...)
-- is not, so the expression index could not bound the read and every close of the period was
-- filtered instead. A condition on a plain integer column is.
ALTER TABLE "call_timeline" ADD COLUMN "close_bucket" integer GENERATED ALWAYS AS (call_close_bucket(close_seconds)) STORED;
--> statement-breakpoint
DROP INDEX "call_timeline_close_buckets_idx";
--> statement-breakpoint
CREATE INDEX "call_timeline_close_buckets_idx" ON "call_timeline" USING btree
  ("organisation_id", "close_bucket", "at")
  INCLUDE ("agent_id", "previous_close_at", "close_seconds") WHERE "close_bucket" IS NOT NULL;
