// Organisation API keys, for the ingestion API (docs/ingestion.md): admins create, list and revoke
// them. A key's secret exists only in the answer to its creation; the database keeps its SHA-256.
import type { ApiKey, CreatedApiKey } from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import {
  requireAdmin,
  requireRecentAuthentication,
  withTenant,
  type AccessClaims,
} from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../auth/reauthentication.ts';
import { newApiKey } from './api-key-secret.ts';
import { insertApiKey, selectLiveApiKeys, setApiKeyRevoked } from './api-keys.queries.ts';

export async function listApiKeys(db: Db, claims: AccessClaims): Promise<ApiKey[]> {
  return withTenant(db, claims, async (tx, principal) =>
    (await selectLiveApiKeys(tx, requireAdmin(principal))).map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at?.toISOString() ?? null,
    })),
  );
}

export async function createApiKey(
  db: Db,
  claims: AccessClaims,
  body: { name: string },
): Promise<CreatedApiKey> {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    // A key adds calls to the organisation's log for as long as it lives: only a session that has
    // just proved whose it is may make one.
    await requireRecentAuthentication(tx, REAUTHENTICATION_WINDOW_SECONDS);
    const { key, prefix, hash } = newApiKey();
    const row = await insertApiKey(tx, {
      organisationId,
      name: body.name,
      prefix,
      hash,
      createdBy: principal.userId,
    });
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'api_key.created',
      target: row.id,
      details: { name: row.name, prefix: row.prefix },
    });
    return { ...row, key, created_at: row.created_at.toISOString() };
  });
}

/** Revokes a key: the next request with it gets 401. Another organisation's key is "no such key". */
export async function revokeApiKey(db: Db, claims: AccessClaims, keyId: string): Promise<void> {
  await withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const revoked = await setApiKeyRevoked(tx, organisationId, keyId);
    if (!revoked) throw AppError.notFound('No such API key in your organisation.');
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'api_key.revoked',
      target: revoked.id,
      details: { name: revoked.name, prefix: revoked.prefix },
    });
  });
}
