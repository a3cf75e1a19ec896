// Webhook requests as the platforms send them, for the tests and the benchmarks: a Vapi
// end-of-call-report with the integration's secret, or a Retell event signed with its API key.
// Each builds on the fixtures of the platforms' docs (fixtures/), with the ids and times given.
import { RETELL_CALL_ANALYZED } from './fixtures/retell-call-analyzed.ts';
import { VAPI_END_OF_CALL_REPORT } from './fixtures/vapi-end-of-call-report.ts';
import { retellSignature } from './retell.ts';

export interface SignedDelivery {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
}

/** A Vapi end-of-call-report for call `callId`, that ended `endedAt` after 15.8 seconds. */
export function vapiEndOfCallReport(
  callId: string,
  options: { assistantId?: string; endedAt?: Date } = {},
) {
  const ended = options.endedAt ?? new Date();
  const started = new Date(ended.getTime() - 15_791);
  const { message } = VAPI_END_OF_CALL_REPORT;
  const assistantId = options.assistantId ?? message.assistant.id;
  return {
    message: {
      ...message,
      timestamp: ended.getTime(),
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      call: {
        ...message.call,
        id: callId,
        assistantId,
        startedAt: started.toISOString(),
        endedAt: ended.toISOString(),
      },
      assistant: { ...message.assistant, id: assistantId },
    },
  };
}

/**
 * A signed Vapi delivery: POST `init` to `url` (fetch, undici, autocannon …). `secret` is the one
 * the integration's creation answered; `baseUrl` the server's origin (e.g. http://127.0.0.1:3000).
 * `body` defaults to an end-of-call-report for a new call id.
 */
export function signedVapiDelivery(options: {
  baseUrl: string;
  integrationId: string;
  secret: string;
  body?: unknown;
  /** `x-vapi-secret` (Vapi's legacy server secret) or `bearer` (a Bearer Token credential). */
  as?: 'x-vapi-secret' | 'bearer';
}): SignedDelivery {
  const body = options.body ?? vapiEndOfCallReport(`bench-${crypto.randomUUID()}`);
  const credential: Record<string, string> =
    options.as === 'bearer'
      ? { authorization: `Bearer ${options.secret}` }
      : { 'x-vapi-secret': options.secret };
  return {
    url: `${options.baseUrl.replace(/\/+$/u, '')}/api/v1/webhooks/vapi/${options.integrationId}`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...credential },
      body: JSON.stringify(body),
    },
  };
}

/** A Retell call_analyzed for call `callId` that ended `endedAt` after 15.8 seconds. */
export function retellCallAnalyzed(
  callId: string,
  options: { agentId?: string; endedAt?: Date } = {},
) {
  const ended = (options.endedAt ?? new Date()).getTime();
  return {
    ...RETELL_CALL_ANALYZED,
    call: {
      ...RETELL_CALL_ANALYZED.call,
      call_id: callId,
      agent_id: options.agentId ?? RETELL_CALL_ANALYZED.call.agent_id,
      start_timestamp: ended - 15_791,
      end_timestamp: ended,
    },
  };
}

/** A Retell delivery signed with the organisation's Retell API key, as Retell signs it. */
export function signedRetellDelivery(options: {
  baseUrl: string;
  integrationId: string;
  apiKey: string;
  body: unknown;
  /** When it was signed, ms since the epoch; now by default. */
  timestamp?: number;
}): SignedDelivery {
  const body = JSON.stringify(options.body);
  return {
    url: `${options.baseUrl.replace(/\/+$/u, '')}/api/v1/webhooks/retell/${options.integrationId}`,
    init: {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-retell-signature': retellSignature(body, options.apiKey, options.timestamp),
      },
      body,
    },
  };
}
