-- The index through which analytics reads the call_timeline rows at a period's edges (and the
-- backlog's hour) now carries every column those reads use, so that they come from the index
-- alone. Through the plain (organisation_id, at) index each row cost a visit to the table's pages,
-- nearly one page per row: 2,500 pages for the edges of one 30-day request in an organisation
-- with a million calls (docs/analytics.md, "Reading the edges").
CREATE INDEX "call_timeline_edges_idx" ON "call_timeline" USING btree ("organisation_id", "at")
  INCLUDE ("arrival", "agent_id", "status", "sentiment", "duration_seconds", "disconnection_reason",
           "open_delta", "unassigned_delta");
--> statement-breakpoint
DROP INDEX "call_timeline_organisation_at_idx";
