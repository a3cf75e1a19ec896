// Organisation API keys (/api/v1/admin/api-keys, organisation admins) and the call ingestion API
// (/api/v1/ingest/calls, authenticated by one of those keys). docs/ingestion.md describes both;
// docs/decisions/0014-api-keys-and-idempotent-ingestion.md says why they are built so.
import { z } from 'zod';
import { isoDateTime, SENTIMENTS } from './calls.ts';

/** Every key starts so, which lets secret scanners find a leaked one. */
export const API_KEY_PREFIX = 'cb_live_';
/** The random part: 32 bytes from a cryptographic source, base64url without padding. */
export const API_KEY_SECRET_LENGTH = 43;
/** A whole key: `cb_live_` and the random part. */
export const API_KEY_PATTERN = /^cb_live_[A-Za-z0-9_-]{43}$/u;
/** How much of a key the list shows to tell keys apart: the prefix and 6 random characters. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 6;

export const createApiKeyBodySchema = z.object({
  name: z
    .string({ message: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters'),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** A live key as the admin area lists it: never the secret, nor its hash. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters (`cb_live_` and 6 more), to recognise it. */
  prefix: z.string(),
  created_at: z.string(),
  /** The admin who created it; null once they are no longer a user. */
  created_by: z.uuid().nullable(),
  /** When a batch was last accepted with it (to the minute); null if never. */
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the whole key is shown. */
export const createdApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  key: z.string(),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// ---------------------------------------------------------------------------------------------
// Ingestion
// ---------------------------------------------------------------------------------------------

export const INGEST_MAX_CALLS = 1000;
/** `metadata`, serialised as JSON (UTF-8). */
export const INGEST_METADATA_MAX_BYTES = 16 * 1024;
/** A call lasts at most a day. */
export const INGEST_MAX_CALL_SECONDS = 24 * 60 * 60;
export const INGEST_MAX_TRANSCRIPT_TURNS = 5000;

const text = (max: number) =>
  z.string({ message: 'must be text' }).max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => text(max).min(1, 'must not be empty');
/** An optional field: left out, the stored value stays; null clears it. */
const optional = <Schema extends z.ZodType>(schema: Schema) => schema.nullable().optional();

/** UTF-8 length, without TextEncoder (the contract assumes neither the DOM nor Node). */
function byteLength(value: string): number {
  let bytes = 0;
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const ingestTranscriptTurnSchema = z.object({
  speaker: z.enum(['agent', 'caller'], { message: 'must be agent or caller' }),
  text: text(20_000),
  at_seconds: z
    .number({ message: 'must be a number of seconds' })
    .min(0, 'must be 0 or more')
    .max(INGEST_MAX_CALL_SECONDS, `must be at most ${INGEST_MAX_CALL_SECONDS}`),
});

/** One call as a voice platform sends it. */
export const ingestCallSchema = z
  .object({
    /** The sender's own id for the call: sending it again updates the same call. */
    external_id: requiredText(200),
    agent_id: requiredText(200),
    started_at: isoDateTime,
    ended_at: isoDateTime,
    direction: z.enum(['inbound', 'outbound'], { message: 'must be inbound or outbound' }),
    from_number: requiredText(200),
    to_number: requiredText(200),
    caller_name: optional(text(200)),
    summary: optional(text(20_000)),
    transcript: optional(
      z
        .array(ingestTranscriptTurnSchema, { message: 'must be a list of turns' })
        .max(INGEST_MAX_TRANSCRIPT_TURNS, `must have at most ${INGEST_MAX_TRANSCRIPT_TURNS} turns`),
    ),
    recording_url: optional(
      z
        .string({ message: 'must be an https URL' })
        .max(2000, 'must be at most 2000 characters')
        .pipe(
          z.url({
            protocol: /^https$/u,
            hostname: z.regexes.domain,
            message: 'must be an https URL',
          }),
        ),
    ),
    sentiment: optional(z.enum(SENTIMENTS, { message: 'must be positive, neutral or negative' })),
    disconnection_reason: optional(text(200)),
    metadata: optional(
      z
        .record(z.string(), z.unknown(), { message: 'must be a JSON object' })
        .refine(
          (value) => byteLength(JSON.stringify(value)) <= INGEST_METADATA_MAX_BYTES,
          `must be at most ${INGEST_METADATA_MAX_BYTES / 1024} KB as JSON`,
        ),
    ),
  })
  .superRefine((call, ctx) => {
    const seconds = (Date.parse(call.ended_at) - Date.parse(call.started_at)) / 1000;
    if (seconds < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['ended_at'],
        message: 'must not be before started_at',
      });
    } else if (seconds > INGEST_MAX_CALL_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['ended_at'],
        message: 'must be at most 24 hours after started_at',
      });
    }
  });
export type IngestCall = z.infer<typeof ingestCallSchema>;

export const ingestCallsBodySchema = z.object({
  calls: z
    .array(ingestCallSchema, { message: 'must be a list of calls' })
    .min(1, 'must have at least one call')
    .max(INGEST_MAX_CALLS, `must have at most ${INGEST_MAX_CALLS} calls`)
    .superRefine((calls, ctx) => {
      const first = new Map<string, number>();
      calls.forEach((call, index) => {
        const earlier = first.get(call.external_id);
        if (earlier === undefined) first.set(call.external_id, index);
        else {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'external_id'],
            message: `repeats calls.${earlier}.external_id: send each call once per batch`,
          });
        }
      });
    }),
});
export type IngestCallsBody = z.input<typeof ingestCallsBodySchema>;

export const INGEST_RESULTS = ['created', 'updated', 'unchanged'] as const;

export const ingestCallsResponseSchema = z.object({
  /** One entry per call sent, in the order sent. */
  calls: z.array(
    z.object({
      external_id: z.string(),
      call_id: z.string(),
      result: z.enum(INGEST_RESULTS),
    }),
  ),
});
export type IngestCallsResponse = z.infer<typeof ingestCallsResponseSchema>;

/** The examples of the OpenAPI document and docs/ingestion.md. */
export const INGEST_EXAMPLE = {
  body: {
    calls: [
      {
        external_id: 'conv_8f3a2c',
        agent_id: 'front-desk-ai',
        started_at: '2026-05-04T09:12:03Z',
        ended_at: '2026-05-04T09:15:41Z',
        direction: 'inbound',
        from_number: '+441632960123',
        to_number: '+441632960001',
        caller_name: 'Sam Patel',
        summary: 'Asked to move Thursday’s appointment to the afternoon.',
        transcript: [
          { speaker: 'agent', text: 'Good morning, Northwind Clinics.', at_seconds: 0 },
          { speaker: 'caller', text: 'Hi, I need to move my appointment.', at_seconds: 2.4 },
        ],
        recording_url: 'https://recordings.example.com/conv_8f3a2c.mp3',
        sentiment: 'neutral',
        disconnection_reason: 'caller_hangup',
        metadata: { campaign: 'spring-recall', platform_call_id: 'pc_1842' },
      },
    ],
  },
  response: {
    calls: [
      {
        external_id: 'conv_8f3a2c',
        call_id: 'call_6b1e0f93d2a84c7e9f0a1b2c3d4e5f60',
        result: 'created',
      },
    ],
  },
} as const satisfies { body: IngestCallsBody; response: IngestCallsResponse };
