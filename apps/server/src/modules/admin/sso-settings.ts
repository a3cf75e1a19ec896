// An organisation's single sign-on, as its admins set it up (docs/security.md, "Single sign-on").
// The identity provider is checked before anything is stored: its discovery document must be
// reachable (public https, or an origin the operator listed in SSO_INTERNAL_ISSUERS) and must
// name the issuer the admin typed. The provider row is the SSO plugin's, read by better-auth at
// sign-in; like every identity table it is not granted to callboard_app, so it is written here on
// the owner's connection, for the organisation the verified session administers.
import { lookup } from 'node:dns/promises';
import type { SsoSettings } from '@callboard/contract';
import type { updateSsoBodySchema } from '@callboard/contract';
import {
  getSsoSettingsRoute,
  removeSsoSettingsRoute,
  updateSsoSettingsRoute,
} from '@callboard/contract';
import { isPublicRoutableHost } from '@better-auth/core/utils/host';
import { discoverOIDCConfig, DiscoveryError } from '@better-auth/sso';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, textArray, type Db } from '../../db/client.ts';
import {
  requireAdmin,
  requireRecentAuthentication,
  withTenant,
  type AccessClaims,
} from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { serve } from '../../http/routes.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../auth/reauthentication.ts';
import { joinDomains, ssoProviderId } from '../auth/sso.ts';

export interface SsoDeps {
  appUrl: string;
  /** Origins of identity providers on private addresses that the operator allows. */
  internalIssuers: readonly string[];
}

/** What Callboard asks identity providers for: who the person is, and their address. */
const SSO_SCOPES = ['openid', 'email', 'profile'];

/**
 * Mail services anyone can have an address at: an organisation claiming one would sign in
 * strangers (and lock them out of open sign-up).
 */
const PUBLIC_MAIL_DOMAINS = new Set([
  'aol.com',
  'fastmail.com',
  'gmail.com',
  'gmx.com',
  'gmx.de',
  'googlemail.com',
  'hotmail.com',
  'icloud.com',
  'live.com',
  'mail.com',
  'me.com',
  'msn.com',
  'outlook.com',
  'proton.me',
  'protonmail.com',
  'yahoo.com',
  'yandex.com',
  'zoho.com',
]);

interface StoredOidcConfig {
  clientId?: string;
  clientSecret?: string;
}

function redirectUri(appUrl: string): string {
  return `${appUrl.replace(/\/$/u, '')}/api/auth/sso/callback`;
}

async function adminOf(db: Db, claims: AccessClaims, recent: boolean) {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    // Whoever sets up single sign-on decides who may sign in: only a session that has just
    // proved whose it is may change it.
    if (recent) await requireRecentAuthentication(tx, REAUTHENTICATION_WINDOW_SECONDS);
    return { organisationId, actorId: principal.userId };
  });
}

async function readSettings(db: Db, organisationId: string, appUrl: string): Promise<SsoSettings> {
  const [row] = await queryRows<{
    issuer: string | null;
    oidc_config: string | null;
    updated_at: Date | string | null;
    require_sso: boolean;
    domains: string[];
  }>(
    db,
    sql`select p.issuer, p.oidc_config, p.updated_at, o.require_sso,
               array(select d.domain from sso_domains d
                     where d.organisation_id = o.id order by d.domain) as domains
        from organisations o
        left join sso_providers p on p.organisation_id = o.id
        where o.id = ${organisationId}`,
  );
  if (!row) throw AppError.notFound('No such organisation.');
  const stored = row.oidc_config ? (JSON.parse(row.oidc_config) as StoredOidcConfig) : null;
  return {
    configured: row.issuer !== null,
    issuer: row.issuer,
    client_id: stored?.clientId ?? null,
    domains: row.domains,
    require_sso: row.require_sso,
    redirect_uri: redirectUri(appUrl),
    updated_at: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  };
}

function discoveryFailed(message: string, field: 'issuer' = 'issuer'): AppError {
  return new AppError('SSO_DISCOVERY_FAILED', message, { fields: { [field]: message } });
}

/** Whether every address the host name resolves to is a public one. */
async function resolvesPublic(host: string): Promise<boolean> {
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.length > 0 && addresses.every(({ address }) => isPublicRoutableHost(address));
}

