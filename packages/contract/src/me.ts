import { z } from 'zod';
import { CALL_LIST_COLUMNS } from './call-list-view.ts';

export const roleSchema = z.enum(['admin', 'member']);
export type Role = z.infer<typeof roleSchema>;

/** GET /api/v1/me: the signed-in user. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  isSuperAdmin: z.boolean(),
  organisation: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Email me when a call is assigned to me or I am mentioned in a note (off by default). */
  notify_by_email: z.boolean(),
  /**
   * The call list's columns this person chose, in order; null: the default set. A link's `cols`
   * overrides it (docs/search.md, "Columns").
   */
  call_list_columns: z.array(z.enum(CALL_LIST_COLUMNS)).nullable(),
});
export type Me = z.infer<typeof meSchema>;
