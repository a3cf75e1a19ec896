// /join's API. The preview and the sign-up are public (the link is the credential); accepting as
// a signed-in user needs the access token like every other product call.
import {
  acceptInvitationRoute,
  getInvitationPreviewRoute,
  signUpWithInvitationRoute,
} from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import { serve } from '../../http/routes.ts';
import type { MailQueue } from '../../lib/mail-queue.ts';
import type { Auth } from '../auth/auth.ts';
import {
  acceptInvitationAsUser,
  previewInvitation,
  signUpWithInvitation,
} from './invitations.service.ts';

export function publicInvitationRoutes(deps: {
  db: Db;
  mail: MailQueue;
  appUrl: string;
  auth: Auth;
}) {
  return [
    serve(getInvitationPreviewRoute, (_c, { params }) => previewInvitation(deps.db, params.token)),
    serve(signUpWithInvitationRoute, (_c, { params, body }) =>
      signUpWithInvitation(deps, params.token, body),
    ),
  ];
}

export const invitationRoutes = [
  serve(acceptInvitationRoute, (c, { params }) =>
    acceptInvitationAsUser(c.var.db, c.var.claims, params.token),
  ),
];