/**
 * Which endpoints a discovery document may list: https on a public host (the plugin checks each
 * address again, with a DNS lookup, before every fetch at sign-in), or an origin the operator
 * listed. The document itself was checked before it was fetched.
 */
export function endpointAllowed(
  url: string,
  discoveryUrl: URL,
  internalIssuers: readonly string[],
): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.href === discoveryUrl.href || internalIssuers.includes(parsed.origin)) return true;
  return parsed.protocol === 'https:' && isPublicRoutableHost(parsed.hostname);
}

/** The identity provider's endpoints, from its discovery document, for the issuer as typed. */
async function discover(issuer: string, internalIssuers: readonly string[]) {
  const discoveryUrl = new URL(`${issuer.replace(/\/$/u, '')}/.well-known/openid-configuration`);
  if (!internalIssuers.includes(discoveryUrl.origin)) {
    if (discoveryUrl.protocol !== 'https:') {
      throw discoveryFailed('The issuer must be an https:// address.');
    }
    if (
      !isPublicRoutableHost(discoveryUrl.hostname) ||
      !(await resolvesPublic(discoveryUrl.hostname))
    ) {
      throw discoveryFailed(
        `${discoveryUrl.hostname} is not a public address Callboard can reach. An identity provider on a private network must be listed by the operator (SSO_INTERNAL_ISSUERS).`,
      );
    }
  }
  try {
    return await discoverOIDCConfig({
      issuer,
      timeout: 10_000,
      isTrustedOrigin: (url) => endpointAllowed(url, discoveryUrl, internalIssuers),
    });
  } catch (error) {
    // A document of the wrong shape can make the plugin fail in other ways than its own errors:
    // whatever the provider answered, it is the admin's to fix, not a server error.
    if (!(error instanceof DiscoveryError)) {
      throw discoveryFailed(
        `Could not use the identity provider’s discovery document at ${discoveryUrl.href}: it is not a valid OpenID Connect discovery document.`,
      );
    }
    if (error.code === 'issuer_mismatch') {
      throw discoveryFailed(
        `The identity provider at this address calls itself by another issuer. Enter the issuer exactly as its discovery document (${discoveryUrl.href}) gives it.`,
      );
    }
    throw discoveryFailed(
      `Could not use the identity provider’s discovery document at ${discoveryUrl.href}: ${error.message}`,
    );
  }
}

export async function getSsoSettings(
  db: Db,
  deps: SsoDeps,
  claims: AccessClaims,
): Promise<SsoSettings> {
  const { organisationId } = await adminOf(db, claims, false);
  return readSettings(db, organisationId, deps.appUrl);
}

/**
 * Sets up or changes the organisation's identity provider, its domains and whether members at
 * those domains must use it; one audit entry says what it is now. A domain another organisation
 * has is refused (409), and nothing changes.
 */
