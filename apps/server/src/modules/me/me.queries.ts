import { eq } from 'drizzle-orm';
import { organisations, profiles } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export async function findProfileWithOrganisation(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: profiles.id,
      email: profiles.email,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      role: profiles.role,
      is_super_admin: profiles.is_super_admin,
      organisation_id: organisations.id,
      organisation_name: organisations.name,
    })
    .from(profiles)
    .leftJoin(organisations, eq(organisations.id, profiles.organisation_id))
    .where(eq(profiles.id, userId));
  return row ?? null;
}

export async function updateOwnName(
  tx: Tx,
  userId: string,
  name: { first_name: string; last_name: string },
) {
  await tx.update(profiles).set(name).where(eq(profiles.id, userId));
}
