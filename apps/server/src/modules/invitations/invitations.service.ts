// Invitations: how people join an organisation (one organisation per user). Admins issue,
// resend and revoke them; the /join page previews one and accepts it, for a signed-in user with
// the invited address or by creating the account. Tokens are single-use and stored as hashes.
import {
  INVITATION_LIFETIME_DAYS,
  type CreateInvitationBody,
  type Invitation,
  type InvitationPreview,
  type SentInvitation,
} from '@callboard/contract';
import { eq } from 'drizzle-orm';
import { isoTimestamp, type Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { requireAdmin, withTenant, type AccessClaims, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import type { MailQueue } from '../../lib/mail-queue.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import type { Auth } from '../auth/auth.ts';
import { passwordProblems } from '../auth/password-rules.ts';
import { discardUnverifiedAccount } from '../auth/sign-up.ts';
import { invitationMail } from './invitation-mail.ts';
import { hashInvitationToken, newInvitationToken } from './invitation-token.ts';
import {
  acceptInvitation,
  acceptInvitationAs,
  accountExistsFor,
  belongsToAnotherOrganisation,
  findInvitationByTokenHash,
  findOpenInvitation,
  findOrganisationName,
  findPendingInvitationFor,
  findProfileName,
  insertInvitation,
  isMemberEmail,
  renewInvitation,
  revokeInvitation,
  selectOpenInvitations,
  type InvitationByToken,
} from './invitations.queries.ts';

export interface InvitationDeps {
  db: Db;
  /** Invitation mail is written in the invitation's transaction and leaves after it commits. */
  mail: MailQueue;
  appUrl: string;
}

const DAY_MS = 86_400_000;

function toInvitation(row: {
  id: string;
  email: string;
  role: 'admin' | 'member';
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
}): Invitation {
  return {
    ...row,
    created_at: isoTimestamp(row.created_at),
    expires_at: isoTimestamp(row.expires_at),
    status: row.expires_at.getTime() > Date.now() ? 'pending' : 'expired',
  };
}

async function sendInvitation(
  deps: InvitationDeps,
  tx: Tx,
  invitation: { email: string; role: 'admin' | 'member'; expires_at: Date },
  organisationId: string,
  inviterId: string,
  token: string,
): Promise<string> {
  const link = invitationLink(deps, token);
  await deps.mail.enqueue(
    tx,
    invitationMail({
      to: invitation.email,
      organisationName: (await findOrganisationName(tx, organisationId)) ?? 'your organisation',
      invitedBy: await findProfileName(tx, inviterId),
      role: invitation.role,
      link,
      expiresAt: invitation.expires_at,
    }),
  );
  return link;
}

/** The /join link that carries an invitation's token. */
function invitationLink(deps: Pick<InvitationDeps, 'appUrl'>, token: string): string {
  return `${deps.appUrl}/join?token=${encodeURIComponent(token)}`;
}

/**
 * Issues an invitation within an organisation; the caller's transaction decides who may. The
 * answer carries the link, which exists only now (the token is stored as a hash).
 */
export async function issueInvitation(
  deps: InvitationDeps,
  tx: Tx,
  input: { organisationId: string; inviterId: string; email: string; role: 'admin' | 'member' },
): Promise<SentInvitation> {
  const { token, hash } = newInvitationToken();
  const row = await insertInvitation(tx, {
    organisation_id: input.organisationId,
    email: input.email,
    role: input.role,
    token_hash: hash,
    invited_by: input.inviterId,
    expires_at: new Date(Date.now() + INVITATION_LIFETIME_DAYS * DAY_MS),
  });
  await recordAudit(tx, {
    organisation_id: input.organisationId,
    actor_id: input.inviterId,
    action: 'invitation.created',
    target: input.email,
    details: { role: input.role },
  });
  const link = await sendInvitation(deps, tx, row, input.organisationId, input.inviterId, token);
  return { ...toInvitation(row), link };
}

export async function listInvitations(
  deps: InvitationDeps,
  claims: AccessClaims,
): Promise<Invitation[]> {
  return withTenant(deps.db, claims, async (tx, principal) =>
    (await selectOpenInvitations(tx, requireAdmin(principal))).map(toInvitation),
  );
}

/** Refuses an address that is already a member, or already has a pending invitation. */
async function assertInvitable(tx: Tx, organisationId: string, email: string): Promise<void> {
  if (await isMemberEmail(tx, organisationId, email)) {
    throw new AppError('CONFLICT', `${email} is already a member of your organisation.`);
  }
  if (await findPendingInvitationFor(tx, organisationId, email)) {
    throw new AppError('CONFLICT', `${email} already has a pending invitation. Resend it instead.`);
  }
}

/**
 * One account belongs to one organisation, and nobody leaves one on their own: a person in
 * another organisation can accept only after an admin of theirs removes them. The inviting admin
 * is told so before anything is sent, and may send anyway (`confirmOtherOrganisation`).
 */
export const INVITEE_HAS_ORGANISATION_MESSAGE =
  'This address already belongs to another organisation. They can join yours only after an admin of that organisation removes them from it.';

export async function createInvitation(
  deps: InvitationDeps,
  claims: AccessClaims,
  body: {
    email: string;
    role: CreateInvitationBody['role'] & ('admin' | 'member');
    confirmOtherOrganisation: boolean;
  },
): Promise<SentInvitation> {
  // First, as the caller: only an admin learns anything about the address.
  const organisationId = await withTenant(deps.db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    await assertInvitable(tx, organisationId, body.email);
    return organisationId;
  });
  // Other organisations' members are hidden from the caller's role (row-level security): this
  // one yes-or-no answer is read with the owner's connection, as the /join preview's are.
  if (
    !body.confirmOtherOrganisation &&
    (await deps.db.transaction((tx) =>
      belongsToAnotherOrganisation(tx, body.email, organisationId),
    ))
  ) {
    throw new AppError('INVITEE_HAS_ORGANISATION', INVITEE_HAS_ORGANISATION_MESSAGE);
  }
  const invitation = await withTenant(deps.db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    // Checked again: the address may have joined, or been invited, in between.
    await assertInvitable(tx, organisationId, body.email);
    return issueInvitation(deps, tx, {
      organisationId,
      inviterId: principal.userId,
      email: body.email,
      role: body.role,
    });
  });
  deps.mail.deliverSoon();
  return invitation;
}

