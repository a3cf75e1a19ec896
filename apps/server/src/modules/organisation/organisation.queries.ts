import { asc, eq } from 'drizzle-orm';
import { agentMapping, profiles } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

/** A member as pickers, lists and a call's assignee show them. */
export const memberColumns = {
  id: profiles.id,
  first_name: profiles.first_name,
  last_name: profiles.last_name,
  email: profiles.email,
};

/** Members in the order people look for them: by name, then email. */
export const memberOrder = [
  asc(profiles.first_name),
  asc(profiles.last_name),
  asc(profiles.email),
] as const;

export async function selectMembers(tx: Tx, organisationId: string) {
  return tx
    .select(memberColumns)
    .from(profiles)
    .where(eq(profiles.organisation_id, organisationId))
    .orderBy(...memberOrder);
}

export async function selectAgents(tx: Tx, organisationId: string) {
  return tx
    .select({ agent_id: agentMapping.agent_id, display_name: agentMapping.display_name })
    .from(agentMapping)
    .where(eq(agentMapping.organisation_id, organisationId))
    .orderBy(asc(agentMapping.agent_id));
}
