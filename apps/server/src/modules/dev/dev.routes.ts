// Development and test only: the mail that would have been sent. Never mounted in production, and
// even then it answers only a client on this machine: the outbox holds live password-reset and
// invitation links, so anyone who could read it could take any account. A request that came through
// a proxy (it carries forwarding headers) is refused too, since a proxy on this machine would make
// every visitor look local. docs/security.md.
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { AppError } from '../../http/errors.ts';
import type { MailQueue } from '../../lib/mail-queue.ts';
import type { Mailer } from '../../lib/mailer.ts';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'via'];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/u.test(plain);
}

function isLocalClient(c: Context): boolean {
  // In-process requests (app.request in tests) have no socket, hence no address: not local.
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (!incoming) return false;
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  return isLoopbackAddress(getConnInfo(c).remote.address);
}

const localClientsOnly: MiddlewareHandler = async (c, next) => {
  // The same answer as any unknown API path: a remote client learns nothing.
  if (!isLocalClient(c)) throw AppError.notFound('No such API endpoint.');
  await next();
};

export function devRoutes(mailer: Mailer, mail: MailQueue) {
  return new Hono().use('*', localClientsOnly).get('/outbox', async (c) => {
    // Mail leaves after its transaction commits; what is on its way arrives before this answers.
    await mail.deliverDue();
    const to = c.req.query('to')?.toLowerCase();
    const messages = (mailer.outbox ?? []).filter((m) => !to || m.to.toLowerCase() === to);
    return c.json({ messages });
  });
}
