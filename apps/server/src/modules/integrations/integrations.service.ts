// Voice-platform integrations (docs/ingestion.md): admins connect Retell AI or Vapi, list and
// remove the connections, and read their recent webhook deliveries. A Retell API key is stored
// encrypted and never returned (only its last 4 characters); a Vapi secret is made here, shown in
// the answer to the creation only, and kept as its SHA-256.
import { randomUUID } from 'node:crypto';
import type {
  CreatedIntegration,
  CreateIntegrationBody,
  Integration,
  IntegrationKind,
  WebhookDelivery,
} from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import { requireAdmin, withTenant, type AccessClaims } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import { credentialHash, newVapiSecret, type SecretBox } from './integration-secret.ts';
import {
  deleteIntegration as deleteIntegrationRow,
  insertIntegration,
  integrationExists,
  selectDeliveries,
  selectIntegrations,
  type IntegrationRow,
} from './integrations.queries.ts';

export interface IntegrationDeps {
  secrets: SecretBox;
  /** The public address the platforms call. */
  appUrl: string;
}

export function webhookUrl(appUrl: string, kind: IntegrationKind, id: string): string {
  return `${appUrl.replace(/\/+$/u, '')}/api/v1/webhooks/${kind}/${id}`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toIntegration(appUrl: string, row: IntegrationRow): Integration {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    webhook_url: webhookUrl(appUrl, row.kind, row.id),
    secret_hint: row.secret_hint,
    created_at: iso(row.created_at),
    created_by: row.created_by,
    last_delivery:
      row.last_received_at && row.last_status && row.last_http_status !== null
        ? {
            received_at: iso(row.last_received_at),
            status: row.last_status,
            http_status: row.last_http_status,
          }
        : null,
  };
}

const notFound = () => AppError.notFound('No such integration in your organisation.');

export async function listIntegrations(
  db: Db,
  deps: IntegrationDeps,
  claims: AccessClaims,
): Promise<Integration[]> {
  return withTenant(db, claims, async (tx, principal) =>
    (await selectIntegrations(tx, requireAdmin(principal))).map((row) =>
      toIntegration(deps.appUrl, row),
    ),
  );
}

export async function createIntegration(
  db: Db,
  deps: IntegrationDeps,
  claims: AccessClaims,
  body: CreateIntegrationBody,
): Promise<CreatedIntegration> {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    // The id is made here: the Retell key's ciphertext is bound to it.
    const id = randomUUID();
    const credential = body.kind === 'retell' ? body.retell_api_key.trim() : newVapiSecret();
    const row = await insertIntegration(tx, {
      id,
      organisationId,
      kind: body.kind,
      name: body.name.trim(),
      ciphertext: body.kind === 'retell' ? deps.secrets.seal(credential, id) : null,
      hint: body.kind === 'retell' ? credential.slice(-4) : null,
      hash: credentialHash(credential),
      createdBy: principal.userId,
    });
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'integration.created',
      target: row.id,
      details: { name: row.name, kind: row.kind },
    });
    return {
      ...toIntegration(deps.appUrl, {
        ...row,
        last_received_at: null,
        last_status: null,
        last_http_status: null,
      }),
      secret: body.kind === 'vapi' ? credential : null,
    };
  });
}

/** Removes an integration: its URL is refused from the next request on. */
export async function deleteIntegration(
  db: Db,
  claims: AccessClaims,
  integrationId: string,
): Promise<void> {
  await withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const removed = await deleteIntegrationRow(tx, organisationId, integrationId);
    if (!removed) throw notFound();
    await recordAudit(tx, {
      organisation_id: organisationId,
      actor_id: principal.userId,
      action: 'integration.removed',
      target: removed.id,
      details: { name: removed.name, kind: removed.kind },
    });
  });
}

export async function listWebhookDeliveries(
  db: Db,
  claims: AccessClaims,
  integrationId: string,
): Promise<WebhookDelivery[]> {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    if (!(await integrationExists(tx, organisationId, integrationId))) throw notFound();
    return (await selectDeliveries(tx, integrationId)).map((row) => ({
      ...row,
      received_at: iso(row.received_at),
    }));
  });
}
