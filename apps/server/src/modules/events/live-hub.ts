// The live-update hub: one per server process (docs/live-updates.md). It holds this process's
// event streams in memory, listens once on the database channel `callboard_events` (which the
// triggers in db/sql/functions/events_*.sql notify on commit), and passes each event to the
// streams allowed to see it. One interval sends every stream its heartbeat and re-checks, in one
// query, that each stream's session is still live and its user still in the organisation.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ACTIVITY_TYPES, LIVE_TIMING, type LiveEvent } from '@callboard/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { unavailableCause } from '../../db/unavailable.ts';
import {
  deletePresence,
  ownerKey,
  selectLiveOwners,
  touchPresence,
  type StreamOwner,
} from './events.queries.ts';

/** The channel the triggers notify. */
export const EVENTS_CHANNEL = 'callboard_events';

/**
 * Events queued for a stream whose client does not read them: past this, the stream is ended (the
 * client reconnects and refetches) rather than kept growing in memory.
 */
const MAX_QUEUED_EVENTS = 1_000;

const uuid = z.string();
/** What the triggers send (db/sql/functions/events_*.sql); organisation ids are for routing only. */
const notificationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('calls.created'), organisationId: uuid, count: z.number() }),
  z.object({
    type: z.literal('call.changed'),
    organisationId: uuid,
    callId: z.string(),
    version: z.number(),
  }),
  z.object({
    type: z.literal('call.activity'),
    organisationId: uuid,
    callId: z.string(),
    activityId: uuid,
    activityType: z.enum(ACTIVITY_TYPES),
    actorId: uuid.nullable(),
  }),
  z.object({
    type: z.literal('notification'),
    organisationId: uuid,
    userId: uuid,
    notificationId: uuid,
  }),
  z.object({
    type: z.literal('member.changed'),
    userId: uuid,
    organisationId: uuid.nullable(),
    previousOrganisationId: uuid.nullable(),
  }),
  z.object({ type: z.literal('session.ended'), sessionId: uuid, userId: uuid }),
  z.object({ type: z.literal('presence.changed'), organisationId: uuid, callId: z.string() }),
]);
type Notification = z.infer<typeof notificationSchema>;

interface LiveStream extends StreamOwner {
  id: string;
  controller: ReadableStreamDefaultController<Uint8Array>;
  open: boolean;
}

export interface LiveHubOptions {
  database: Pick<Database, 'db' | 'listen'>;
  logger: Logger;
  /** The heartbeat and re-check interval; the product's 30 s unless a test says otherwise. */
  heartbeatMs?: number;
}

export type LiveHub = ReturnType<typeof createLiveHub>;

const encoder = new TextEncoder();

/** One server-sent event: its type, and the event itself (type included) as JSON. */
function frame(event: LiveEvent): Uint8Array {
  return encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}
const HEARTBEAT = frame({ type: 'heartbeat' });

/**
 * When the server stops, each stream is told to reconnect after a random wait below this (the SSE
 * `retry` field), so that a replica's clients do not all arrive at the others at once.
 */
export const STOP_RECONNECT_SPREAD_MS = 1_000;

/** The SSE field that sets how long the client waits before it reconnects. */
function retryFrame(ms: number): Uint8Array {
  return encoder.encode(`retry: ${Math.max(0, Math.round(ms))}\n\n`);
}

