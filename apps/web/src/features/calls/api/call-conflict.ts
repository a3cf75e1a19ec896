// A write refused because the call changed since its author saw it (409 CONFLICT): the server
// answers with the call as it is now and who changed it (docs/live-updates.md, "Conflicts").
import {
  callChangedBySchema,
  callDetailSchema,
  type CallChangedBy,
  type CallDetail,
} from '@callboard/contract';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-client.ts';

export interface CallConflict {
  /** The call as the server has it now. */
  call: CallDetail;
  /** Who made the newest change, when the server knows and they are still a colleague. */
  changedBy: CallChangedBy | null;
}

const conflictDetailsSchema = z.object({
  call: callDetailSchema,
  changedBy: callChangedBySchema.nullable().optional(),
});

/** The conflict a failed write reports, or null for any other failure. */
export function callConflict(error: unknown): CallConflict | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'CONFLICT') return null;
  const details = conflictDetailsSchema.safeParse(error.details);
  if (!details.success) return null;
  return { call: details.data.call, changedBy: details.data.changedBy ?? null };
}
