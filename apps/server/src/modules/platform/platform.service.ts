// The platform console, for operators (profiles.is_super_admin): every organisation, creating one
// with its first admin's invitation, and mapping agents to organisations. Runs in platform mode
// (withPlatform: the *_platform policies, for super-admins only), across tenants; every action
// lands in the audit log.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { agentMapping, organisations } from '../../db/schema.ts';
import { withPlatform, type AccessClaims } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { databaseErrorOf } from '../../http/input-guard.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import { issueInvitation, type InvitationDeps } from '../invitations/invitations.service.ts';

const count = (value: unknown) => Number(value ?? 0);

export async function listOrganisations(db: Db, claims: AccessClaims) {
  return withPlatform(db, claims, async (tx) => {
    const rows = await queryRows<
      Record<string, unknown> & { id: string; name: string; created_at: Date }
    >(
      tx,
      sql`select o.id, o.name, o.created_at,
                 (select count(*) from profiles p where p.organisation_id = o.id) as members,
                 (select count(*) from agent_mapping m where m.organisation_id = o.id) as agents,
                 (select coalesce(sum(calls), 0) from call_counts c where c.organisation_id = o.id and not c.deleted) as calls
          from organisations o order by o.name`,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      created_at: new Date(row.created_at).toISOString(),
      members: count(row.members),
      agents: count(row.agents),
      calls: count(row.calls),
    }));
  });
}

export async function createOrganisation(
  deps: InvitationDeps,
  claims: AccessClaims,
  body: { name: string; adminEmail: string },
) {
  const created = await withPlatform(deps.db, claims, async (tx, principal) => {
    const [organisation] = await tx.insert(organisations).values({ name: body.name }).returning();
    if (!organisation) throw new Error('organisation insert returned nothing');
    await recordAudit(tx, {
      organisation_id: organisation.id,
      actor_id: principal.userId,
      action: 'organisation.created',
      target: organisation.name,
    });
    const invitation = await issueInvitation(deps, tx, {
      organisationId: organisation.id,
      inviterId: principal.userId,
      email: body.adminEmail,
      role: 'admin',
    });
    return {
      organisation: {
        id: organisation.id,
        name: organisation.name,
        created_at: organisation.created_at.toISOString(),
      },
      invitation,
    };
  });
  deps.mail.deliverSoon();
  return created;
}

/** Every agent: mapped ones, and agent ids that appear only in calls (never mapped). */
export async function listPlatformAgents(db: Db, claims: AccessClaims) {
  return withPlatform(db, claims, async (tx) => {
    const rows = await queryRows<Record<string, unknown> & { agent_id: string }>(
      tx,
      sql`with agents as (
            select agent_id from agent_mapping
            union
            select distinct agent_id from call_log where organisation_id is null
          )
          select a.agent_id, m.display_name, m.organisation_id, o.name as organisation_name,
                 (select count(*) from call_log c where c.agent_id = a.agent_id and c.deleted_flag is not true) as calls
          from agents a
          left join agent_mapping m on m.agent_id = a.agent_id
          left join organisations o on o.id = m.organisation_id
          order by m.organisation_id nulls first, a.agent_id`,
    );
    return rows.map((row) => ({
      agent_id: row.agent_id,
      display_name: (row.display_name as string | null) ?? null,
      organisation_id: (row.organisation_id as string | null) ?? null,
      organisation_name: (row.organisation_name as string | null) ?? null,
      calls: count(row.calls),
    }));
  });
}

/** Maps an agent to an organisation (or unmaps it); its calls move at once (a trigger moves them). */
export async function mapAgent(
  db: Db,
  claims: AccessClaims,
  agentId: string,
  organisationId: string | null,
) {
  return withPlatform(db, claims, async (tx, principal) => {
    if (organisationId) {
      const [exists] = await queryRows(
        tx,
        sql`select 1 from organisations where id = ${organisationId}`,
      );
      if (!exists) throw new AppError('UNPROCESSABLE', 'No such organisation.');
    }
    const [previous] = await queryRows<{ organisation_id: string | null }>(
      tx,
      sql`select organisation_id from agent_mapping where agent_id = ${agentId} for update`,
    );
    try {
      await tx
        .insert(agentMapping)
        .values({ agent_id: agentId, organisation_id: organisationId })
        .onConflictDoUpdate({
          target: agentMapping.agent_id,
          set: { organisation_id: organisationId },
        });
    } catch (error) {
      // The agent's calls move with it (a trigger); an ingested one whose external id the
      // organisation already has would be two calls under one id there (docs/ingestion.md).
      if (databaseErrorOf(error)?.constraint === 'call_log_external_id_key') {
        throw new AppError(
          'CONFLICT',
          'The agent has sent calls with the same external ids as calls of that organisation; its calls cannot move there.',
        );
      }
      throw error;
    }
    const details = {
      previous_organisation_id: previous?.organisation_id ?? null,
      organisation_id: organisationId,
    };
    for (const affected of new Set([previous?.organisation_id ?? null, organisationId])) {
      await recordAudit(tx, {
        organisation_id: affected,
        actor_id: principal.userId,
        action: organisationId ? 'agent.mapped' : 'agent.unmapped',
        target: agentId,
        details,
      });
    }
    return { agent_id: agentId, organisation_id: organisationId };
  });
}
