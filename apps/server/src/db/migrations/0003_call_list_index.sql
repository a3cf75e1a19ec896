-- The call list orders by end_datetime DESC, call_id DESC; the first index had call_id ascending,
-- so PostgreSQL could not read it in order and sorted every row of the organisation instead.
-- The INCLUDE columns let the tab counts (and the status/assignee/agent filters) run as
-- index-only scans. ADR 0006 explains the covering indexes.
DROP INDEX "call_log_organisation_end_idx";
--> statement-breakpoint
CREATE INDEX "call_log_list_idx" ON "call_log"
  USING btree ("organisation_id", "end_datetime" DESC, "call_id" DESC)
  INCLUDE ("status", "deleted_flag", "assignee_id", "agent_id");
