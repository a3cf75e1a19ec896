// The ingestion API (docs/ingestion.md): a batch of calls from an organisation's systems, sent
// with one of its API keys. One transaction per batch: it is stored whole or not at all. Calls are
// keyed by the sender's external_id within the organisation, so sending one again updates its
// content and never what people did with it (status, assignee, notes, activity).
import type { IngestCall, IngestCallsResponse } from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import { withApiKey, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import {
  insertNewCalls,
  OPTIONAL_COLUMNS,
  registerAgents,
  selectCallIds,
  selectOrganisationAgents,
  selectRefusedAgents,
  updateChangedCalls,
  type IngestRow,
} from './ingest.queries.ts';

/** A call as call_log takes it: instants normalised, duration derived, optional fields marked. */
function toRow(call: IngestCall): IngestRow {
  const started = Date.parse(call.started_at);
  const ended = Date.parse(call.ended_at);
  return {
    external_id: call.external_id,
    agent_id: call.agent_id,
    start_datetime: new Date(started).toISOString(),
    end_datetime: new Date(ended).toISOString(),
    duration_seconds: Math.round((ended - started) / 1000),
    direction: call.direction,
    from_number: call.from_number,
    to_number: call.to_number,
    caller_name: call.caller_name ?? null,
    summary: call.summary ?? null,
    transcript: call.transcript ?? null,
    recording_url: call.recording_url ?? null,
    sentiment: call.sentiment ?? null,
    disconnection_reason: call.disconnection_reason ?? null,
    metadata: call.metadata ?? null,
    // The optional fields have their columns' names.
    given: OPTIONAL_COLUMNS.filter((name) => call[name] !== undefined),
  };
}

/** At most this many calls are named in a 409's fields. */
const MAX_NAMED_CALLS = 100;

/** How a 409 names the call at `index` of a batch: `calls.3` for the API. */
export type CallName = (index: number) => string;

const apiCallName: CallName = (index) => `calls.${index}`;

function agentConflict(calls: IngestCall[], agentIds: string[], name: CallName): AppError {
  const refused = new Set(agentIds);
  const fields: Record<string, string> = {};
  let named = 0;
  calls.forEach((call, index) => {
    if (refused.has(call.agent_id) && named < MAX_NAMED_CALLS) {
      fields[`${name(index)}.agent_id`] = 'belongs to another organisation, or to none';
      named += 1;
    }
  });
  const list = agentIds.slice(0, 10).join(', ') + (agentIds.length > 10 ? ', …' : '');
  const message = `${agentIds.length === 1 ? 'Agent' : 'Agents'} ${list} ${agentIds.length === 1 ? 'belongs' : 'belong'} to another organisation, or to none. Nothing was stored.`;
  return new AppError('CONFLICT', message, { fields });
}

/**
 * Stores a batch of valid calls for the organisation, in a transaction entered as one of its
 * ingestion principals: an API key, or a verified webhook (modules/webhooks). The policies and
 * functions/call_log_content_guard.sql let only such a transaction write a call's content. 409 when an agent is another organisation's, or no one's; nothing is
 * stored then, as the caller's transaction rolls back.
 */
export async function storeCalls(
  tx: Tx,
  organisationId: string,
  calls: IngestCall[],
  name: CallName = apiCallName,
): Promise<IngestCallsResponse> {
  const rows = calls.map(toRow);
  const agentIds = [...new Set(calls.map((call) => call.agent_id))];
  const refused = await selectRefusedAgents(tx, agentIds);
  if (refused.length > 0) throw agentConflict(calls, refused, name);
  await registerAgents(tx, organisationId, agentIds);
  // Another organisation may have taken a new agent id between the check and the insert.
  const own = await selectOrganisationAgents(tx, organisationId, agentIds);
  const lost = agentIds.filter((agentId) => !own.has(agentId));
  if (lost.length > 0) throw agentConflict(calls, lost, name);

  const created = await insertNewCalls(tx, organisationId, rows);
  const updated = await updateChangedCalls(tx, organisationId, rows);
  const rest = rows
    .map((row) => row.external_id)
    .filter((externalId) => !created.has(externalId) && !updated.has(externalId));
  const unchanged = rest.length > 0 ? await selectCallIds(tx, organisationId, rest) : null;

  return {
    calls: rows.map(({ external_id }) => {
      const createdId = created.get(external_id);
      if (createdId) return { external_id, call_id: createdId, result: 'created' as const };
      const updatedId = updated.get(external_id);
      if (updatedId) return { external_id, call_id: updatedId, result: 'updated' as const };
      const callId = unchanged?.get(external_id);
      if (!callId) throw new Error(`call ${external_id} was neither stored nor found`);
      return { external_id, call_id: callId, result: 'unchanged' as const };
    }),
  };
}

export async function ingestCalls(
  db: Db,
  keyHash: string,
  calls: IngestCall[],
): Promise<IngestCallsResponse> {
  return withApiKey(db, keyHash, (tx, key) => storeCalls(tx, key.organisationId, calls));
}
