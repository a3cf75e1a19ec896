import { eq, sql } from 'drizzle-orm';
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
      notify_by_email: profiles.notify_by_email,
      call_list_columns: profiles.call_list_columns,
      organisation_id: organisations.id,
      organisation_name: organisations.name,
      organisation_requires_two_factor: organisations.require_two_factor,
      two_factor_enabled: sql<boolean>`own_two_factor_enabled()`,
      signs_in_with_password: sql<boolean>`own_signs_in_with_password()`,
    })
    .from(profiles)
    .leftJoin(organisations, eq(organisations.id, profiles.organisation_id))
    .where(eq(profiles.id, userId));
  return row ?? null;
}

/**
 * The caller's own row (RLS allows no other): names, the email-notification setting and the call
 * list's columns.
 */
export async function updateOwnProfile(
  tx: Tx,
  userId: string,
  change: {
    first_name?: string;
    last_name?: string;
    notify_by_email?: boolean;
    call_list_columns?: string[] | null;
  },
) {
  await tx.update(profiles).set(change).where(eq(profiles.id, userId));
}