/** A new link (the old one stops working) and a fresh 7 days. */
export async function resendInvitation(
  deps: InvitationDeps,
  claims: AccessClaims,
  id: string,
): Promise<SentInvitation> {
  const resent = await withTenant(deps.db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const invitation = await findOpenInvitation(tx, organisationId, id);
    if (!invitation) throw AppError.notFound('No such pending invitation.');
    const { token, hash } = newInvitationToken();
    const renewed = await renewInvitation(
      tx,
      id,
      hash,
      new Date(Date.now() + INVITATION_LIFETIME_DAYS * DAY_MS),
    );
    if (!renewed) throw AppError.notFound('No such pending invitation.');
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'invitation.resent',
      target: renewed.email,
    });
    const link = await sendInvitation(deps, tx, renewed, organisationId, principal.userId, token);
    return { ...toInvitation(renewed), link };
  });
  deps.mail.deliverSoon();
  return resent;
}

export async function withdrawInvitation(
  deps: InvitationDeps,
  claims: AccessClaims,
  id: string,
): Promise<void> {
  await withTenant(deps.db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const invitation = await findOpenInvitation(tx, organisationId, id);
    if (!invitation) throw AppError.notFound('No such pending invitation.');
    await revokeInvitation(tx, id);
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'invitation.revoked',
      target: invitation.email,
    });
  });
}

