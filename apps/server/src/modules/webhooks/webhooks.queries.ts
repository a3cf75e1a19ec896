// The webhooks' statements on the owner connection, as the API key check and the rate limits are:
// finding the integration a URL names (with what verifying needs, which callboard_app may not
// read) and keeping the delivery log, which a rejected request has no principal to write.
import { DELIVERIES_KEPT, DELIVERY_DAYS_KEPT, type IntegrationKind } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

export interface WebhookIntegration {
  id: string;
  organisationId: string;
  kind: IntegrationKind;
  secretCiphertext: string | null;
  credentialHash: string;
}

export async function findIntegration(
  db: Db,
  kind: IntegrationKind,
  id: string,
): Promise<WebhookIntegration | null> {
  const [row] = await queryRows<{
    id: string;
    organisation_id: string;
    secret_ciphertext: string | null;
    credential_hash: string;
  }>(
    db,
    sql`select id, organisation_id, secret_ciphertext, credential_hash from integrations
        where id = ${id} and kind = ${kind}`,
  );
  return row
    ? {
        id: row.id,
        organisationId: row.organisation_id,
        kind,
        secretCiphertext: row.secret_ciphertext,
        credentialHash: row.credential_hash,
      }
    : null;
}

export interface Delivery {
  eventType: string | null;
  platformCallId: string | null;
  status: 'accepted' | 'ignored' | 'rejected';
  httpStatus: number;
  error: string | null;
  callId: string | null;
}

const clip = (value: string | null, max: number) =>
  value === null ? null : value.length > max ? `${value.slice(0, max - 1)}…` : value;

/**
 * Logs one delivery and prunes the integration's log in the same statement: it keeps the newest
 * DELIVERIES_KEPT (this one and the newest before it) and nothing older than DELIVERY_DAYS_KEPT
 * days, so no sender, verified or not, can grow it. Nothing is logged for an integration removed
 * meanwhile.
 */
export async function recordDelivery(db: Db, integration: WebhookIntegration, delivery: Delivery) {
  await db.execute(
    sql`with added as (
          insert into webhook_deliveries
            (integration_id, organisation_id, event_type, platform_call_id, status, http_status,
             error, call_id)
          select ${integration.id}, ${integration.organisationId}, ${clip(delivery.eventType, 100)},
                 ${clip(delivery.platformCallId, 200)}, ${delivery.status}, ${delivery.httpStatus},
                 ${clip(delivery.error, 500)}, ${delivery.callId}
          where exists (select 1 from integrations where id = ${integration.id})
          returning id
        )
        delete from webhook_deliveries
        where integration_id = ${integration.id}
          and (received_at < now() - make_interval(days => ${DELIVERY_DAYS_KEPT})
               or id in (select id from webhook_deliveries where integration_id = ${integration.id}
                         order by received_at desc, id desc offset ${DELIVERIES_KEPT - 1}))`,
  );
}