export function createLiveHub(options: LiveHubOptions) {
  const { database, logger } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_TIMING.heartbeatMs;
  const streams = new Set<LiveStream>();
  const byOrganisation = new Map<string, Set<LiveStream>>();
  const byUser = new Map<string, Set<LiveStream>>();
  let unlisten: (() => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let accepting = false;
  /** Presence deletions of ended streams still running; stop() waits for them. */
  const cleanups = new Set<Promise<void>>();

  const index = (map: Map<string, Set<LiveStream>>, key: string) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    return set;
  };
  const unindex = (map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream) => {
    const set = map.get(key);
    set?.delete(stream);
    if (set?.size === 0) map.delete(key);
  };

  function forget(stream: LiveStream): boolean {
    if (!stream.open) return false;
    stream.open = false;
    streams.delete(stream);
    unindex(byOrganisation, stream.organisationId, stream);
    unindex(byUser, stream.userId, stream);
    return true;
  }

  function cleanUp(streamIds: string[]) {
    const running = deletePresence(database.db, streamIds).catch((error: unknown) => {
      logger.warn({ err: error }, 'could not delete the presence of ended streams');
    });
    cleanups.add(running);
    void running.finally(() => cleanups.delete(running));
  }

  /** Ends streams from the server's side: their clients reconnect. */
  function end(ending: Iterable<LiveStream>) {
    const ended: string[] = [];
    for (const stream of [...ending]) {
      if (!forget(stream)) continue;
      ended.push(stream.id);
      try {
        stream.controller.close();
      } catch {
        // already closed by the client
      }
    }
    if (ended.length > 0) cleanUp(ended);
  }

  function send(stream: LiveStream, bytes: Uint8Array) {
    if (!stream.open) return;
    const queued = stream.controller.desiredSize;
    if (queued !== null && queued < -MAX_QUEUED_EVENTS) {
      logger.warn({ streamId: stream.id }, 'ending a live stream whose client does not read');
      end([stream]);
      return;
    }
    try {
      stream.controller.enqueue(bytes);
    } catch {
      end([stream]);
    }
  }

  function sendAll(targets: Iterable<LiveStream> | undefined, event: LiveEvent) {
    if (!targets) return;
    const bytes = frame(event);
    for (const stream of [...targets]) send(stream, bytes);
  }

  function dispatch(notification: Notification) {
    switch (notification.type) {
      case 'calls.created':
      case 'call.changed':
      case 'call.activity':
      case 'presence.changed': {
        // The organisation routes the event and is not part of it; the schema above has already
        // dropped any field the client is not meant to see.
        const { organisationId, ...event } = notification;
        sendAll(byOrganisation.get(organisationId), event);
        return;
      }
      case 'notification':
        sendAll(
          [...(byUser.get(notification.userId) ?? [])].filter(
            (stream) => stream.organisationId === notification.organisationId,
          ),
          { type: 'notification', notificationId: notification.notificationId },
        );
        return;
      case 'member.changed': {
        // The user's streams end, so that they reconnect with what they may see now (a removed
        // member is refused); both organisations' people lists changed.
        end(byUser.get(notification.userId) ?? []);
        for (const organisationId of new Set([
          notification.organisationId,
          notification.previousOrganisationId,
        ])) {
          if (organisationId) {
            sendAll(byOrganisation.get(organisationId), { type: 'members.changed' });
          }
        }
        return;
      }
      case 'session.ended':
        end(
          [...(byUser.get(notification.userId) ?? [])].filter(
            (stream) => stream.sessionId === notification.sessionId,
          ),
        );
        return;
    }
  }

  function onNotification(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      logger.warn('a live-update notification that is not JSON');
      return;
    }
    const notification = notificationSchema.safeParse(parsed);
    if (!notification.success) {
      logger.warn({ type: (parsed as { type?: unknown }).type }, 'an unknown live-update event');
      return;
    }
    dispatch(notification.data);
  }

  /**
   * Heartbeat to every stream, then one query re-checks them all (sessions expired or signed out
   * and memberships changed, in case a notification was missed) and one refreshes their presence.
   */
  async function runTick(): Promise<void> {
    for (const stream of [...streams]) send(stream, HEARTBEAT);
    if (streams.size === 0) return;
    const checked = [...streams];
    const live = await selectLiveOwners(database.db, distinctOwners(checked));
    end(checked.filter((stream) => !live.has(ownerKey(stream.sessionId, stream.organisationId))));
    await touchPresence(
      database.db,
      [...streams].map((stream) => stream.id),
    );
  }

  function tick(): Promise<void> {
    ticking ??= runTick()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'live-update heartbeat failed');
      })
      .finally(() => {
        ticking = null;
      });
    return ticking;
  }

  return {
    /** Starts listening and the heartbeat; streams may open once it resolves. */
    async start(): Promise<void> {
      if (accepting) return;
      unlisten = await database.listen(EVENTS_CHANNEL, {
        onNotification,
        onReconnect: () => {
          // Notifications were lost while the listener was away: every client reconnects and
          // refetches.
          logger.warn({ streams: streams.size }, 'live-update listener reconnected');
          end(streams);
        },
        onError: (error) => {
          // During a database outage this repeats every few seconds: expected, so a warning.
          const cause = unavailableCause(error);
          if (cause)
            logger.warn({ cause }, 'live-update listener cannot reach the database; retrying');
          else logger.error({ err: error }, 'live-update listener failed; retrying');
        },
      });
      timer = setInterval(() => void tick(), heartbeatMs);
      timer.unref();
      accepting = true;
    },

    /**
     * Ends every stream (so the HTTP server can close) and stops listening. Each stream is first
     * sent a `retry` field: its client reconnects within STOP_RECONNECT_SPREAD_MS, to a replica
     * that is still running.
     */
    async stop(): Promise<void> {
      accepting = false;
      if (timer) clearInterval(timer);
      timer = null;
      for (const stream of [...streams]) {
        send(stream, retryFrame(Math.random() * STOP_RECONNECT_SPREAD_MS));
      }
      end(streams);
      await ticking;
      await Promise.all([...cleanups]);
      const stopListening = unlisten;
      unlisten = null;
      await stopListening?.();
    },

    /** A new stream for a verified caller: the Response to answer with. */
    open(owner: StreamOwner): Response {
      // Stopped: this process is shutting down; the client retries (on another replica).
      if (!accepting) throw AppError.unavailable();
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start: (created) => {
          controller = created;
        },
        // The client went away.
        cancel: () => {
          if (forget(stream)) cleanUp([stream.id]);
        },
      });
      if (!controller) throw new Error('ReadableStream did not start');
      const stream: LiveStream = { ...owner, id: randomUUID(), controller, open: true };
      streams.add(stream);
      index(byOrganisation, stream.organisationId).add(stream);
      index(byUser, stream.userId).add(stream);
      send(stream, frame({ type: 'ready', streamId: stream.id }));
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'text/event-stream; charset=utf-8',
          // Nothing between here and the browser may keep or hold back the bytes.
          'Cache-Control': 'no-store, no-transform',
          'X-Accel-Buffering': 'no',
        },
      });
    },

    /** Runs the heartbeat and re-check now (the interval calls it; tests may too). */
    tick,

    /** Open streams on this process. */
    get size() {
      return streams.size;
    },
  };
}

function distinctOwners(streams: LiveStream[]): StreamOwner[] {
  const owners = new Map<string, StreamOwner>();
  for (const { sessionId, userId, organisationId } of streams) {
    owners.set(ownerKey(sessionId, organisationId), { sessionId, userId, organisationId });
  }
  return [...owners.values()];
}
