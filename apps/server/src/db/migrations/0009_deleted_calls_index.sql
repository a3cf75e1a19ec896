-- The admin area's Deleted calls list (GET /api/v1/admin/calls/deleted) reads one organisation's
-- deleted calls newest first. call_log_list_idx has deleted_flag only as an INCLUDE column, so a
-- page of deleted calls walked the organisation's whole list in index order filtering out the
-- live ones (about 95 %), and later pages sorted every call of the organisation. This partial
-- index holds only deleted calls, in the list's order. Its total comes from call_counts.
CREATE INDEX "call_log_deleted_idx" ON "call_log"
  USING btree ("organisation_id", "end_datetime" DESC, "call_id" DESC)
  WHERE "deleted_flag";
