// The organisation admin area: members and roles, agents, deleted calls and the audit log.
// Every function requires the caller to be an admin of their organisation (requireAdmin).
import type {
  AdminAgent,
  AdminMember,
  AuditQuery,
  DeletedCallsQuery,
  DeletedCallsResponse,
  OrganisationSettings,
  UpdateOrganisationSettingsBody,
} from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import { requireAdmin, withTenant, type AccessClaims } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, selectAudit } from '../audit/audit.queries.ts';
import { isPhoneCountry, phoneCountries } from '../calls/call-search.ts';
import { insertActivity, updateCall } from '../calls/calls.queries.ts';
import { lockCall } from '../calls/calls.queries.ts';
import { refuseStaleWrite, toSummary } from '../calls/calls.service.ts';
import {
  countDeletedCalls,
  detachMember,
  findMemberRole,
  lockAdmins,
  lockOpenCallsOf,
  renameAgent,
  selectAdminAgents,
  selectAdminMembers,
  selectDeletedCallPage,
  selectOrganisationSettings,
  setCallDeleted,
  updateMemberRole,
  updateOrganisationSettings,
} from './admin.queries.ts';

const LAST_ADMIN =
  'An organisation must keep at least one admin. Make someone else an admin first.';

export async function listAdminMembers(db: Db, claims: AccessClaims): Promise<AdminMember[]> {
  return withTenant(db, claims, async (tx, principal) =>
    (await selectAdminMembers(tx, requireAdmin(principal))).map((row) => ({
      ...row,
      joined_at: row.joined_at.toISOString(),
    })),
  );
}

export async function changeMemberRole(
  db: Db,
  claims: AccessClaims,
  userId: string,
  role: 'admin' | 'member',
): Promise<void> {
  await withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const admins = await lockAdmins(tx, organisationId);
    const current = await findMemberRole(tx, organisationId, userId);
    if (!current) throw AppError.notFound('No such member in your organisation.');
    if (current === role) return;
    if (role === 'member' && admins.length <= 1 && admins.includes(userId)) {
      throw new AppError('UNPROCESSABLE', LAST_ADMIN);
    }
    // The audit entry first: an admin who steps down may no longer write the audit log.
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'member.role_changed',
      target: userId,
      details: { previous_role: current, new_role: role },
    });
    if (!(await updateMemberRole(tx, userId, role)))
      throw AppError.notFound('No such member in your organisation.');
  });
}

/** Removes a member; their calls that are not closed become unassigned, each with its activity. */
export async function removeMember(db: Db, claims: AccessClaims, userId: string): Promise<void> {
  await withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const admins = await lockAdmins(tx, organisationId);
    const role = await findMemberRole(tx, organisationId, userId);
    if (!role) throw AppError.notFound('No such member in your organisation.');
    if (role === 'admin' && admins.length <= 1) throw new AppError('UNPROCESSABLE', LAST_ADMIN);
    const calls = await lockOpenCallsOf(tx, organisationId, userId);
    for (const { call_id } of calls) {
      await updateCall(tx, organisationId, call_id, { assignee_id: null });
      await insertActivity(tx, {
        call_id,
        organisation_id: organisationId,
        type: 'ASSIGNED',
        actor_id: principal.userId,
        previous_assignee_id: userId,
        new_assignee_id: null,
      });
    }
    // The audit entry first: an admin who removes themselves may no longer write it after.
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'member.removed',
      target: userId,
      details: { unassigned_calls: calls.length },
    });
    if (!(await detachMember(tx, userId)))
      throw AppError.notFound('No such member in your organisation.');
  });
}

export async function listAdminAgents(db: Db, claims: AccessClaims): Promise<AdminAgent[]> {
  return withTenant(db, claims, async (tx, principal) =>
    selectAdminAgents(tx, requireAdmin(principal)),
  );
}

export async function renameOrganisationAgent(
  db: Db,
  claims: AccessClaims,
  agentId: string,
  displayName: string | null,
) {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const agent = await renameAgent(tx, organisationId, agentId, displayName);
    if (!agent) throw AppError.notFound('No such agent in your organisation.');
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'agent.renamed',
      target: agentId,
      details: { display_name: displayName },
    });
    return agent;
  });
}

