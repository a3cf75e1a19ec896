// /join's API. The preview and the sign-up are public (the link is the credential); accepting as
// a signed-in user needs the access token like every other product call.
import { z } from 'zod';
import { invitationPreviewSchema, joinSignUpBodySchema } from '../admin.ts';
import { defineRoute } from '../route.ts';
import { invitationLink, signedIn } from './common.ts';

const tokenParams = z.object({
  token: z.string().min(20, 'is not a valid invitation token').max(200),
});

export const getInvitationPreviewRoute = defineRoute({
  operationId: 'getInvitationPreview',
  method: 'get',
  base: '/api/v1',
  path: '/invitations/{token}',
  summary: 'What an invitation link offers (public)',
  auth: 'public',
  params: tokenParams,
  response: { status: 200, description: 'The invitation', schema: invitationPreviewSchema },
  errors: invitationLink,
});

export const signUpWithInvitationRoute = defineRoute({
  operationId: 'signUpWithInvitation',
  method: 'post',
  base: '/api/v1',
  path: '/invitations/{token}/sign-up',
  summary: 'Create the account for the invited address and join (public); then sign in',
  auth: 'public',
  params: tokenParams,
  body: joinSignUpBodySchema,
  response: {
    status: 201,
    description: 'The new account’s email address',
    schema: z.object({ email: z.string() }),
  },
  errors: {
    ...invitationLink,
    400: 'An input is invalid (error.fields names each), or the password is weak (error.reasons lists why)',
    409: 'Account exists: sign in to accept',
  },
});

export const acceptInvitationRoute = defineRoute({
  operationId: 'acceptInvitation',
  method: 'post',
  base: '/api/v1',
  path: '/invitations/{token}/accept',
  summary: 'Join with the invitation as the signed-in user',
  auth: 'bearer',
  params: tokenParams,
  response: { status: 204, description: 'Joined' },
  errors: {
    ...invitationLink,
    ...signedIn,
    403: 'The invitation is for another address',
    409: 'Already in an organisation',
  },
});
