// Vapi's server messages (docs/ingestion.md, "Vapi"): every message is POSTed to the server URL as
// {"message": {"type", "call", …}} (https://docs.vapi.ai/server-url/events); Callboard stores the
// `end-of-call-report` and acknowledges the rest. Vapi authenticates itself with the secret the
// integration made, sent as a Bearer Token credential (Authorization: Bearer <secret>) or as the
// legacy server secret header X-Vapi-Secret (https://docs.vapi.ai/server-url/server-authentication).
import { credentialHash, sameSecret } from '../integrations/integration-secret.ts';
import {
  isObject,
  numberAt,
  objectAt,
  plainTranscript,
  stringAt,
  UNKNOWN_NUMBER,
  WEB_CALL_NUMBER,
  type Reading,
} from './platform-payload.ts';

export const VAPI_CALL_EVENT = 'end-of-call-report';

/** The secret a request presents, from X-Vapi-Secret or Authorization: Bearer. */
export function vapiSecretOf(headers: {
  secret: string | undefined;
  authorization: string | undefined;
}): string | undefined {
  const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/iu)?.[1];
  return headers.secret?.trim() || bearer;
}

/** Whether the presented secret is the one whose SHA-256 the integration keeps. */
export function verifyVapiSecret(presented: string | undefined, storedHash: string): boolean {
  if (!presented) return false;
  return sameSecret(credentialHash(presented), storedHash);
}

const AGENT_ROLES = new Set(['bot', 'assistant']);

function transcriptOf(
  message: Record<string, unknown>,
  artifact: Record<string, unknown> | undefined,
) {
  const messages = artifact?.['messages'] ?? message['messages'];
  if (Array.isArray(messages)) {
    return messages
      .filter(isObject)
      .filter((entry) => entry['role'] === 'user' || AGENT_ROLES.has(String(entry['role'])))
      .map((entry) => ({
        speaker: entry['role'] === 'user' ? 'caller' : 'agent',
        text: typeof entry['message'] === 'string' ? entry['message'] : '',
        at_seconds: numberAt(entry, 'secondsFromStart') ?? 0,
      }));
  }
  const text = stringAt(artifact, 'transcript') ?? stringAt(message, 'transcript');
  if (text === undefined) return undefined;
  const turns = plainTranscript(text, ['ai', 'assistant', 'bot']);
  return turns.length > 0 ? turns : [{ speaker: 'agent', text, at_seconds: 0 }];
}

/** A verified Vapi body as a call to store, or a message to acknowledge. */
export function readVapi(body: unknown): Reading {
  const message = objectAt(body, 'message');
  const eventType = stringAt(message, 'type') ?? null;
  const call = objectAt(message, 'call');
  const platformCallId = stringAt(call, 'id') ?? null;
  if (!message || eventType !== VAPI_CALL_EVENT) {
    return { kind: 'ignored', eventType, platformCallId };
  }
  const unusable = (problem: string): Reading => ({
    kind: 'unusable',
    eventType,
    platformCallId,
    problem,
  });
  if (!platformCallId) return unusable('message.call.id is missing');
  const agentId = stringAt(objectAt(message, 'assistant'), 'id') ?? stringAt(call, 'assistantId');
  if (!agentId) {
    return unusable(
      'the report names no assistant (message.assistant.id or message.call.assistantId)',
    );
  }
  const endedAt = stringAt(message, 'endedAt') ?? stringAt(call, 'endedAt');
  if (!endedAt) return unusable('message.endedAt is missing: the call has not ended');
  const startedAt = stringAt(message, 'startedAt') ?? stringAt(call, 'startedAt') ?? endedAt;

  const callType = stringAt(call, 'type');
  const outbound = callType === 'outboundPhoneCall';
  const web = callType === 'webCall';
  const customer = objectAt(message, 'customer') ?? objectAt(call, 'customer');
  const phoneNumber = objectAt(message, 'phoneNumber') ?? objectAt(call, 'phoneNumber');
  const missing = web ? WEB_CALL_NUMBER : UNKNOWN_NUMBER;
  const customerNumber = stringAt(customer, 'number') ?? missing;
  const ownNumber = stringAt(phoneNumber, 'number') ?? missing;
  const artifact = objectAt(message, 'artifact');

  const mapped: Record<string, unknown> = {
    external_id: platformCallId,
    agent_id: agentId,
    started_at: startedAt,
    ended_at: endedAt,
    direction: outbound ? 'outbound' : 'inbound',
    from_number: outbound ? ownNumber : customerNumber,
    to_number: outbound ? customerNumber : ownNumber,
    metadata: { platform: 'vapi' },
  };
  const callerName = stringAt(customer, 'name');
  if (callerName !== undefined) mapped['caller_name'] = callerName;
  const transcript = transcriptOf(message, artifact);
  if (transcript !== undefined) mapped['transcript'] = transcript;
  const recording = stringAt(artifact, 'recordingUrl') ?? stringAt(message, 'recordingUrl');
  if (recording !== undefined) mapped['recording_url'] = recording;
  const summary =
    stringAt(objectAt(message, 'analysis'), 'summary') ?? stringAt(message, 'summary');
  if (summary !== undefined) mapped['summary'] = summary;
  const reason = stringAt(message, 'endedReason');
  if (reason !== undefined) mapped['disconnection_reason'] = reason;
  return { kind: 'call', eventType, platformCallId, call: mapped };
}
