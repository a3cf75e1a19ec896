// Retell AI's webhooks (docs/ingestion.md, "Retell AI"). Retell signs each request with the
// organisation's Retell API key (the one with the webhook badge): the header x-retell-signature is
// `v=<timestamp in ms>,d=<hex HMAC-SHA256 of the raw body followed by that timestamp>`, as its SDK's
// Retell.verify computes it (retell-sdk, src/lib/webhook_auth.ts), which also refuses a timestamp
// more than 5 minutes from now. https://docs.retellai.com/features/secure-webhook
import { createHmac } from 'node:crypto';
import { sameSecret } from '../integrations/integration-secret.ts';
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

/** The events that carry a finished call; call_analyzed adds call_analysis. */
const CALL_EVENTS = new Set(['call_ended', 'call_analyzed']);
/** As Retell's SDK: a signature older or newer than this is refused (replays). */
export const RETELL_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export function retellSignature(rawBody: string, apiKey: string, timestamp = Date.now()): string {
  const digest = createHmac('sha256', apiKey)
    .update(rawBody + String(timestamp))
    .digest('hex');
  return `v=${String(timestamp)},d=${digest}`;
}

/** Whether the header is Retell's signature of this body with this key, made in the last 5 minutes. */
export function verifyRetellSignature(
  rawBody: string,
  apiKey: string,
  header: string | undefined,
  now = Date.now(),
): boolean {
  const match = /^v=(\d{1,16}),d=([0-9a-f]{64})$/u.exec(header?.trim() ?? '');
  if (!match?.[1] || !match[2]) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp) > RETELL_SIGNATURE_TOLERANCE_MS) return false;
  return sameSecret(retellSignature(rawBody, apiKey, timestamp), `v=${match[1]},d=${match[2]}`);
}

const SENTIMENTS: Record<string, 'positive' | 'neutral' | 'negative' | null> = {
  Positive: 'positive',
  Neutral: 'neutral',
  Negative: 'negative',
  Unknown: null,
};

function transcriptOf(call: Record<string, unknown>) {
  const utterances = call['transcript_object'];
  if (Array.isArray(utterances)) {
    return utterances.filter(isObject).map((utterance) => {
      const words = utterance['words'];
      const first = Array.isArray(words) ? (words.find(isObject) ?? {}) : {};
      return {
        // agent and, after a warm transfer, transfer_target speak for the organisation.
        speaker: utterance['role'] === 'user' ? 'caller' : 'agent',
        text: typeof utterance['content'] === 'string' ? utterance['content'] : '',
        at_seconds: numberAt(first, 'start') ?? 0,
      };
    });
  }
  const text = stringAt(call, 'transcript');
  if (text === undefined) return undefined;
  const turns = plainTranscript(text, ['agent']);
  return turns.length > 0 ? turns : [{ speaker: 'agent', text, at_seconds: 0 }];
}

/** A verified Retell body as a call to store, or an event to acknowledge. */
export function readRetell(body: unknown): Reading {
  const eventType = stringAt(body, 'event') ?? null;
  const call = objectAt(body, 'call');
  const platformCallId = stringAt(call, 'call_id') ?? null;
  if (!eventType || !CALL_EVENTS.has(eventType)) {
    return { kind: 'ignored', eventType, platformCallId };
  }
  const unusable = (problem: string): Reading => ({
    kind: 'unusable',
    eventType,
    platformCallId,
    problem,
  });
  if (!call) return unusable('the body has no call object');
  if (!platformCallId) return unusable('call.call_id is missing');
  const agentId = stringAt(call, 'agent_id');
  if (!agentId) return unusable('call.agent_id is missing');
  const ended = numberAt(call, 'end_timestamp');
  if (ended === undefined) return unusable('call.end_timestamp is missing: the call has not ended');
  // A call that never connected (dial_no_answer …) has no start: it lasted no time.
  const started = numberAt(call, 'start_timestamp') ?? ended;
  const web = stringAt(call, 'call_type') === 'web_call';
  const direction = stringAt(call, 'direction') ?? 'inbound';

  const mapped: Record<string, unknown> = {
    external_id: platformCallId,
    agent_id: agentId,
    started_at: new Date(started).toISOString(),
    ended_at: new Date(ended).toISOString(),
    direction,
    from_number: stringAt(call, 'from_number') ?? (web ? WEB_CALL_NUMBER : UNKNOWN_NUMBER),
    to_number: stringAt(call, 'to_number') ?? (web ? WEB_CALL_NUMBER : UNKNOWN_NUMBER),
    metadata: { platform: 'retell' },
  };
  // Optional fields are sent only when Retell sent them, so that call_ended (no analysis)
  // arriving after call_analyzed keeps the summary and sentiment.
  const transcript = transcriptOf(call);
  if (transcript !== undefined) mapped['transcript'] = transcript;
  const recording = stringAt(call, 'recording_url');
  if (recording !== undefined) mapped['recording_url'] = recording;
  const reason = stringAt(call, 'disconnection_reason');
  if (reason !== undefined) mapped['disconnection_reason'] = reason;
  const analysis = objectAt(call, 'call_analysis');
  if (analysis) {
    const summary = stringAt(analysis, 'call_summary');
    if (summary !== undefined) mapped['summary'] = summary;
    const sentiment = stringAt(analysis, 'user_sentiment');
    if (sentiment !== undefined) mapped['sentiment'] = SENTIMENTS[sentiment] ?? null;
  }
  return { kind: 'call', eventType, platformCallId, call: mapped };
}
