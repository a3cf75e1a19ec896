// A seeded fuzz test of the whole API over real HTTP. Every /api/v1 route in the OpenAPI document
// (so a new route is fuzzed without anyone remembering to) and every identity endpoint the product
// uses (AUTH_ENDPOINTS) is called as each kind of actor with hostile values in its path, query and
// body: NUL characters, lone surrogates, 100,000-character strings, JSON of the wrong type, deep
// nesting, year 0 and year 10000, time zones only Node knows, numbers out of range, arrays for
// scalars, malformed percent-encoding. Each request is otherwise plausible (valid ids and values),
// so the hostile value gets as far into the server as it can.
//
// It checks: no 5xx; every error in its envelope; and no partial write — after every mutating
// request that was refused, a fingerprint of every tenant table is unchanged.
//
// Deterministic: FUZZ_SEED (default below) fixes every request; a failure names the seed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { TENANT_TABLES } from '../db/schema.ts';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { AUTH_ENDPOINTS } from '../modules/auth/auth.routes.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { TestClient, type JsonResponse } from '../test/http-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { openApiDocument } from './openapi.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_521);
/**
 * Requests per route and actor: one per kind of hostile value, one plausible control, then
 * free-for-alls. Routes × actors × this is over 2,000.
 */
const REQUESTS_PER_ROUTE_AND_ACTOR = 14;

// ---------------------------------------------------------------------------------------------
// A seeded random source (mulberry32).
// ---------------------------------------------------------------------------------------------

function randomSource(seed: number) {
  let state = seed | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[int(items.length)] as T;
  };
  const chance = (p: number) => next() < p;
  const token = (length: number) => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    return Array.from({ length }, () => alphabet[int(alphabet.length)]).join('');
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  return { next, int, pick, chance, token, uuid };
}
type Random = ReturnType<typeof randomSource>;

// ---------------------------------------------------------------------------------------------
// The routes: /api/v1 from the OpenAPI document, /api/auth from AUTH_ENDPOINTS.
// ---------------------------------------------------------------------------------------------

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

interface Slot {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

interface Route {
  method: string;
  /** e.g. /api/v1/calls/{callId} */
  template: string;
  pathParams: string[];
  query: Slot[];
  /** null: the route takes no body (one may still be sent). */
  body: Slot[] | null;
  identity: boolean;
  /** Called with an organisation's API key rather than an access token (the ingestion API). */
  apiKey: boolean;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  /** By media type: JSON for most routes, text/csv for the CSV import. */
  requestBody?: { content: Partial<Record<string, { schema: JsonSchema }>> };
  security?: Record<string, string[]>[];
}

function v1Routes(): Route[] {
  const routes: Route[] = [];
  const paths = openApiDocument().paths as Record<string, Record<string, OpenApiOperation>>;
  for (const [path, operations] of Object.entries(paths)) {
    // A path with its own server is an identity route (/api/auth): identityRoutes() covers those.
    if ('servers' in operations) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      // A text body (CSV) has no fields to fuzz one by one; hostile bodies are still sent.
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        template: `/api/v1${path}`,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        body: bodySchema
          ? Object.entries(bodySchema.properties ?? {}).map(([name, schema]) => ({
              name,
              schema,
              required: bodySchema.required?.includes(name) ?? false,
            }))
          : null,
        identity: false,
        apiKey: operation.security?.some((scheme) => 'apiKey' in scheme) ?? false,
      });
    }
  }
  return routes;
}

/** The fields better-auth reads on the identity endpoints (any other endpoint: none known). */
const IDENTITY_BODIES: Record<string, string[]> = {
  '/sign-in/email': ['email', 'password', 'rememberMe', 'callbackURL'],
  '/request-password-reset': ['email', 'redirectTo'],
  '/reset-password': ['newPassword', 'token'],
  '/change-password': ['currentPassword', 'newPassword', 'revokeOtherSessions'],
  '/sign-out': [],
};

