-- The search indexes take each new document straight into the index instead of a pending list
-- that every search must scan until vacuum merges it (docs/search.md, "Plans"). drizzle-kit
-- writes this as a rebuild of both indexes; changing the setting in place and merging what is
-- pending is the same end state without rebuilding or holding writes for the length of one.
ALTER INDEX "call_log_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "call_activity_note_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('call_log_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('call_activity_note_search_idx'::regclass);
