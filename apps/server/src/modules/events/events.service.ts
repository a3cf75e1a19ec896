// Live updates (docs/live-updates.md): opening a caller's event stream, their tab's presence on a
// call, and who has a call open.
import type { CallViewersResponse, SetPresenceBody } from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import {
  ONE_SNAPSHOT,
  requireOrganisation,
  withTenant,
  type AccessClaims,
  type Tx,
} from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import {
  callVisibility,
  deleteOwnPresence,
  deleteStalePresence,
  selectCallViewers,
  upsertPresence,
} from './events.queries.ts';
import type { LiveHub } from './live-hub.ts';

/**
 * A stream of the caller's organisation's events. The organisation is read once, here; the hub
 * ends the stream when the session ends or the membership changes, and the client reconnects.
 */
export async function streamEvents(db: Db, claims: AccessClaims, hub: LiveHub): Promise<Response> {
  const organisationId = await withTenant(db, claims, (_tx, principal) =>
    Promise.resolve(requireOrganisation(principal)),
  );
  return hub.open({ ...claims, organisationId });
}

/** The product's 404/403 unless the organisation has the call. */
async function requireVisibleCall(tx: Tx, organisationId: string, callId: string) {
  const visibility = await callVisibility(tx, organisationId, callId);
  if (visibility === 'missing') throw AppError.callNotFound();
  if (visibility === 'invisible') throw AppError.callNotAccessible();
}

/**
 * Records which call the stream's tab has open (null: none). Who it is comes from the verified
 * session, never from the body. The row is written on the owner connection (tenant statements
 * never write presence), after the call was found visible through withTenant.
 */
export async function setPresence(
  db: Db,
  claims: AccessClaims,
  body: SetPresenceBody,
): Promise<void> {
  const organisationId = await withTenant(db, claims, async (tx, principal) => {
    const organisation = requireOrganisation(principal);
    if (body.callId !== null) await requireVisibleCall(tx, organisation, body.callId);
    return organisation;
  });
  if (body.callId === null) {
    await deleteOwnPresence(db, body.streamId, claims.userId);
  } else {
    const recorded = await upsertPresence(db, {
      ...claims,
      organisationId,
      streamId: body.streamId,
      callId: body.callId,
    });
    if (!recorded) throw AppError.notFound('No such stream.');
  }
  // Rows of streams whose server went away without deleting them.
  await deleteStalePresence(db);
}

export async function listCallViewers(
  db: Db,
  claims: AccessClaims,
  callId: string,
): Promise<CallViewersResponse> {
  return withTenant(
    db,
    claims,
    async (tx, principal) => {
      const organisationId = requireOrganisation(principal);
      await requireVisibleCall(tx, organisationId, callId);
      return { viewers: await selectCallViewers(tx, organisationId, callId) };
    },
    ONE_SNAPSHOT,
  );
}
