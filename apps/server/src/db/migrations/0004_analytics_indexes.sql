-- Analytics reads many calls and much activity per request. These indexes let its queries run as
-- index-only scans over one organisation's range instead of visiting the heap row by row:
-- the list index also carries the columns the figures and charts count by, and status changes and
-- assignments get partial indexes holding what the backlog-at-an-instant query reads.
DROP INDEX "call_log_list_idx";
--> statement-breakpoint
CREATE INDEX "call_log_list_idx" ON "call_log"
  USING btree ("organisation_id", "end_datetime" DESC, "call_id" DESC)
  INCLUDE ("status", "deleted_flag", "assignee_id", "agent_id", "duration_seconds", "sentiment", "disconnection_reason");
--> statement-breakpoint
CREATE INDEX "call_activity_status_changes_idx" ON "call_activity"
  USING btree ("organisation_id", "created_at")
  INCLUDE ("call_id", "id", "previous_status", "new_status")
  WHERE "type" = 'STATUS_CHANGED';
--> statement-breakpoint
CREATE INDEX "call_activity_assignments_idx" ON "call_activity"
  USING btree ("organisation_id", "created_at")
  INCLUDE ("call_id", "id", "previous_assignee_id")
  WHERE "type" = 'ASSIGNED';
