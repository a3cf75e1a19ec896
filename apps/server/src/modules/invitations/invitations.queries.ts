import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { invitations, organisations, profiles } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  invited_by: invitations.invited_by,
  created_at: invitations.created_at,
  expires_at: invitations.expires_at,
};

/** Invitations not yet accepted or revoked (expired ones too, so they can be resent). */
export async function selectOpenInvitations(tx: Tx, organisationId: string) {
  return tx
    .select(invitationColumns)
    .from(invitations)
    .where(
      and(
        eq(invitations.organisation_id, organisationId),
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
      ),
    )
    .orderBy(asc(invitations.created_at));
}

export async function findOpenInvitation(tx: Tx, organisationId: string, id: string) {
  const [row] = await tx
    .select(invitationColumns)
    .from(invitations)
    .where(
      and(
        eq(invitations.organisation_id, organisationId),
        eq(invitations.id, id),
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function findPendingInvitationFor(tx: Tx, organisationId: string, email: string) {
  const [row] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.organisation_id, organisationId),
        sql`lower(${invitations.email}) = ${email}`,
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
        sql`${invitations.expires_at} > now()`,
      ),
    );
  return row ?? null;
}

export async function isMemberEmail(tx: Tx, organisationId: string, email: string) {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(eq(profiles.organisation_id, organisationId), sql`lower(${profiles.email}) = ${email}`),
    );
  return row !== undefined;
}

export async function insertInvitation(tx: Tx, values: typeof invitations.$inferInsert) {
  const [row] = await tx.insert(invitations).values(values).returning(invitationColumns);
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

export async function renewInvitation(tx: Tx, id: string, tokenHash: string, expiresAt: Date) {
  const [row] = await tx
    .update(invitations)
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where(eq(invitations.id, id))
    .returning(invitationColumns);
  return row ?? null;
}

export async function revokeInvitation(tx: Tx, id: string) {
  await tx.update(invitations).set({ revoked_at: new Date() }).where(eq(invitations.id, id));
}

export async function findOrganisationName(tx: Tx, organisationId: string) {
  const [row] = await tx
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.name ?? null;
}

export async function findProfileName(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ first_name: profiles.first_name, last_name: profiles.last_name })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ? `${row.first_name} ${row.last_name}`.trim() || null : null;
}

export interface InvitationByToken {
  id: string;
  organisation_id: string;
  organisation_name: string;
  email: string;
  role: 'admin' | 'member';
  invited_by_name: string | null;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  revoked_at: Date | string | null;
}

export async function findInvitationByTokenHash(tx: Tx, tokenHash: string) {
  const [row] = await queryRows<InvitationByToken>(
    tx,
    sql`select * from invitation_by_token_hash(${tokenHash})`,
  );
  return row ?? null;
}

/** Accepts an invitation for the transaction's session user (accept_invitation, migration 0010). */
export async function acceptInvitation(tx: Tx, tokenHash: string) {
  const [row] = await queryRows<{ outcome: string }>(
    tx,
    sql`select accept_invitation(${tokenHash}) as outcome`,
  );
  return row?.outcome ?? 'unknown';
}

/**
 * Accepts an invitation for a user the owner connection names: the sign-up path, which has just
 * created that user and has no session yet. accept_invitation_as is not granted to callboard_app.
 */
export async function acceptInvitationAs(
  tx: Pick<Tx, 'execute'>,
  tokenHash: string,
  userId: string,
) {
  const [row] = await queryRows<{ outcome: string }>(
    tx,
    sql`select accept_invitation_as(${tokenHash}, ${userId}::uuid) as outcome`,
  );
  return row?.outcome ?? 'unknown';
}

/**
 * Whether the address has an account that can sign in. One whose address was never verified (an
 * open sign-up nobody confirmed) does not count: the invitation proves the address, and replaces
 * it (sign-up.ts, discardUnverifiedAccount).
 */
export async function accountExistsFor(tx: Tx, email: string) {
  const [row] = await queryRows<{ exists: boolean }>(
    tx,
    sql`select exists (
          select 1 from users where lower(email) = ${email.toLowerCase()} and email_verified
        ) as exists`,
  );
  return row?.exists ?? false;
}

/**
 * Whether the address is a user's in an organisation other than `organisationId`. Row-level
 * security hides other organisations' profiles from the application role, so this runs on the
 * owner's connection, and answers yes or no only (invitations.service.ts, createInvitation).
 */
export async function belongsToAnotherOrganisation(
  tx: Tx,
  email: string,
  organisationId: string,
): Promise<boolean> {
  const [row] = await queryRows<{ exists: boolean }>(
    tx,
    sql`select exists (
      select 1 from profiles
      where lower(email) = ${email.toLowerCase()}
        and organisation_id is not null
        and organisation_id <> ${organisationId}::uuid
    ) as exists`,
  );
  return row?.exists ?? false;
}