export async function markCallDeleted(
  db: Db,
  claims: AccessClaims,
  callId: string,
  deleted: boolean,
  expectedVersion?: number,
) {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    // Locked, so that the version compared is the one the update replaces.
    const current = await lockCall(tx, organisationId, callId);
    if (!current) throw AppError.callNotFound();
    await refuseStaleWrite(tx, organisationId, callId, {
      expectedVersion,
      currentVersion: current.version,
      changes: (current.deleted_flag === true) !== deleted,
    });
    const call = await setCallDeleted(tx, organisationId, callId, deleted);
    if (!call) throw AppError.callNotFound();
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: deleted ? 'call.deleted' : 'call.restored',
      target: callId,
    });
    return call;
  });
}

/** Deleted calls are hidden from everyone's call log; admins page through them here to restore. */
export async function listDeletedCalls(
  db: Db,
  claims: AccessClaims,
  query: DeletedCallsQuery,
): Promise<DeletedCallsResponse> {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const total = await countDeletedCalls(tx, organisationId);
    const offset = (query.page - 1) * query.pageSize;
    // As in the call list, a page past the end is not an error: no rows, and the real total.
    const rows =
      offset >= total
        ? []
        : await selectDeletedCallPage(tx, organisationId, { limit: query.pageSize, offset });
    return { rows: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
  });
}

export async function listAudit(db: Db, claims: AccessClaims, query: AuditQuery) {
  return withTenant(db, claims, async (tx, principal) => {
    const { entries, total } = await selectAudit(tx, requireAdmin(principal), query);
    return { entries, total, page: query.page, pageSize: query.pageSize };
  });
}

function settings(row: {
  name: string;
  phone_country: string;
  require_two_factor: boolean;
}): OrganisationSettings {
  return { ...row, phone_countries: phoneCountries() };
}

export async function getOrganisationSettings(
  db: Db,
  claims: AccessClaims,
): Promise<OrganisationSettings> {
  return withTenant(db, claims, async (tx, principal) => {
    const row = await selectOrganisationSettings(tx, requireAdmin(principal));
    if (!row) throw AppError.notFound('No such organisation.');
    return settings(row);
  });
}

/**
 * Changes the organisation's settings, each change audit-logged: the country whose local phone
 * forms the call search reads (docs/search.md, "Search"), only one the phone library knows, since
 * any other would make every local number unsearchable; and whether members must use two-factor
 * sign-in (docs/security.md, "Two-factor sign-in").
 */
export async function changeOrganisationSettings(
  db: Db,
  claims: AccessClaims,
  change: UpdateOrganisationSettingsBody,
): Promise<OrganisationSettings> {
  const { phone_country: phoneCountry, require_two_factor: requireTwoFactor } = change;
  if (phoneCountry !== undefined && !isPhoneCountry(phoneCountry)) {
    throw AppError.validation(
      `Invalid request: phone_country must be a country with phone numbers.`,
      {
        fields: { phone_country: 'must be a country with phone numbers' },
      },
    );
  }
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const current = await selectOrganisationSettings(tx, organisationId, { lock: true });
    if (!current) throw AppError.notFound('No such organisation.');
    const changed = {
      ...(phoneCountry !== undefined && phoneCountry !== current.phone_country
        ? { phone_country: phoneCountry }
        : {}),
      ...(requireTwoFactor !== undefined && requireTwoFactor !== current.require_two_factor
        ? { require_two_factor: requireTwoFactor }
        : {}),
    };
    if (Object.keys(changed).length === 0) return settings(current);
    const updated = await updateOrganisationSettings(tx, organisationId, changed);
    if (!updated) throw AppError.notFound('No such organisation.');
    const audit = { organisation_id: organisationId, actor_id: principal.userId };
    if (changed.phone_country !== undefined) {
      await recordAudit(tx, {
        ...audit,
        action: 'organisation.phone_country_changed',
        target: organisationId,
        details: {
          previous_phone_country: current.phone_country,
          new_phone_country: changed.phone_country,
        },
      });
    }
    if (changed.require_two_factor !== undefined) {
      await recordAudit(tx, {
        ...audit,
        action: 'organisation.two_factor_requirement_changed',
        target: organisationId,
        details: { require_two_factor: changed.require_two_factor },
      });
    }
    return settings(updated);
  });
}
