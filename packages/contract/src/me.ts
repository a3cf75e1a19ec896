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
  /**
   * Two-factor sign-in (docs/security.md, "Two-factor sign-in"): whether this user has it on, and
   * whether their organisation requires it. Required and off: the API answers only the profile's
   * own routes (TWO_FACTOR_REQUIRED) until it is set up.
   */
  two_factor: z.object({ enabled: z.boolean(), required: z.boolean() }),
});
export type Me = z.infer<typeof meSchema>;

/** The kind of device a session runs on, as its user-agent tells. */
export const sessionDeviceTypeSchema = z.enum(['desktop', 'mobile', 'tablet']);

/** One of the signed-in user's live sessions (GET /api/v1/me/sessions). */
export const ownSessionSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  /** When it last fetched an access token: a browser left open does so every few minutes. */
  last_active_at: z.string(),
  expires_at: z.string(),
  /** The address it signed in from, as the server saw it (behind trusted proxies: the client's). */
  ip_address: z.string().nullable(),
  /** "Chrome on macOS", from the browser's user-agent; null when it sent none. */
  device: z.string().nullable(),
  /** What kind of device, from the same: the list's icon; null when unknown. */
  device_type: sessionDeviceTypeSchema.nullable(),
  /** Whether this is the session asking. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const ownSessionListSchema = z.object({
  /** The session asking first, then the others, most recently active first. */
  sessions: z.array(ownSessionSchema),
});
export type OwnSessionList = z.infer<typeof ownSessionListSchema>;

export const ownSessionParamsSchema = z.object({
  sessionId: z.uuid({ message: 'must be a session id' }),
});

/** POST /api/v1/me/sessions/end-others: how many sessions ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().min(0) });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
