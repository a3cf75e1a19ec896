// Sessions you can see and end (docs/security.md, "Sessions"): the profile lists the user's live
// sessions and signs out any one of them, or all but this one.
import {
  sessionDeviceTypeSchema,
  type EndedSessions,
  type OwnSession,
  type OwnSessionList,
} from '@callboard/contract';
import Bowser from 'bowser';
import { isoTimestamp, type Db } from '../../db/client.ts';
import { ONE_SNAPSHOT, withTenant, type AccessClaims } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { endOwnSessions, selectOwnSessions, type OwnSessionRow } from './sessions.queries.ts';

/**
 * What a session's user-agent says of its device, parsed once: a label such as "Firefox on
 * Windows" or "Safari on iOS" (the browser or the system alone when only one is known), and
 * whether it is a desktop, mobile or tablet (null for anything else, such as a TV or a bot).
 */
function describeDevice(userAgent: string | null): Pick<OwnSession, 'device' | 'device_type'> {
  if (!userAgent) return { device: null, device_type: null };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  return {
    device: browser && system ? `${browser} on ${system}` : (browser ?? system ?? null),
    device_type: sessionDeviceTypeSchema.safeParse(parsed.platform.type).data ?? null,
  };
}

export const deviceLabel = (userAgent: string | null) => describeDevice(userAgent).device;

function ownSession(row: OwnSessionRow): OwnSession {
  return {
    id: row.id,
    created_at: isoTimestamp(row.created_at),
    last_active_at: isoTimestamp(row.last_active_at),
    expires_at: isoTimestamp(row.expires_at),
    ip_address: row.ip_address,
    ...describeDevice(row.user_agent),
    current: row.current,
  };
}

export async function listOwnSessions(db: Db, claims: AccessClaims): Promise<OwnSessionList> {
  const rows = await withTenant(db, claims, (tx) => selectOwnSessions(tx), ONE_SNAPSHOT);
  return { sessions: rows.map(ownSession) };
}

/** Signs one session out: its next API request is refused and its event streams end. */
export async function endOwnSession(db: Db, claims: AccessClaims, sessionId: string) {
  const ended = await withTenant(db, claims, (tx) => endOwnSessions(tx, sessionId));
  if (ended === null) throw AppError.unauthenticated();
  if (ended === 0) throw AppError.notFound('No such session: it may have ended already.');
}

/** "Sign out everywhere else": every live session of the user but the one asking. */
export async function endOtherOwnSessions(db: Db, claims: AccessClaims): Promise<EndedSessions> {
  const ended = await withTenant(db, claims, (tx) => endOwnSessions(tx, null));
  if (ended === null) throw AppError.unauthenticated();
  return { ended };
}
