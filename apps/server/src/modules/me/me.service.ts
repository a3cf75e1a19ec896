import type { Me } from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import { withTenant, type AccessClaims } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { findProfileWithOrganisation } from './me.queries.ts';

export async function getMe(db: Db, claims: AccessClaims): Promise<Me> {
  return withTenant(db, claims, async (tx, principal) => {
    const row = await findProfileWithOrganisation(tx, principal.userId);
    if (!row) throw AppError.unauthenticated();
    return {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      role: row.role,
      isSuperAdmin: row.is_super_admin,
      organisation:
        row.organisation_id && row.organisation_name
          ? { id: row.organisation_id, name: row.organisation_name }
          : null,
    };
  });
}
