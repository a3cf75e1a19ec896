// Bulk triage: one request changes many calls at once, all or nothing
// (POST /api/v1/calls/bulk; docs/decisions/0019-bulk-actions.md). The selection is either the
// calls the user picked, each with the version they saw, or every call matching a list view,
// with the number of calls the user was shown.
import { z } from 'zod';
import { callListQuerySchema } from './call-list-filters.ts';
import { CALL_STATUSES } from './calls.ts';

/** The most calls one bulk action changes; a bigger selection is refused with 400. */
export const BULK_ACTION_MAX_CALLS = 5000;

const callId = z
  .string({ message: 'must be a call id' })
  .min(1, 'must be a call id')
  .max(200, 'must be at most 200 characters');

const version = z
  .number({ message: 'must be a whole number of 1 or more' })
  .int({ message: 'must be a whole number of 1 or more' })
  .min(1, { message: 'must be a whole number of 1 or more' });

const assigneeId = z.uuid({ message: 'must be a user id or null' }).nullable();
const status = z.enum(CALL_STATUSES, { message: 'must be New, In progress or Closed' });

/** Each call once, at most BULK_ACTION_MAX_CALLS of them. */
function callList<Item extends z.ZodObject<{ id: typeof callId }>>(item: Item) {
  const max = BULK_ACTION_MAX_CALLS.toLocaleString('en');
  return z
    .array(item)
    .min(1, 'must name at least one call')
    .max(BULK_ACTION_MAX_CALLS, `A bulk action changes at most ${max} calls; select fewer.`)
    .superRefine((calls, context) => {
      const seen = new Set<string>();
      calls.forEach((call, index) => {
        if (seen.has(call.id)) {
          context.addIssue({ code: 'custom', message: 'names a call twice', path: [index, 'id'] });
        }
        seen.add(call.id);
      });
    });
}

/** A call the user picked, with the version their screen showed. */
export const bulkCallRefSchema = z.object({ id: callId, version });
export type BulkCallRef = z.infer<typeof bulkCallRefSchema>;

/**
 * Every call a list view shows: `query` holds GET /api/v1/calls' parameters (tab, filters,
 * includeDeleted; paging is ignored) and is read by the same schema; `total` is the number of
 * matching calls the user was shown. A different number now refuses the action with 409.
 */
export const bulkMatchingSchema = z.object({
  query: callListQuerySchema,
  total: z
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be a whole number of 1 or more' }),
});

export type BulkMatching = z.infer<typeof bulkMatchingSchema>;

/** Exactly one of `calls` and `matching`. */
const selectionShape = {
  calls: callList(bulkCallRefSchema).optional(),
  matching: bulkMatchingSchema.optional(),
};

function oneSelection(
  body: { calls?: unknown; matching?: unknown },
  context: z.RefinementCtx,
): void {
  if ((body.calls === undefined) === (body.matching === undefined)) {
    context.addIssue({
      code: 'custom',
      message: 'give either calls or matching',
      path: [body.calls === undefined ? 'calls' : 'matching'],
    });
  }
}

/** What undo sets a call back to: one field, as the action's answer gave it in `previous`. */
export const bulkPreviousSchema = z.union(
  [
    z.strictObject({ assigneeId }),
    z.strictObject({ status }),
    z.strictObject({ deleted: z.boolean({ message: 'must be true or false' }) }),
  ],
  { message: 'must be {assigneeId}, {status} or {deleted}' },
);
export type BulkPrevious = z.infer<typeof bulkPreviousSchema>;

/** POST /api/v1/calls/bulk */
export const bulkCallActionBodySchema = z.discriminatedUnion(
  'action',
  [
    /** Assign every selected call (null unassigns). */
    z
      .object({ action: z.literal('assign'), assigneeId, ...selectionShape })
      .superRefine(oneSelection),
    z
      .object({ action: z.literal('setStatus'), status, ...selectionShape })
      .superRefine(oneSelection),
    /** Admins only, as the admin's delete and restore of one call. */
    z.object({ action: z.literal('delete'), ...selectionShape }).superRefine(oneSelection),
    z.object({ action: z.literal('restore'), ...selectionShape }).superRefine(oneSelection),
    /**
     * Sets each call back to what an earlier bulk action's answer gave as `previous`, with the
     * version that answer gave. A call changed since is left alone and reported in `skipped`.
     */
    z.object({
      action: z.literal('undo'),
      calls: callList(bulkCallRefSchema.extend({ value: bulkPreviousSchema })),
    }),
  ],
  { message: 'must be assign, setStatus, delete, restore or undo' },
);
/** The body as a client sends it (the view's query as GET /calls takes it). */
export type BulkCallActionBody = z.input<typeof bulkCallActionBodySchema>;
/** The body as the server reads it. */
export type BulkCallActionRequest = z.output<typeof bulkCallActionBodySchema>;
export type BulkCallAction = BulkCallActionRequest['action'];

export const bulkCallActionResponseSchema = z.object({
  action: z.enum(['assign', 'setStatus', 'delete', 'restore', 'undo']),
  /** Each call the action changed, its version now, and what it was before (for undo). */
  changed: z.array(
    z.object({ id: z.string(), version: z.number().int(), previous: bulkPreviousSchema }),
  ),
  /** Selected calls that already were as asked: nothing written, no activity. */
  unchanged: z.number().int(),
  /** Undo only: calls someone changed since the action, left as they are. */
  skipped: z.array(z.object({ id: z.string(), version: z.number().int() })),
});
export type BulkCallActionResponse = z.infer<typeof bulkCallActionResponseSchema>;

/** The request that undoes a bulk action, from its answer; null when it changed nothing. */
export function bulkUndoBody(response: BulkCallActionResponse): BulkCallActionBody | null {
  if (response.changed.length === 0) return null;
  return {
    action: 'undo',
    calls: response.changed.map(({ id, version: current, previous }) => ({
      id,
      version: current,
      value: previous,
    })),
  };
}
