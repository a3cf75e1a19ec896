-- call_hourly's calls received summed over the agents, per organisation and UTC hour
-- (docs/analytics.md), filled for the calls already here: from then on the triggers keep it
-- (functions/call_timeline_rollup_apply.sql). The migrations run in one transaction; until it
-- commits, with the function that keeps this table in place, writers of call_timeline wait, so
-- that none adds to call_hourly alone after the fill has read it (a server still running the old
-- code, say).
LOCK TABLE call_timeline IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE "call_hourly_totals" (
	"organisation_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"new_0" integer NOT NULL,
	"new_1" integer NOT NULL,
	"new_2" integer NOT NULL,
	"new_3" integer NOT NULL,
	"in_progress_0" integer NOT NULL,
	"in_progress_1" integer NOT NULL,
	"in_progress_2" integer NOT NULL,
	"in_progress_3" integer NOT NULL,
	"closed_0" integer NOT NULL,
	"closed_1" integer NOT NULL,
	"closed_2" integer NOT NULL,
	"closed_3" integer NOT NULL,
	CONSTRAINT "call_hourly_totals_organisation_id_hour_pk" PRIMARY KEY("organisation_id","hour")
);
--> statement-breakpoint
INSERT INTO call_hourly_totals (organisation_id, hour, new_0, new_1, new_2, new_3, in_progress_0, in_progress_1, in_progress_2, in_progress_3, closed_0, closed_1, closed_2, closed_3)
SELECT organisation_id, hour, sum(new_0), sum(new_1), sum(new_2), sum(new_3),
       sum(in_progress_0), sum(in_progress_1), sum(in_progress_2), sum(in_progress_3),
       sum(closed_0), sum(closed_1), sum(closed_2), sum(closed_3)
FROM call_hourly
GROUP BY organisation_id, hour;
