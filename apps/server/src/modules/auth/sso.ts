// Single sign-on with an organisation's OpenID Connect provider (docs/security.md, "Single
// sign-on"; docs/decisions/0035-single-sign-on.md). better-auth's SSO plugin runs the protocol;
// this file holds Callboard's rules: who a provider may sign in, what a first sign-in makes of the
// account, and where a password is no longer enough.
import type { BetterAuthPlugin } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { SSOOptions } from '@better-auth/sso';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { recordIdentityEvent } from '../audit/audit.queries.ts';

/** The plugin's provider id of an organisation's identity provider (one per organisation). */
export function ssoProviderId(organisationId: string): string {
  return `org-${organisationId}`;
}

/** The part of an address after its last @, lower-cased ("" when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** The plugin stores a provider's domains as one comma-separated string. */
export function joinDomains(domains: readonly string[]): string {
  return domains.join(',');
}

function splitDomains(domain: string): string[] {
  return domain
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/** The provider that signs in the address's domain, or null (sso_domains decides). */
export async function ssoProviderForEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await queryRows<{ organisation_id: string }>(
    db,
    sql`select organisation_id from sso_domains where domain = ${emailDomain(email)}`,
  );
  return row ? ssoProviderId(row.organisation_id) : null;
}

/** Whether an organisation signs in the address's domain through its identity provider. */
export async function isSsoDomain(db: Db, email: string): Promise<boolean> {
  return (await ssoProviderForEmail(db, email)) !== null;
}

/**
 * Whether the account at the address must sign in through its organisation's identity provider:
 * it is a member of an organisation that requires single sign-on, and the address is at one of
 * that organisation's domains. Only members: a domain claimed by another organisation changes
 * nothing for them, and platform operators (in no organisation) keep their password, so that a
 * broken provider cannot lock everyone out.
 */
export async function ssoRequiredFor(db: Db, email: string): Promise<boolean> {
  const [row] = await queryRows<{ required: boolean }>(
    db,
    sql`select exists (
          select 1
          from profiles p
          join organisations o on o.id = p.organisation_id and o.require_sso
          join sso_domains d on d.organisation_id = o.id and d.domain = ${emailDomain(email)}
          where lower(p.email) = ${email.trim().toLowerCase()} and not p.is_super_admin
        ) as required`,
  );
  return row?.required ?? false;
}

export function ssoRequired(): APIError {
  return new APIError('FORBIDDEN', {
    code: 'SSO_REQUIRED',
    message:
      'Your organisation signs in with single sign-on: choose “Use single sign-on” on the sign-in page.',
  });
}

/**
 * Declares Callboard's profiles to better-auth, so that the SSO plugin's user resolution, which
 * runs inside better-auth's transaction, can read them through the adapter it is given (on the
 * embedded database a second connection would wait for that transaction forever).
 */
export const profilesModel = {
  id: 'callboard-profiles',
  schema: {
    profile: {
      modelName: 'profiles',
      fields: {
        email: { type: 'string', required: true, input: false },
        organisationId: { type: 'string', required: false, fieldName: 'organisation_id' },
        isSuperAdmin: { type: 'boolean', required: false, fieldName: 'is_super_admin' },
      },
    },
  },
} satisfies BetterAuthPlugin;

type ResolveUser = NonNullable<SSOOptions['resolveUser']>;

const reject = (code: string, message: string) => ({ action: 'reject' as const, code, message });

const notLinked = () =>
  reject(
    'sso_account_not_linked',
    'An account with this email address exists outside this organisation, so single sign-on cannot use it.',
  );

/**
 * Who an identity provider's verified answer signs in, decided inside the sign-in's transaction:
 * - the address must be one the provider says it verified (the claim from the same source as the
 *   address), at one of the organisation's domains;
 * - a subject the provider signed in before is that account, and only while its address is still
 *   the one asserted and it is still a member of this organisation;
 * - otherwise an existing account at the address is linked only if its address is verified and
 *   it is a member of this organisation already (a provider configured for a domain must not take
 *   over accounts elsewhere), and never a platform operator's;
 * - otherwise a new account is made (provisionSsoUser puts it in the organisation).
 */
export const resolveSsoUser: ResolveUser = async (input, { database }) => {
  if (input.protocol !== 'oidc') return reject('sso_unsupported', 'Only OpenID Connect is used.');
  const provider = await database.findOne<{ organizationId: string; domain: string }>({
    model: 'ssoProvider',
    where: [{ field: 'providerId', value: input.providerId }],
  });
  if (!provider) return reject('sso_unknown_provider', 'This identity provider is not set up.');
  const email = input.providerUser.email.trim().toLowerCase();
  if (!splitDomains(provider.domain).includes(emailDomain(email))) {
    return reject(
      'sso_domain_not_allowed',
      'Your organisation’s single sign-on does not cover this email address.',
    );
  }
  // providerClaims are the user info's when the provider has that endpoint, else the ID token's:
  // where the address came from.
  if (input.providerClaims.email_verified !== true) {
    return reject(
      'sso_email_not_verified',
      'Your identity provider has not verified this email address.',
    );
  }
  const linked = await database.findOne<{ userId: string }>({
    model: 'account',
    where: [
      { field: 'providerId', value: input.providerId },
      { field: 'accountId', value: input.accountKey.accountId },
    ],
  });
  const user = await database.findOne<{ id: string; email: string; emailVerified: boolean }>({
    model: 'user',
    where: linked ? [{ field: 'id', value: linked.userId }] : [{ field: 'email', value: email }],
  });
  if (!user) return linked ? notLinked() : { action: 'continue' };
  if (user.email.toLowerCase() !== email) {
    return reject(
      'sso_account_changed',
      'Your identity provider now gives another email address for you. Ask your organisation’s admin.',
    );
  }
  const profile = await database.findOne<{ organisationId: string | null; isSuperAdmin: boolean }>({
    model: 'profile',
    where: [{ field: 'id', value: user.id }],
  });
  if (!profile || profile.isSuperAdmin) return notLinked();
  const member = user.emailVerified && profile.organisationId === provider.organizationId;
  // A first sign-in through this provider whose provisioning did not finish: the account is the
  // provider's own, still unverified and in no organisation.
  const unfinished = Boolean(linked) && !user.emailVerified && profile.organisationId === null;
  if (!member && !unfinished) return notLinked();
  return { action: 'link', userId: user.id, profile: 'preserve' };
};

/**
 * After a sign-in through an organisation's provider has committed (resolveSsoUser allowed it):
 * a new account's address is verified (by the provider) and it joins the organisation as a
 * member; every sign-in goes into the organisation's audit log.
 */
export async function provisionSsoUser(
  db: Db,
  data: { user: { id: string }; provider: { organizationId?: string | null } },
): Promise<void> {
  const organisationId = data.provider.organizationId;
  if (!organisationId) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set email_verified = true where id = ${data.user.id}`);
    const joined = await queryRows<{ id: string }>(
      tx,
      sql`update profiles set organisation_id = ${organisationId}, role = 'member'
          where id = ${data.user.id} and organisation_id is null
          returning id`,
    );
    await recordIdentityEvent(tx, data.user.id, 'sso.signed_in', {
      new_member: joined.length > 0,
    });
  });
}