function identityRoutes(): Route[] {
  return [...AUTH_ENDPOINTS].map((endpoint) => {
    const [method = '', path = ''] = endpoint.split(' ');
    const fields = IDENTITY_BODIES[path] ?? [];
    return {
      method,
      template: `/api/auth${path}`,
      pathParams: [],
      query: [],
      body:
        method === 'GET'
          ? null
          : fields.map((name) => ({ name, schema: {}, required: !name.startsWith('re') })),
      identity: true,
      apiKey: false,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Values: plausible ones, so that a request gets as far as it can, and hostile ones.
// ---------------------------------------------------------------------------------------------

/** Demo data the plausible values draw on. */
interface Known {
  callIds: string[];
  userIds: string[];
  organisationIds: string[];
  agentIds: string[];
  emails: string[];
  /** The API key each actor sends to the ingestion API (none: no Authorization header). */
  apiKeys: Map<string, string>;
  /** An agent of the organisation of each actor's API key. */
  keyAgents: Map<string, string>;
}

/** JSON text inserted into a body as it is (what JSON.stringify cannot or would not write). */
class RawJson {
  constructor(readonly text: string) {}
}

/** A URL value already percent-encoded (malformed on purpose, or not encodable). */
class RawUrl {
  constructor(readonly text: string) {}
}

const DAY = 86_400_000;
/** Node answers a request line and headers over 16 KB itself, with 431: stay well under. */
const MAX_URL_LENGTH = 12_000;

/**
 * A call for the ingestion API: new or sent before (`again`), under the given agent or any of
 * either organisation's.
 */
function plausibleCall(
  random: Random,
  known: Known,
  { again = false, agentId }: { again?: boolean; agentId?: string | undefined } = {},
): Record<string, unknown> {
  const ended = Date.now() - random.int(30 * 24) * 3_600_000;
  return {
    external_id: again ? 'fuzz-call-again' : `fuzz-call-${random.token(10)}`,
    agent_id: agentId ?? random.pick(known.agentIds),
    started_at: new Date(ended - 1000 * random.int(3600)).toISOString(),
    ended_at: new Date(ended).toISOString(),
    direction: random.pick(['inbound', 'outbound']),
    from_number: '+441632960123',
    to_number: '+441632960001',
    ...(random.chance(0.5)
      ? {
          caller_name: 'Fuzz Caller',
          summary: 'A call from the fuzz test',
          transcript: [{ speaker: 'caller', text: 'Hello', at_seconds: 1.5 }],
          recording_url: 'https://recordings.example.com/fuzz.mp3',
          sentiment: random.pick(['positive', 'neutral', 'negative', null]),
          disconnection_reason: 'caller_hangup',
          metadata: { source: 'fuzz' },
        }
      : {}),
  };
}

function plausible(random: Random, known: Known, name: string, schema: JsonSchema): unknown {
  const now = Date.now();
  switch (name) {
    case 'callId':
      return random.pick(known.callIds);
    case 'userId':
    case 'actorId':
    case 'assigneeId':
      return random.pick(known.userIds);
    case 'invitationId':
    case 'keyId':
      return random.uuid();
    case 'calls':
      return Array.from({ length: 1 + random.int(3) }, (_, index) =>
        plausibleCall(random, known, { again: index === 0 && random.chance(0.5) }),
      );
    case 'organisationId':
      return random.pick(known.organisationIds);
    case 'agentId':
      return random.pick(known.agentIds);
    case 'token':
      return random.token(43);
    case 'email':
    case 'adminEmail':
      return random.chance(0.5) ? random.pick(known.emails) : `fuzz${random.int(1e6)}@example.test`;
    case 'password':
    case 'currentPassword':
      return 'not-the-password-4821';
    case 'newPassword':
      return 'Plausible passphrase 4821';
    case 'first_name':
    case 'last_name':
      return 'Fuzz';
    case 'display_name':
      return 'Fuzz line';
    case 'name':
      return `Fuzz Organisation ${random.int(1e6)}`;
    case 'body':
      return 'A note from the fuzz test';
    case 'q':
      return random.pick(['a', 'Smith', '555']);
    case 'from':
    case 'closedFrom':
      return new Date(now - 30 * DAY).toISOString();
    case 'to':
    case 'closedTo':
      return new Date(now).toISOString();
    case 'tz':
      return random.pick(['UTC', 'Europe/London', 'America/New_York']);
    case 'page':
      return 1;
    case 'pageSize':
      return 10;
    case 'weekday':
      return 1 + random.int(7);
    case 'hour':
      return random.int(24);
    case 'callbackURL':
    case 'redirectTo':
      return '/dashboard';
    case 'rememberMe':
    case 'revokeOtherSessions':
      return false;
    default:
      break;
  }
  const options = schema.enum ?? schema.anyOf?.flatMap((option) => option.enum ?? []);
  if (options && options.length > 0) return random.pick(options);
  if (schema.type === 'boolean') return random.chance(0.5);
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  return 'x';
}

/** The hostile values, by kind. `url` values go into a path or query; `json` into a body. */
interface HostileKind {
  name: string;
  url: (random: Random) => string | RawUrl | string[];
  json: (random: Random) => unknown;
}

function deepJson(depth: number, open: string, close: string) {
  return new RawJson(open.repeat(depth) + close.repeat(depth));
}

const HOSTILE: HostileKind[] = [
  {
    name: 'NUL',
    url: (r) => r.pick(['\u0000', 'a\u0000b', `${r.uuid()}\u0000`]),
    json: (r) => r.pick(['\u0000', 'a\u0000b', 'Fuzz\u0000', `${r.uuid()}\u0000`]),
  },
  {
    name: 'lone surrogate',
    // encodeURIComponent refuses lone surrogates; their UTF-8-like bytes are not valid UTF-8.
    url: (r) => new RawUrl(r.pick(['%ED%A0%80', 'a%ED%B0%80', '%ED%A0%80%ED%A0%80'])),
    json: (r) => r.pick(['\ud800', 'Fuzz\udfff', '\udc00\ud800', 'a\ud83d']),
  },
  {
    name: 'long string',
    // A URL beyond Node's 16 KB header limit is refused by Node before the app; stay under it.
    url: (r) => 'x'.repeat(r.pick([201, 1000, 8000])),
    json: (r) => r.pick(['x'.repeat(100_000), 'é'.repeat(10_000), ' '.repeat(5000)]),
  },
  {
    name: 'wrong type',
    url: (r) => r.pick(['true', 'null', '[]', '{}', '', ' ', 'undefined']),
    json: (r) => r.pick([42, -1, true, false, null, {}, [], ['x'], { $gt: '' }, 1.5, '']),
  },
  {
    name: 'deep nesting',
    url: () => '['.repeat(2000),
    json: (r) =>
      r.pick([
        deepJson(10_000, '[', ']'),
        deepJson(2000, '[', ']'),
        new RawJson(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`),
      ]),
  },
  {
    name: 'year 0',
    url: (r) => r.pick(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59Z']),
    json: (r) => r.pick(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z']),
  },
  {
    name: 'year 10000',
    url: (r) =>
      r.pick(['+010000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '10000-01-01T00:00:00Z']),
    json: (r) => r.pick(['+010000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59']),
  },
  {
    name: 'time zone',
    url: (r) =>
      r.pick(['US/Pacific-New', 'Canada/East-Saskatchewan', 'Mars/Olympus', 'UTC+5', 'PST8']),
    json: (r) => r.pick(['US/Pacific-New', 'Canada/East-Saskatchewan']),
  },
  {
    name: 'number out of range',
    url: (r) =>
      r.pick(['-1', '0', '1e309', '99999999999999999999', '2147483648', 'NaN', '-Infinity', '1.5']),
    json: (r) => r.pick([1e308, -1e308, 2 ** 53 + 1, 2_147_483_648, -2_147_483_649, -0, 0.1]),
  },
  {
    name: 'array for scalar',
    url: (r) => [r.pick(['1', 'a', 'Closed']), r.pick(['2', 'b', '\u0000'])],
    json: (r) => r.pick([['x'], [null], [['x']], [1, 2], [{}]]),
  },
  {
    name: 'malformed encoding',
    url: (r) => new RawUrl(r.pick(['%', '%zz', '%E0%A4', '%C0%80', '%FF', '%%', '%00'])),
    json: (r) => r.pick(['%00', '%ED%A0%80', '\\u0000']),
  },
  {
    name: 'injection and odd text',
    url: (r) => r.pick(["' or 1=1 --", '%_\\', '../../etc/passwd', '😀', '\u202e', 'a/b']),
    json: (r) => r.pick(["'); drop table call_log; --", '%_\\', '😀', '\u202e', '<script>']),
  },
];

/** Whole bodies that are wrong before any field is read. */
function hostileBody(random: Random): {
  text: string | Uint8Array<ArrayBuffer>;
  type: string | null;
} {
  return random.pick([
    { text: '', type: 'application/json' },
    { text: '{', type: 'application/json' },
    { text: 'not json', type: 'application/json' },
    { text: 'null', type: 'application/json' },
    { text: '"\\u0000"', type: 'application/json' },
    { text: '["\\ud800"]', type: 'application/json' },
    { text: '{"\\u0000":1}', type: 'application/json' },
    { text: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, type: 'application/json' },
    { text: '{"a":1,"a":"\\u0000"}', type: 'application/json' },
    { text: '\uFEFF{}', type: 'application/json' },
    {
      text: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x00, 0x22, 0x7d]),
      type: 'application/json',
    },
    { text: 'email=%00&password=x', type: 'application/x-www-form-urlencoded' },
    { text: 'email=%ED%A0%80', type: 'application/x-www-form-urlencoded' },
    { text: 'a\u0000b', type: 'text/plain' },
    { text: '{"first_name":"\\u0000"}', type: 'text/plain' },
    { text: '{"email":"\\u0000"}', type: null },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Building one request.
// ---------------------------------------------------------------------------------------------

interface FuzzRequest {
  method: string;
  path: string;
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string | null;
  kind: string;
}

function encodeUrlValue(value: unknown): string {
  if (value instanceof RawUrl) return value.text;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function serialiseJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serialiseJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${serialiseJson(item)}`,
    );
    return `{${entries.join(',')}}`;
  }
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- JSON.stringify gives undefined for undefined, whatever its type says
  return JSON.stringify(value) ?? 'null';
}

/** `agentId`: an agent of the actor's organisation, which the plausible control's calls use. */
function buildRequest(
  random: Random,
  known: Known,
  route: Route,
  variant: number,
  agentId?: string,
): FuzzRequest {
  // Variant k < HOSTILE.length aims hostile value kind k at one slot; the next is a plausible
  // request (a control: it must get through and may change data); any later one is a
  // free-for-all with hostile values of any kind in about a third of the slots.
  const focused = HOSTILE[variant];
  const control = variant === HOSTILE.length;
  const wild = !focused && !control;
  const label = focused?.name ?? (control ? 'plausible' : 'mixed');
  const kindFor = () => focused ?? random.pick(HOSTILE);

  const slots: { where: 'path' | 'query' | 'body' | 'whole body'; name: string }[] = [
    ...route.pathParams.map((name) => ({ where: 'path' as const, name })),
    ...route.query.map((slot) => ({ where: 'query' as const, name: slot.name })),
    ...(route.body ?? []).map((slot) => ({ where: 'body' as const, name: slot.name })),
  ];
  if (route.method !== 'GET') slots.push({ where: 'whole body', name: '' });
  if (slots.length === 0) slots.push({ where: 'query', name: random.pick(['q', 'x', 'tz']) });
  const target = control ? null : random.pick(slots);
  const hostileHere = (where: string, name: string) =>
    wild ? random.chance(0.3) : target?.where === where && target.name === name;

  // Path
  let path = route.template;
  for (const name of route.pathParams) {
    const value = hostileHere('path', name)
      ? kindFor().url(random)
      : plausible(random, known, name, { type: 'string' });
    const single = Array.isArray(value) ? value.join(',') : value;
    path = path.replace(`{${name}}`, encodeUrlValue(single));
  }

  // Query: the required parameters, some optional ones, and the target.
  const pairs: string[] = [];
  const querySlots = route.query.length > 0 ? route.query : [];
  for (const slot of querySlots) {
    const isTarget = hostileHere('query', slot.name);
    if (!isTarget && !slot.required && !random.chance(0.3)) continue;
    const value = isTarget
      ? kindFor().url(random)
      : plausible(random, known, slot.name, slot.schema);
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const pair = `${encodeURIComponent(slot.name)}=${encodeUrlValue(item)}`;
      // Several long values together would pass Node's header limit (431 before the app).
      const length = path.length + pairs.reduce((sum, earlier) => sum + earlier.length + 1, 0);
      if (length + pair.length < MAX_URL_LENGTH) pairs.push(pair);
    }
  }
  if (target?.where === 'query' && !route.query.some((slot) => slot.name === target.name)) {
    const value = kindFor().url(random);
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push(`${encodeURIComponent(target.name)}=${encodeUrlValue(item)}`);
    }
  }
  // Dates come in pairs: a hostile period, not only a hostile end of one.
  if (focused && (focused.name === 'year 0' || focused.name === 'year 10000')) {
    const names = route.query.map((slot) => slot.name);
    if (names.includes('from') && names.includes('to') && random.chance(0.5)) {
      const period =
        focused.name === 'year 0'
          ? random.pick([
              ['0001-01-01T00:00:00Z', '0001-01-02T00:00:00Z'],
              ['0000-01-01T00:00:00Z', '0000-01-02T00:00:00Z'],
              ['1970-01-01T06:00:00Z', '1970-01-02T00:00:00Z'],
            ])
          : [['9999-12-31T00:00:00Z', '9999-12-31T23:59:59-23:59']][0];
      const kept = pairs.filter((pair) => !/^(from|to)=/u.test(pair));
      pairs.length = 0;
      pairs.push(
        ...kept,
        `from=${encodeUrlValue(period?.[0])}`,
        `to=${encodeUrlValue(period?.[1])}`,
      );
    }
  }
  if (pairs.length > 0) path += `?${pairs.join('&')}`;

  // Body
  if (route.method === 'GET') return { method: route.method, path, kind: label };
  if (hostileHere('whole body', '')) {
    const whole = random.chance(0.5) ? hostileBody(random) : null;
    if (whole)
      return {
        method: route.method,
        path,
        body: whole.text,
        contentType: whole.type,
        kind: label,
      };
    const value = kindFor().json(random);
    return {
      method: route.method,
      path,
      body: serialiseJson(value),
      contentType: 'application/json',
      kind: label,
    };
  }
  const body: Record<string, unknown> = {};
  for (const slot of route.body ?? []) {
    const isTarget = hostileHere('body', slot.name);
    if (!isTarget && !slot.required && !random.chance(0.5)) continue;
    if (isTarget && slot.name === 'calls' && random.chance(0.5)) {
      // The hostile value inside one call, where the batch's own checks must catch it.
      const inner = plausibleCall(random, known, { agentId });
      inner[random.pick(Object.keys(inner))] = kindFor().json(random);
      body[slot.name] = [plausibleCall(random, known, { agentId }), inner];
      continue;
    }
    if (control && slot.name === 'calls' && agentId) {
      // The control batch is one the actor's key must accept: its organisation's agent.
      body[slot.name] = [plausibleCall(random, known, { again: true, agentId })];
      continue;
    }
    body[slot.name] = isTarget
      ? kindFor().json(random)
      : plausible(random, known, slot.name, slot.schema);
  }
  if (wild && random.chance(0.2))
    body[random.pick(['__proto__', 'constructor', 'x\u0000', ''])] = 1;
  // Identity endpoints also take forms; send some bodies that way.
  if (route.identity && random.chance(0.25)) {
    const form = Object.entries(body)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeUrlValue(value)}`)
      .join('&');
    return {
      method: route.method,
      path,
      body: form,
      contentType: 'application/x-www-form-urlencoded',
      kind: label,
    };
  }
  const contentType = random.chance(0.9) ? 'application/json' : random.pick(['text/plain', null]);
  return { method: route.method, path, body: serialiseJson(body), contentType, kind: label };
}

// ---------------------------------------------------------------------------------------------
// Checks.
// ---------------------------------------------------------------------------------------------

/** The error handler's answer when PostgreSQL refused a value (input-guard.ts). */
const DATABASE_REFUSED = 'A value in the request is not valid.';

const isText = (value: unknown) => typeof value === 'string' && value.length > 0;

function hasEnvelope(identity: boolean, body: unknown): boolean {
  const record = (body ?? {}) as Record<string, unknown>;
  const error = record.error as Record<string, unknown> | undefined;
  const ours = !!error && isText(error.code) && isText(error.message);
  if (!identity) return ours;
  // better-auth's shape {code, message} (its per-address limiter sends a message alone); a 413
  // from the body limit comes before better-auth and is in ours.
  return ours || (isText(record.message) && (record.code === undefined || isText(record.code)));
}

/** Row count and an md5 of every row of every tenant table, as the owner (RLS does not apply). */
async function fingerprint(server: TestServer): Promise<string> {
  const parts = TENANT_TABLES.map(
    (table) =>
      sql`select ${table}::text as t, count(*)::text as n,
                 md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
          from ${sql.identifier(table)} x`,
  );
  const rows = await queryRows<{ t: string; n: string; h: string }>(
    server.database.db,
    sql.join(parts, sql` union all `),
  );
  return rows.map((row) => `${row.t}:${row.n}:${row.h}`).join(' ');
}

const shorten = (text: string, length = 160) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

function describeRequest(actor: string, request: FuzzRequest) {
  const body =
    request.body === undefined
      ? ''
      : ` body=${shorten(JSON.stringify(typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('latin1')))}`;
  return `[${request.kind}] ${actor}: ${request.method} ${shorten(request.path)}${body}`;
}

// ---------------------------------------------------------------------------------------------
// The test.
// ---------------------------------------------------------------------------------------------

const ACTORS = [
  { name: 'anonymous', email: null },
  { name: 'member', email: 'mia@northwind.test' },
  { name: 'admin of another organisation', email: 'gus.admin@globex.test' },
  { name: 'no-organisation user', email: 'nora@nowhere.test' },
  { name: 'super-admin', email: 'root@callboard.test' },
] as const;

describe.each(testDatabaseKinds)('fuzz: hostile input to every API route [$name]', ({ create }) => {
  let server: TestServer;
  const clients = new Map<string, TestClient>();
  /** Signs out in place of the actors, whose sessions the fuzz needs. */
  let signOutClient: TestClient;
  let known: Known;

  beforeAll(async () => {
    server = await startTestServer(await create(), {
      callsPerOrganisation: 30,
      // Each request names its own client address, so the per-address limits of the identity
      // endpoints do not turn every later request into a 429 before it reaches better-auth.
      env: { TRUSTED_PROXIES: '127.0.0.1' },
    });
    // Everyone signs in before the fuzz can lock an address with failed sign-ins.
    for (const actor of ACTORS) {
      const client = new TestClient(server.url);
      if (actor.email) {
        const signedIn = await client.signIn(actor.email, DEMO_PASSWORD);
        expect(signedIn.status).toBe(200);
        expect(client.accessToken).not.toBeNull();
      }
      clients.set(actor.name, client);
    }
    signOutClient = new TestClient(server.url);
    expect((await signOutClient.signIn('leo@northwind.test', DEMO_PASSWORD)).status).toBe(200);

    const db = server.database.db;
    const calls = await queryRows<{ call_id: string }>(
      db,
      sql`select call_id from call_log order by call_id limit 20`,
    );
    const users = await queryRows<{ id: string }>(db, sql`select id from profiles order by id`);
    const organisations = await queryRows<{ id: string }>(db, sql`select id from organisations`);
    const emails = await queryRows<{ email: string }>(db, sql`select email from users`);
    // The ingestion API's actors: a member sends Northwind's key, the other organisation's admin
    // Globex's, the no-organisation user a revoked key, the super-admin one that never existed.
    const keyOf = async (email: string) => {
      const admin = new TestClient(server.url);
      expect((await admin.signIn(email, DEMO_PASSWORD)).status).toBe(200);
      const created = await admin.request<{ id: string; key: string }>(
        'POST',
        '/api/v1/admin/api-keys',
        { json: { name: 'Fuzz' } },
      );
      expect(created.status).toBe(201);
      return { admin, ...created.body };
    };
    const northwindKey = await keyOf('ava.admin@northwind.test');
    const globexKey = await keyOf('gus.admin@globex.test');
    const revokedKey = await keyOf('ava.admin@northwind.test');
    const revoked = await revokedKey.admin.request(
      'DELETE',
      `/api/v1/admin/api-keys/${revokedKey.id}`,
    );
    expect(revoked.status).toBe(204);
    known = {
      callIds: calls.map((row) => row.call_id),
      userIds: users.map((row) => row.id),
      organisationIds: organisations.map((row) => row.id),
      agentIds: ['nw-agent-1', 'gx-agent-2', 'stray-agent-1'],
      emails: emails.map((row) => row.email),
      apiKeys: new Map([
        ['member', northwindKey.key],
        ['admin of another organisation', globexKey.key],
        ['no-organisation user', revokedKey.key],
        ['super-admin', `cb_live_${'0'.repeat(43)}`],
      ]),
      keyAgents: new Map([
        ['member', 'nw-agent-1'],
        ['admin of another organisation', 'gx-agent-2'],
      ]),
    };
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers every request without a 5xx, in the error envelope, and without a partial write', async () => {
    const random = randomSource(SEED);
    const routes = [...v1Routes(), ...identityRoutes()];
    const failures: string[] = [];
    const refusedByKind = new Map<string, number>();
    const acceptedByActor = new Map<string, number>();
    let sent = 0;
    let acceptedWithApiKey = 0;
    let baseline = await fingerprint(server);

    for (let variant = 0; variant < REQUESTS_PER_ROUTE_AND_ACTOR; variant += 1) {
      for (const actor of ACTORS) {
        for (const route of routes) {
          // The operator's test error is a 500 by design (diagnostics.test.ts covers it).
          if (route.template === '/api/v1/test-sentry' && actor.name === 'super-admin') continue;
          // The event stream a signed-in member gets never ends, and takes no input to fuzz;
          // modules/events/events.test.ts covers it.
          if (route.template === '/api/v1/events' && route.method === 'GET' && actor.email)
            continue;
          const request = buildRequest(
            random,
            known,
            route,
            variant,
            known.keyAgents.get(actor.name),
          );
          const client =
            route.template === '/api/auth/sign-out' && actor.email
              ? signOutClient
              : (clients.get(actor.name) as TestClient);
          const headers: Record<string, string> = {
            'x-forwarded-for': `10.${random.int(256)}.${random.int(256)}.${1 + random.int(254)}`,
          };
          if (request.contentType) headers['content-type'] = request.contentType;
          let response: JsonResponse;
          try {
            const bearer = route.apiKey
              ? (known.apiKeys.get(actor.name) ?? null)
              : route.identity || actor.email === null
                ? null
                : undefined;
            response = await client.request(request.method, request.path, {
              headers,
              ...(request.body === undefined ? {} : { body: request.body }),
              ...(bearer === undefined ? {} : { bearer }),
            });
          } catch (error) {
            failures.push(`${describeRequest(actor.name, request)} → ${String(error)}`);
            continue;
          }
          sent += 1;
          const what = () =>
            `${describeRequest(actor.name, request)} → ${response.status} ${shorten(JSON.stringify(response.body))}`;
          if (response.status >= 500) failures.push(`5xx: ${what()}`);
          else if (response.status >= 400 && !hasEnvelope(route.identity, response.body)) {
            failures.push(`no envelope: ${what()}`);
          } else if (JSON.stringify(response.body).includes(DATABASE_REFUSED)) {
            // The error handler's safety net caught it: the input boundary let the value through.
            failures.push(`reached the database: ${what()}`);
          }
          if (response.status < 300 && !route.identity) {
            acceptedByActor.set(actor.name, (acceptedByActor.get(actor.name) ?? 0) + 1);
            if (route.apiKey) acceptedWithApiKey += 1;
          }
          if (response.status === 400) {
            refusedByKind.set(request.kind, (refusedByKind.get(request.kind) ?? 0) + 1);
          }
          if (request.method !== 'GET') {
            const now = await fingerprint(server);
            if (response.status >= 400 && now !== baseline) {
              failures.push(`partial write: ${what()}`);
            }
            baseline = now;
          }
        }
      }
    }

    expect(sent, `seed ${SEED}`).toBeGreaterThanOrEqual(2000);
    // Every kind of hostile value was refused somewhere: the generator is not aiming at nothing.
    // Every signed-in actor stayed signed in and got through to the API.
    for (const actor of ACTORS.filter((candidate) => candidate.email !== null)) {
      expect(acceptedByActor.get(actor.name) ?? 0, `seed ${SEED}: ${actor.name}`).toBeGreaterThan(
        5,
      );
    }
    // The ingestion API's plausible batches got through with a live key.
    expect(acceptedWithApiKey, `seed ${SEED}: ingestion`).toBeGreaterThan(0);
    for (const kind of HOSTILE) {
      expect(refusedByKind.get(kind.name) ?? 0, `seed ${SEED}: ${kind.name}`).toBeGreaterThan(0);
    }
    expect(
      failures,
      `FUZZ_SEED=${SEED}: ${failures.length} of ${sent} requests failed; the first:\n${failures.slice(0, 25).join('\n')}`,
    ).toEqual([]);
  }, 240_000);
});
