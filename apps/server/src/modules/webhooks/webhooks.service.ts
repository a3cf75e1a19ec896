// Voice-platform webhooks (docs/ingestion.md; docs/decisions/0015-voice-platform-webhooks.md):
// a platform posts a call to the URL of one of an organisation's integrations; Callboard verifies
// the request with the integration's credential, reads the platform's body into the ingestion
// API's call, checks it against the same contract and stores it with the same upsert
// (ingest.service.ts's storeCalls), keyed by the platform's call id: all or nothing, and sent again
// it updates the call's content, never its triage. Every verified or refused request is logged
// for the integration's admins (webhooks.queries.ts).
import { ingestCallSchema, type IngestCall, type WebhookResult } from '@callboard/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withIntegration } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { credentialHash, type SecretBox } from '../integrations/integration-secret.ts';
import { storeCalls } from '../ingest/ingest.service.ts';
import type { Reading } from './platform-payload.ts';
import { readRetell, verifyRetellSignature } from './retell.ts';
import { readVapi, vapiSecretOf, verifyVapiSecret } from './vapi.ts';
import { recordDelivery, type Delivery, type WebhookIntegration } from './webhooks.queries.ts';

export interface WebhookRequest {
  rawBody: string;
  header: (name: string) => string | undefined;
}

const unverified = (integration: WebhookIntegration) =>
  new AppError(
    'UNAUTHENTICATED',
    integration.kind === 'retell'
      ? "The request's x-retell-signature does not verify with this integration's Retell API key (or is over 5 minutes old). Nothing was stored."
      : "The request does not carry this integration's secret (X-Vapi-Secret or Authorization: Bearer). Nothing was stored.",
  );

/**
 * The credential a request proves it holds, hashed as credential_hash: what its transaction
 * presents (withIntegration). null when it does not verify.
 */
function verifiedCredentialHash(
  integration: WebhookIntegration,
  secrets: SecretBox,
  request: WebhookRequest,
): string | null {
  if (integration.kind === 'vapi') {
    const presented = vapiSecretOf({
      secret: request.header('x-vapi-secret'),
      authorization: request.header('authorization'),
    });
    return presented && verifyVapiSecret(presented, integration.credentialHash)
      ? credentialHash(presented)
      : null;
  }
  const apiKey =
    integration.secretCiphertext && secrets.open(integration.secretCiphertext, integration.id);
  if (!apiKey) return null;
  return verifyRetellSignature(request.rawBody, apiKey, request.header('x-retell-signature'))
    ? credentialHash(apiKey)
    : null;
}

/** The contract's problems with a mapped call, as one sentence. */
function callProblems(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'call'} ${issue.message}`)
    .join('; ');
}

/**
 * Handles one delivery to a live integration (webhook-gate.ts found it). Resolves to the stored
 * call, or null for an event that is acknowledged and not stored; throws the AppError to answer
 * otherwise. Logs the delivery either way.
 */
export async function receiveWebhook(
  db: Db,
  secrets: SecretBox,
  integration: WebhookIntegration,
  request: WebhookRequest,
): Promise<WebhookResult | null> {
  let reading: Reading | null = null;
  const log = (delivery: Omit<Delivery, 'eventType' | 'platformCallId'>) =>
    recordDelivery(db, integration, {
      eventType: reading?.eventType ?? null,
      platformCallId: reading?.platformCallId ?? null,
      ...delivery,
    });
  const refuse = async (error: AppError): Promise<never> => {
    await log({ status: 'rejected', httpStatus: error.status, error: error.message, callId: null });
    throw error;
  };

  const hash = verifiedCredentialHash(integration, secrets, request);
  // Nothing of an unverified body is read or kept.
  if (!hash) return refuse(unverified(integration));

  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    return refuse(AppError.validation('The request body must be JSON.'));
  }
  reading = integration.kind === 'retell' ? readRetell(body) : readVapi(body);
  if (reading.kind === 'ignored') {
    await log({ status: 'ignored', httpStatus: 204, error: null, callId: null });
    return null;
  }
  if (reading.kind === 'unusable') {
    return refuse(
      new AppError(
        'UNPROCESSABLE',
        `The call cannot be stored: ${reading.problem}. Nothing was stored.`,
      ),
    );
  }
  const parsed = z.safeParse(ingestCallSchema, reading.call);
  if (!parsed.success) {
    return refuse(
      new AppError(
        'UNPROCESSABLE',
        `The call cannot be stored: ${callProblems(parsed.error)}. Nothing was stored.`,
      ),
    );
  }
  const call: IngestCall = parsed.data;

  let stored;
  try {
    stored = await withIntegration(db, integration.id, hash, (tx, organisationId) =>
      storeCalls(tx, organisationId, [call]),
    );
  } catch (error) {
    if (error instanceof AppError) return refuse(error);
    await log({
      status: 'rejected',
      httpStatus: 500,
      error: 'Something went wrong on our side.',
      callId: null,
    });
    throw error;
  }
  // Removed between the look-up and the transaction.
  if (!stored) throw unverified(integration);
  const [result] = stored.calls;
  if (!result) throw new Error('the upsert answered for no call');
  await log({ status: 'accepted', httpStatus: 200, error: null, callId: result.call_id });
  return result;
}
