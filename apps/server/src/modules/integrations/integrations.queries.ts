// The admin area's integration statements, in withTenant as an admin (tables/integrations.sql):
// never secret_ciphertext nor credential_hash, which callboard_app cannot read anyway.
import { DELIVERIES_KEPT, DELIVERY_DAYS_KEPT, type IntegrationKind } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Tx } from '../../db/tenant.ts';

export interface IntegrationRow {
  id: string;
  kind: IntegrationKind;
  name: string;
  secret_hint: string | null;
  created_at: Date | string;
  created_by: string | null;
  last_received_at: Date | string | null;
  last_status: 'accepted' | 'ignored' | 'rejected' | null;
  last_http_status: number | null;
}

/** The organisation's integrations, newest first, each with its latest delivery. */
export async function selectIntegrations(tx: Tx, organisationId: string) {
  return queryRows<IntegrationRow>(
    tx,
    sql`select i.id, i.kind, i.name, i.secret_hint, i.created_at, i.created_by,
               d.received_at as last_received_at, d.status as last_status,
               d.http_status as last_http_status
        from integrations i
        left join lateral (
          select received_at, status, http_status from webhook_deliveries
          where integration_id = i.id order by received_at desc, id desc limit 1
        ) d on true
        where i.organisation_id = ${organisationId}
        order by i.created_at desc, i.id desc`,
  );
}

/** Raw SQL: callboard_app may insert only the columns it names (tables/integrations.sql). */
export async function insertIntegration(
  tx: Tx,
  row: {
    id: string;
    organisationId: string;
    kind: IntegrationKind;
    name: string;
    ciphertext: string | null;
    hint: string | null;
    hash: string;
    createdBy: string;
  },
) {
  const [inserted] = await queryRows<Omit<IntegrationRow, `last_${string}`>>(
    tx,
    sql`insert into integrations
          (id, organisation_id, kind, name, secret_ciphertext, secret_hint, credential_hash, created_by)
        values (${row.id}, ${row.organisationId}, ${row.kind}, ${row.name}, ${row.ciphertext},
                ${row.hint}, ${row.hash}, ${row.createdBy})
        returning id, kind, name, secret_hint, created_at, created_by`,
  );
  if (!inserted) throw new Error('integration insert returned nothing');
  return inserted;
}

/** Deletes one of the organisation's integrations (its deliveries go with it); null if none. */
export async function deleteIntegration(tx: Tx, organisationId: string, id: string) {
  const [row] = await queryRows<{ id: string; kind: IntegrationKind; name: string }>(
    tx,
    sql`delete from integrations where organisation_id = ${organisationId} and id = ${id}
        returning id, kind, name`,
  );
  return row ?? null;
}

export async function integrationExists(tx: Tx, organisationId: string, id: string) {
  const rows = await queryRows(
    tx,
    sql`select 1 from integrations where organisation_id = ${organisationId} and id = ${id}`,
  );
  return rows.length > 0;
}

export interface DeliveryRow {
  id: string;
  received_at: Date | string;
  event_type: string | null;
  platform_call_id: string | null;
  status: 'accepted' | 'ignored' | 'rejected';
  http_status: number;
  error: string | null;
  call_id: string | null;
}

/** The integration's kept deliveries, newest first. */
export async function selectDeliveries(tx: Tx, integrationId: string) {
  return queryRows<DeliveryRow>(
    tx,
    sql`select id, received_at, event_type, platform_call_id, status, http_status, error, call_id
        from webhook_deliveries
        where integration_id = ${integrationId}
          and received_at > now() - make_interval(days => ${DELIVERY_DAYS_KEPT})
        order by received_at desc, id desc
        limit ${DELIVERIES_KEPT}`,
  );
}