export async function updateSsoSettings(
  db: Db,
  deps: SsoDeps,
  claims: AccessClaims,
  body: z.output<typeof updateSsoBodySchema>,
): Promise<SsoSettings> {
  const { organisationId, actorId } = await adminOf(db, claims, true);
  const domains = [...new Set(body.domains)].sort();
  const publicDomain = domains.find((domain) => PUBLIC_MAIL_DOMAINS.has(domain));
  if (publicDomain) {
    const message = `${publicDomain} is a public mail service: single sign-on covers your organisation’s own domains.`;
    throw AppError.validation(message, { fields: { domains: message } });
  }
  const [current] = await queryRows<{ issuer: string; oidc_config: string | null }>(
    db,
    sql`select issuer, oidc_config from sso_providers where organisation_id = ${organisationId}`,
  );
  const stored = current?.oidc_config
    ? (JSON.parse(current.oidc_config) as StoredOidcConfig)
    : null;
  // The stored secret goes to the provider it was issued by, for the client it was issued to,
  // and nowhere else.
  const sameClient =
    current !== undefined && current.issuer === body.issuer && stored?.clientId === body.client_id;
  const clientSecret = body.client_secret ?? (sameClient ? stored.clientSecret : undefined);
  if (!clientSecret) {
    const message = current
      ? 'Enter the client secret again: the issuer or the client ID changed.'
      : 'Enter the client secret the identity provider gave you.';
    throw AppError.validation(message, { fields: { client_secret: message } });
  }
  // Outside the transaction: the identity provider may take seconds to answer.
  const discovered = await discover(body.issuer, deps.internalIssuers);
  const oidcConfig = JSON.stringify({
    issuer: discovered.issuer,
    clientId: body.client_id,
    clientSecret,
    authorizationEndpoint: discovered.authorizationEndpoint,
    tokenEndpoint: discovered.tokenEndpoint,
    tokenEndpointAuthentication: discovered.tokenEndpointAuthentication,
    jwksEndpoint: discovered.jwksEndpoint,
    userInfoEndpoint: discovered.userInfoEndpoint,
    discoveryEndpoint: discovered.discoveryEndpoint,
    pkce: true,
    scopes: SSO_SCOPES,
    overrideUserInfo: false,
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from organisations where id = ${organisationId} for update`);
    await tx.execute(
      sql`delete from sso_domains
          where organisation_id = ${organisationId} and domain <> all(${textArray(domains)})`,
    );
    await tx.execute(
      sql`insert into sso_domains (domain, organisation_id)
          select unnest(${textArray(domains)}), ${organisationId}
          on conflict (domain) do nothing`,
    );
    const taken = await queryRows<{ domain: string }>(
      tx,
      sql`select domain from sso_domains
          where domain = any(${textArray(domains)}) and organisation_id <> ${organisationId}
          order by domain`,
    );
    if (taken.length > 0) {
      throw new AppError(
        'SSO_DOMAIN_TAKEN',
        `${taken.map((row) => row.domain).join(', ')} already signs in through another organisation.`,
        { fields: { domains: 'already signs in through another organisation' } },
      );
    }
    await tx.execute(
      sql`insert into sso_providers (provider_id, issuer, domain, oidc_config, user_id, organisation_id)
          values (${ssoProviderId(organisationId)}, ${discovered.issuer}, ${joinDomains(domains)},
                  ${oidcConfig}, ${actorId}, ${organisationId})
          on conflict (organisation_id) do update
          set issuer = excluded.issuer, domain = excluded.domain,
              oidc_config = excluded.oidc_config, user_id = excluded.user_id, updated_at = now()`,
    );
    await tx.execute(
      sql`update organisations set require_sso = ${body.require_sso} where id = ${organisationId}`,
    );
    // Another issuer's subjects are other people: the links to the old one's go.
    if (current && current.issuer !== discovered.issuer) {
      await tx.execute(
        sql`delete from accounts where provider_id = ${ssoProviderId(organisationId)}`,
      );
    }
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: actorId,
      action: 'sso.configured',
      target: organisationId,
      details: {
        issuer: discovered.issuer,
        client_id: body.client_id,
        domains,
        require_sso: body.require_sso,
        secret_changed: body.client_secret !== undefined,
        first_setup: current === undefined,
      },
    });
  });
  return readSettings(db, organisationId, deps.appUrl);
}

/** Removes the identity provider and releases its domains; members sign in as before it. */
export async function removeSsoSettings(db: Db, claims: AccessClaims): Promise<void> {
  const { organisationId, actorId } = await adminOf(db, claims, true);
  await db.transaction(async (tx) => {
    const removed = await queryRows<{ issuer: string }>(
      tx,
      sql`delete from sso_providers where organisation_id = ${organisationId} returning issuer`,
    );
    await tx.execute(sql`delete from sso_domains where organisation_id = ${organisationId}`);
    // The accounts' links to the provider go with it (a provider set up later starts afresh).
    await tx.execute(
      sql`delete from accounts where provider_id = ${ssoProviderId(organisationId)}`,
    );
    await tx.execute(
      sql`update organisations set require_sso = false where id = ${organisationId}`,
    );
    if (removed[0]) {
      await recordAudit(tx, {
        organisation_id: organisationId,
        actor_id: actorId,
        action: 'sso.removed',
        target: organisationId,
        details: { issuer: removed[0].issuer },
      });
    }
  });
}

export const ssoSettingsRoutes = (deps: SsoDeps) => [
  serve(getSsoSettingsRoute, (c) => getSsoSettings(c.var.db, deps, c.var.claims)),
  serve(updateSsoSettingsRoute, (c, { body }) =>
    updateSsoSettings(c.var.db, deps, c.var.claims, body),
  ),
  serve(removeSsoSettingsRoute, (c) => removeSsoSettings(c.var.db, c.var.claims)),
];
