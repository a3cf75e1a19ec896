import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

/** What an admin may see of a key: never key_hash, which callboard_app cannot read anyway. */
const listedColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  created_at: apiKeys.created_at,
  created_by: apiKeys.created_by,
  last_used_at: apiKeys.last_used_at,
};

export async function selectLiveApiKeys(tx: Tx, organisationId: string) {
  return tx
    .select(listedColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.organisation_id, organisationId), isNull(apiKeys.revoked_at)))
    .orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
}

/**
 * Raw SQL, not Drizzle's insert, which names every column (with DEFAULT for those not given):
 * callboard_app may insert only these five (tables/api_keys.sql).
 */
export async function insertApiKey(
  tx: Tx,
  key: { organisationId: string; name: string; prefix: string; hash: string; createdBy: string },
) {
  const [row] = await queryRows<{
    id: string;
    name: string;
    prefix: string;
    created_at: Date | string;
  }>(
    tx,
    sql`insert into api_keys (organisation_id, name, prefix, key_hash, created_by)
        values (${key.organisationId}, ${key.name}, ${key.prefix}, ${key.hash}, ${key.createdBy})
        returning id, name, prefix, created_at`,
  );
  if (!row) throw new Error('api key insert returned nothing');
  return { ...row, created_at: new Date(row.created_at) };
}

/** Revokes a live key of the organisation; null when there is none with that id. */
export async function setApiKeyRevoked(tx: Tx, organisationId: string, id: string) {
  const [row] = await tx
    .update(apiKeys)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(apiKeys.organisation_id, organisationId),
        eq(apiKeys.id, id),
        isNull(apiKeys.revoked_at),
      ),
    )
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
  return row ?? null;
}

/**
 * The live key with this hash, on the owner connection: the credential check that comes before
 * the rate limit and the tenant transaction, as the access-token check reads jwks. The
 * transaction checks again (app_enter_api_key), so a key revoked in between is refused there.
 */
export async function findLiveApiKeyId(db: Db, keyHash: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from api_keys where key_hash = ${keyHash} and revoked_at is null`,
  );
  return row?.id ?? null;
}
