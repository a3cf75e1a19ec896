// Development and test only: the mail that would have been sent. Never mounted in production.
import { Hono } from 'hono';
import type { Mailer } from '../../lib/mailer.ts';

export function devRoutes(mailer: Mailer) {
  return new Hono().get('/outbox', (c) => {
    const to = c.req.query('to')?.toLowerCase();
    const messages = (mailer.outbox ?? []).filter((m) => !to || m.to.toLowerCase() === to);
    return c.json({ messages });
  });
}
