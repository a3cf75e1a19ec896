// Graceful shutdown on SIGTERM/SIGINT (docs/operations.md, "Shutdown and rolling deploys";
// docs/decisions/0022-start-up-lock-and-graceful-shutdown.md). In order:
//   1. draining: /readyz answers 503 and every response says `Connection: close` (createApp),
//      while the listener still accepts, for SHUTDOWN_DRAIN_MS, so that a load balancer takes
//      the replica out before it stops accepting;
//   2. the listener closes and idle keep-alive connections with it; event streams end, telling
//      their clients to reconnect (to another replica); requests in flight finish, and each
//      connection closes once its response is out — never in the middle of a request;
//   3. the mail outbox's running pass finishes, then the database closes: exit 0.
// Past SHUTDOWN_GRACE_MS (from the signal) the remaining connections are cut: exit 1.
import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * How long an idle keep-alive connection is kept: longer than load balancers keep theirs (60 s at
 * most, usually), so the balancer closes an idle connection first and never sends a request on
 * one the server is closing at that moment. Node's own default is 5 s.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Whether this process has begun to shut down; createApp's /readyz reads it. */
export interface ShutdownState {
  stopping: boolean;
}

export interface ShutdownOptions {
  server: Server;
  state: ShutdownState;
  /** Ends the event streams (with a reconnect hint) and stops listening. */
  live: { stop: () => Promise<void> };
  mail: { stop: () => Promise<void> };
  database: { close: () => Promise<void> };
  logger: Logger;
  drainMs: number;
  graceMs: number;
}

/**
 * Prepares `server` (its keep-alive timeout, and closing connections once idle) for a graceful
 * shutdown and returns the function that performs it, which resolves to the exit code. Call it
 * once per process.
 */
export function gracefulShutdown(options: ShutdownOptions): (reason: string) => Promise<number> {
  const { server, state, logger } = options;
  let listenerClosed = false;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  // While stopping, every answer that has not started says `Connection: close` (createApp), so
  // its connection closes after it. One already under way (an event stream, a long export) could
  // not say so: once the listener is closed, its connection is closed as soon as it is idle.
  server.on('request', (_request, response) => {
    response.once('finish', () => {
      if (listenerClosed) setImmediate(() => server.closeIdleConnections());
    });
  });

  return async (reason) => {
    const started = performance.now();
    state.stopping = true;
    logger.info(
      { reason, drainMs: options.drainMs, graceMs: options.graceMs },
      'shutting down: draining',
    );
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<number>((resolve) => {
      graceTimer = setTimeout(() => {
        logger.warn(
          { graceMs: options.graceMs },
          'shutdown grace period over: cutting the connections still open',
        );
        server.closeAllConnections();
        resolve(1);
      }, options.graceMs);
    });
    const orderly = async (): Promise<number> => {
      if (options.drainMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      }
      const closed = new Promise<void>((resolve) => {
        // Stops accepting and closes the connections idle now (Node ≥ 19); resolves once every
        // connection has closed.
        server.close(() => resolve());
      });
      listenerClosed = true;
      await options.live.stop();
      await closed;
      await options.mail.stop();
      await options.database.close();
      return 0;
    };
    const code = await Promise.race([orderly(), graceOver]);
    clearTimeout(graceTimer);
    logger.info({ reason, ms: Math.round(performance.now() - started), code }, 'shut down');
    return code;
  };
}
