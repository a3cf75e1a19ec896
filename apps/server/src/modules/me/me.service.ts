import {
  CALL_LIST_COLUMNS,
  type CallListColumn,
  type Me,
  type UpdateMeBody,
} from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import { withTenant, type AccessClaims } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { findProfileWithOrganisation, updateOwnProfile } from './me.queries.ts';

const isColumn = (column: string): column is CallListColumn =>
  (CALL_LIST_COLUMNS as readonly string[]).includes(column);

/**
 * The stored column choice as the contract has it: a column since retired is left out, and a
 * choice with none left is no choice (the default set).
 */
function storedColumns(columns: string[] | null): CallListColumn[] | null {
  const known = columns?.filter(isColumn) ?? [];
  return known.length > 0 ? known : null;
}

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
      notify_by_email: row.notify_by_email,
      call_list_columns: storedColumns(row.call_list_columns),
      two_factor: {
        enabled: row.two_factor_enabled,
        // Members who only sign in through the organisation's identity provider rely on its
        // second factor (docs/security.md, "Single sign-on").
        required: (row.organisation_requires_two_factor ?? false) && row.signs_in_with_password,
      },
    };
  });
}

/**
 * Changes the caller's own name (profile, and the identity record's display name), whether they
 * are emailed their notifications (docs/live-updates.md, "Notifications"), and/or the call list's
 * columns (docs/search.md, "Columns").
 */
export async function updateMe(db: Db, claims: AccessClaims, body: UpdateMeBody): Promise<Me> {
  const { first_name, last_name, notify_by_email, call_list_columns } = body;
  const name =
    first_name !== undefined && last_name !== undefined ? { first_name, last_name } : null;
  await withTenant(db, claims, (tx, principal) =>
    updateOwnProfile(tx, principal.userId, {
      ...name,
      ...(notify_by_email === undefined ? {} : { notify_by_email }),
      ...(call_list_columns === undefined ? {} : { call_list_columns }),
    }),
  );
  if (name) {
    // The identity table is better-auth's, outside tenant data: written on the owner connection.
    await db
      .update(users)
      .set({ name: `${name.first_name} ${name.last_name}` })
      .where(eq(users.id, claims.userId));
  }
  return getMe(db, claims);
}