/** The reason an invitation cannot be used, as the person holding the link should read it. */
export function invitationProblem(outcome: string): AppError | null {
  switch (outcome) {
    case 'ok':
      return null;
    case 'unknown':
      return new AppError(
        'NOT_FOUND',
        'This invitation link is not valid. Check that you copied all of it.',
      );
    case 'expired':
      return new AppError(
        'INVITATION_EXPIRED',
        'This invitation has expired. Ask your admin to send a new one.',
      );
    case 'revoked':
      return new AppError(
        'INVITATION_REVOKED',
        'This invitation was withdrawn. Ask your admin if you still need access.',
      );
    case 'used':
      return new AppError(
        'INVITATION_USED',
        'This invitation has already been used. Sign in instead.',
      );
    case 'wrong_email':
      return new AppError(
        'FORBIDDEN',
        'This invitation is for another email address. Sign in with the invited address.',
      );
    case 'has_organisation':
      return new AppError(
        'CONFLICT',
        'You already belong to an organisation. Each account belongs to one organisation.',
      );
    default:
      return new AppError('NOT_FOUND', 'This invitation link is not valid.');
  }
}

/** Throws the reason an invitation found by its token cannot be used, if there is one. */
function assertUsable(
  invitation: InvitationByToken | null,
): asserts invitation is InvitationByToken {
  const state = !invitation
    ? 'unknown'
    : invitation.accepted_at
      ? 'used'
      : invitation.revoked_at
        ? 'revoked'
        : new Date(invitation.expires_at).getTime() <= Date.now()
          ? 'expired'
          : 'ok';
  const problem = invitationProblem(state);
  if (problem) throw problem;
}

/** GET /invitations/{token}: public, for the person holding the link. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  return db.transaction(async (tx) => {
    const invitation = await findInvitationByTokenHash(tx, hashInvitationToken(token));
    assertUsable(invitation);
    return {
      email: invitation.email,
      role: invitation.role,
      organisation: { name: invitation.organisation_name },
      invitedBy: invitation.invited_by_name,
      expiresAt: isoTimestamp(invitation.expires_at),
      accountExists: await accountExistsFor(tx, invitation.email),
    };
  });
}

/** The signed-in user joins with the invitation (their address must be the invited one). */
export async function acceptInvitationAsUser(
  db: Db,
  claims: AccessClaims,
  token: string,
): Promise<void> {
  await withTenant(db, claims, async (tx) => {
    const problem = invitationProblem(await acceptInvitation(tx, hashInvitationToken(token)));
    if (problem) throw problem;
  });
}

/**
 * Creates the account for the invited address and joins it to the organisation; the browser
 * then signs in with the new password. Public: holding the link is the proof of the address.
 */
export async function signUpWithInvitation(
  deps: InvitationDeps & { auth: Auth },
  token: string,
  body: { first_name: string; last_name: string; password: string },
): Promise<{ email: string }> {
  const tokenHash = hashInvitationToken(token);
  const invitation = await deps.db.transaction((tx) => findInvitationByTokenHash(tx, tokenHash));
  assertUsable(invitation);
  const name = `${body.first_name} ${body.last_name}`;
  const reasons = await passwordProblems(body.password, { email: invitation.email, name });
  if (reasons.length > 0) {
    throw AppError.weakPassword(reasons);
  }
  const accountTaken = () =>
    new AppError(
      'CONFLICT',
      'An account already exists for this address. Sign in to accept the invitation.',
    );
  if (await deps.db.transaction((tx) => accountExistsFor(tx, invitation.email)))
    throw accountTaken();
  await discardUnverifiedAccount(deps.db, invitation.email);

  const context = await deps.auth.$context;
  let userId: string;
  try {
    const user = await context.internalAdapter.createUser(
      { email: invitation.email, name, emailVerified: true },
      { method: 'invitation' },
    );
    userId = user.id;
    await context.internalAdapter.linkAccount({
      userId,
      providerId: 'credential',
      accountId: userId,
      password: await context.password.hash(body.password),
    });
  } catch (error) {
    if (await deps.db.transaction((tx) => accountExistsFor(tx, invitation.email)))
      throw accountTaken();
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ first_name: body.first_name, last_name: body.last_name })
      .where(eq(profiles.id, userId));
    const outcome = invitationProblem(await acceptInvitationAs(tx, tokenHash, userId));
    if (outcome) throw outcome;
  });
  return { email: invitation.email };
}
