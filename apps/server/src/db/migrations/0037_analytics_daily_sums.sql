CREATE TABLE "call_daily" (
	"organisation_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	"duration_total" bigint NOT NULL,
	"with_duration" integer NOT NULL,
	"positive" integer NOT NULL,
	"neutral" integer NOT NULL,
	"negative" integer NOT NULL,
	"open_delta" integer NOT NULL,
	"unassigned_delta" integer NOT NULL,
	CONSTRAINT "call_daily_organisation_id_day_agent_id_pk" PRIMARY KEY("organisation_id","day","agent_id")
);
--> statement-breakpoint
-- The days of the hours already summed (docs/analytics.md); from the next migration on, the
-- triggers keep it (functions/call_timeline_rollup_apply.sql).
INSERT INTO call_daily (organisation_id, agent_id, day, calls, duration_total, with_duration, positive, neutral, negative, open_delta, unassigned_delta)
SELECT organisation_id, agent_id, date_trunc('day', hour, 'UTC'),
       sum(new_0 + new_1 + new_2 + new_3 + in_progress_0 + in_progress_1 + in_progress_2 + in_progress_3
           + closed_0 + closed_1 + closed_2 + closed_3),
       sum(duration_total), sum(with_duration), sum(positive), sum(neutral), sum(negative),
       sum(open_delta), sum(unassigned_delta)
FROM call_hourly
GROUP BY 1, 2, 3;
