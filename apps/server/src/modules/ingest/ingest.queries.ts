// The ingestion API's SQL: set-based, a few statements per batch whatever its size. The batch
// travels as one jsonb parameter, read by jsonb_to_recordset, so that 1,000 calls are one
// statement with one parameter, not 1,000 statements or 16,000 parameters. Every statement runs in
// withApiKey, as callboard_app under the *_api_key_* policies of the key's organisation.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, textArray } from '../../db/client.ts';
import type { Tx } from '../../db/tenant.ts';

/** One call as call_log takes it; `given` names the optional columns the sender included. */
export interface IngestRow {
  external_id: string;
  agent_id: string;
  start_datetime: string;
  end_datetime: string;
  duration_seconds: number;
  direction: 'inbound' | 'outbound';
  from_number: string;
  to_number: string;
  caller_name: string | null;
  summary: string | null;
  transcript: unknown[] | null;
  recording_url: string | null;
  sentiment: string | null;
  disconnection_reason: string | null;
  metadata: Record<string, unknown> | null;
  given: OptionalColumn[];
}

/** Always sent, always written. */
const REQUIRED_COLUMNS = [
  'agent_id',
  'start_datetime',
  'end_datetime',
  'duration_seconds',
  'direction',
  'from_number',
  'to_number',
] as const;
/** Sent or not: a column left out keeps its stored value; one sent as null is cleared. */
export const OPTIONAL_COLUMNS = [
  'caller_name',
  'summary',
  'transcript',
  'recording_url',
  'sentiment',
  'disconnection_reason',
  'metadata',
] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];
const CONTENT_COLUMNS = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];

/** The batch as rows `x`, typed as call_log's columns. */
const batch = (rows: IngestRow[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
        external_id text, agent_id text, start_datetime timestamptz, end_datetime timestamptz,
        duration_seconds integer, direction text, from_number text, to_number text,
        caller_name text, summary text, transcript jsonb, recording_url text, sentiment text,
        disconnection_reason text, metadata jsonb, given text[])`;

// Column names below come from the constant lists above, never from a request.
const column = (name: string) => sql.raw(name);
/** What column `name` becomes for row x of call c: the sent value, or the stored one if not sent. */
const newValue = (name: (typeof CONTENT_COLUMNS)[number]): SQL =>
  (OPTIONAL_COLUMNS as readonly string[]).includes(name)
    ? sql.raw(`case when '${name}' = any(x.given) then x.${name} else c.${name} end`)
    : sql.raw(`x.${name}`);

/** Agent ids the key's organisation may not use (functions/ingest_refused_agents.sql). */
export async function selectRefusedAgents(tx: Tx, agentIds: string[]) {
  const rows = await queryRows<{ refused_agent_id: string }>(
    tx,
    sql`select refused_agent_id from ingest_refused_agents(${textArray(agentIds)})
        order by refused_agent_id`,
  );
  return rows.map((row) => row.refused_agent_id);
}

/** Maps agent ids never seen before to the organisation; known ones are left as they are. */
export async function registerAgents(tx: Tx, organisationId: string, agentIds: string[]) {
  await tx.execute(
    sql`insert into agent_mapping (agent_id, organisation_id)
        select id, ${organisationId}::uuid from unnest(${textArray(agentIds)}) as wanted(id)
        on conflict (agent_id) do nothing`,
  );
}

/** Which of the agent ids are the organisation's. */
export async function selectOrganisationAgents(tx: Tx, organisationId: string, agentIds: string[]) {
  const rows = await queryRows<{ agent_id: string }>(
    tx,
    sql`select agent_id from agent_mapping
        where organisation_id = ${organisationId} and agent_id = any(${textArray(agentIds)})`,
  );
  return new Set(rows.map((row) => row.agent_id));
}

/**
 * Adds the calls whose external id the organisation does not have yet, as New and unassigned
 * (call_log's defaults); the others are left to updateChangedCalls. Their organisation comes
 * from their agent (functions/call_log_set_organisation.sql), before the unique index
 * (organisation_id, external_id) is consulted. Calls the organisation has are left out before
 * the insert, so that the per-row trigger runs only for new ones; ON CONFLICT still settles a
 * call that a concurrent batch adds meanwhile. Returns external id → call id of those added.
 */
export async function insertNewCalls(tx: Tx, organisationId: string, rows: IngestRow[]) {
  const inserted = await queryRows<{ external_id: string; call_id: string }>(
    tx,
    sql`insert into call_log (call_id, external_id, ${sql.join(CONTENT_COLUMNS.map(column), sql`, `)})
        select 'call_' || replace(gen_random_uuid()::text, '-', ''), x.external_id,
               ${sql.join(
                 CONTENT_COLUMNS.map((name) => sql.raw(`x.${name}`)),
                 sql`, `,
               )}
        from ${batch(rows)}
        where not exists (select 1 from call_log c
                          where c.organisation_id = ${organisationId} and c.external_id = x.external_id)
        on conflict (organisation_id, external_id) do nothing
        returning external_id, call_id`,
  );
  return new Map(inserted.map((row) => [row.external_id, row.call_id]));
}

/**
 * Updates the organisation's calls with these external ids whose content differs from what was
 * sent; never status, assignee or deleted flag, and never their notes or activity. A row just
 * added by insertNewCalls is equal to what was sent and is left alone. Returns external id →
 * call id of those changed.
 */
export async function updateChangedCalls(tx: Tx, organisationId: string, rows: IngestRow[]) {
  const updated = await queryRows<{ external_id: string; call_id: string }>(
    tx,
    sql`update call_log as c
        set ${sql.join(
          CONTENT_COLUMNS.map((name) => sql`${column(name)} = ${newValue(name)}`),
          sql`, `,
        )}, updated_at = now()
        from ${batch(rows)}
        where c.organisation_id = ${organisationId} and c.external_id = x.external_id
          and (${sql.join(
            CONTENT_COLUMNS.map((name) => sql.raw(`c.${name}`)),
            sql`, `,
          )}) is distinct from (${sql.join(CONTENT_COLUMNS.map(newValue), sql`, `)})
        returning c.external_id, c.call_id`,
  );
  return new Map(updated.map((row) => [row.external_id, row.call_id]));
}

/** External id → call id, for the organisation's calls with these external ids. */
export async function selectCallIds(tx: Tx, organisationId: string, externalIds: string[]) {
  const rows = await queryRows<{ external_id: string; call_id: string }>(
    tx,
    sql`select external_id, call_id from call_log
        where organisation_id = ${organisationId} and external_id = any(${textArray(externalIds)})`,
  );
  return new Map(rows.map((row) => [row.external_id, row.call_id]));
}
