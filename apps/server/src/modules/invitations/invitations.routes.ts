// /join's API. The preview and the sign-up are public (the link is the credential); accepting as
// a signed-in user needs the access token like every other product call.
import { joinSignUpBodySchema } from '@callboard/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../http/api-env.ts';
import { jsonBody, parseInput } from '../../http/validation.ts';
import type { MailQueue } from '../../lib/mail-queue.ts';
import type { Auth } from '../auth/auth.ts';
import {
  acceptInvitationAsUser,
  previewInvitation,
  signUpWithInvitation,
} from './invitations.service.ts';

const tokenParam = z.object({
  token: z.string().min(20, 'is not a valid invitation token').max(200),
});

export function publicInvitationRoutes(deps: {
  db: Db;
  mail: MailQueue;
  appUrl: string;
  auth: Auth;
}) {
  return new Hono()
    .get('/invitations/:token', async (c) => {
      const { token } = parseInput(tokenParam, c.req.param());
      return c.json(await previewInvitation(deps.db, token));
    })
    .post('/invitations/:token/sign-up', async (c) => {
      const { token } = parseInput(tokenParam, c.req.param());
      const body = parseInput(joinSignUpBodySchema, await jsonBody(c));
      return c.json(await signUpWithInvitation(deps, token, body), 201);
    });
}

export const invitationRoutes = new Hono<ApiEnv>().post('/invitations/:token/accept', async (c) => {
  const { token } = parseInput(tokenParam, c.req.param());
  await acceptInvitationAsUser(c.var.db, c.var.claims, token);
  return c.body(null, 204);
});
