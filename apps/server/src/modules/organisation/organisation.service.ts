import type { Agent, Member } from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import { requireOrganisation, withTenant, type AccessClaims } from '../../db/tenant.ts';
import { selectAgents, selectMembers } from './organisation.queries.ts';

/** The caller's colleagues (docs/product.md, "Roles": users list only users of their own organisation). */
export async function listMembers(db: Db, claims: AccessClaims): Promise<Member[]> {
  return withTenant(db, claims, (tx, principal) =>
    selectMembers(tx, requireOrganisation(principal)),
  );
}

export async function listAgents(db: Db, claims: AccessClaims): Promise<Agent[]> {
  return withTenant(db, claims, (tx, principal) =>
    selectAgents(tx, requireOrganisation(principal)),
  );
}
