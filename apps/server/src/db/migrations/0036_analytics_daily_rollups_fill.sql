-- Analytics' daily rollups (docs/analytics.md, docs/decisions/0036-exact-median-from-a-close-histogram.md):
-- the indexes through which a request reads closes by bucket of time to close and re-closes by
-- their previous close, and the daily rollups of the calls already here (from then on the
-- triggers keep them, functions/call_timeline_rollup_apply.sql).
CREATE INDEX "call_timeline_close_buckets_idx" ON "call_timeline" USING btree
  ("organisation_id", call_close_bucket("close_seconds"), "at")
  INCLUDE ("agent_id", "previous_close_at", "close_seconds") WHERE "close_seconds" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "call_timeline_recloses_idx" ON "call_timeline" USING btree
  ("organisation_id", "previous_close_at")
  INCLUDE ("at", "agent_id", "close_seconds") WHERE "previous_close_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO call_daily_reasons (organisation_id, agent_id, day, reason, calls)
SELECT organisation_id, agent_id, date_trunc('day', at, 'UTC'), disconnection_reason, count(*)
FROM call_timeline WHERE arrival
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO call_daily_closes (organisation_id, agent_id, day, bucket, closes)
SELECT t.organisation_id, a.agent_id, date_trunc('day', t.at, 'UTC'),
       call_close_bucket(t.close_seconds), count(*)
FROM call_timeline AS t
CROSS JOIN LATERAL (VALUES (t.agent_id), (NULL)) AS a(agent_id)
WHERE t.close_seconds IS NOT NULL
GROUP BY 1, 2, 3, 4;
