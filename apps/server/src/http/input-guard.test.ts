// The input boundary (input-guard.ts): strings PostgreSQL cannot take, dates out of range, time
// zones the database does not know, and the error handler's treatment of database errors. Each
// case here was a 500 once (docs/security.md, "Limits").
import { analyticsQuerySchema, callListQuerySchema, isoDateTime } from '@callboard/contract';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { rawRequest, TestClient } from '../test/http-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { buildServer } from '../server.ts';
import { loadConfig } from '../config.ts';
import { createApp } from './app.ts';
import { AppError } from './errors.ts';
import {
  assertCleanJson,
  databaseErrorOf,
  isKnownTimeZone,
  jsonProblems,
  MAX_JSON_DEPTH,
  stringProblem,
} from './input-guard.ts';

const fieldsOf = (body: unknown) =>
  (body as { error?: { fields?: Record<string, string> } }).error?.fields ?? {};

describe('strings PostgreSQL cannot take', () => {
  it('finds NUL characters and unpaired surrogates, and nothing else', () => {
    expect(stringProblem('a\u0000b')).toMatch(/NUL/u);
    expect(stringProblem('\ud800')).toMatch(/surrogate/u);
    expect(stringProblem('x\udfff')).toMatch(/surrogate/u);
    expect(stringProblem('\udc00\ud800')).toMatch(/surrogate/u);
    for (const fine of [
      '',
      'plain',
      '😀',
      'Zoë',
      '\u202e',
      'x'.repeat(100_000),
      '%00',
      '\\u0000',
    ]) {
      expect(stringProblem(fine)).toBeNull();
    }
  });

  it('names every bad field of a JSON value, keys included, at any depth', () => {
    expect(
      jsonProblems({
        first_name: 'Ann\u0000',
        last_name: 'fine',
        items: ['ok', '\ud800'],
        nested: { 'key\u0000': 1 },
      }),
    ).toEqual({
      first_name: 'must not contain a NUL character',
      'items.1': 'must not contain an unpaired surrogate (invalid Unicode)',
      nested: 'has a property name that must not contain a NUL character',
    });
    expect(jsonProblems('\u0000')).toEqual({ body: 'must not contain a NUL character' });
    // JSON.parse makes __proto__ an ordinary property; it is checked like any other.
    expect(Object.keys(jsonProblems(JSON.parse('{"__proto__":"\\u0000"}')))).toEqual(['__proto__']);
    expect(jsonProblems({ a: 1, b: [true, null, 'ok'] })).toEqual({});
  });

  it('refuses deep nesting without exhausting the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 10_000; level += 1) deep = [deep];
    expect(Object.values(jsonProblems(deep))).toEqual([
      `must not be nested more than ${MAX_JSON_DEPTH} levels deep`,
    ]);
    let shallow: unknown = 'leaf';
    for (let level = 0; level < MAX_JSON_DEPTH; level += 1) shallow = { a: shallow };
    expect(jsonProblems(shallow)).toEqual({});
  });

  it('throws a 400 naming the fields', () => {
    let thrown: unknown;
    try {
      assertCleanJson({ name: 'Acme \ud800' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).toBody()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid request: name must not contain an unpaired surrogate (invalid Unicode).',
        fields: { name: 'must not contain an unpaired surrogate (invalid Unicode)' },
      },
    });
  });
});

describe('dates in the contract', () => {
  it('are from 1970-01-01 to 9999-12-31, whatever the offset', () => {
    for (const good of [
      '1970-01-01T00:00:00Z',
      '2026-05-21T10:00:00+02:00',
      '9999-12-31T23:59:59.999Z',
    ]) {
      expect(isoDateTime.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      '1970-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-23:59',
    ]) {
      expect(isoDateTime.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("keep an analytics period's previous period in range too", () => {
    const analytics = (from: string, to: string) => analyticsQuerySchema.safeParse({ from, to });
    expect(analytics('1970-01-02T00:00:00Z', '1970-01-03T00:00:00Z').success).toBe(true);
    const refused = analytics('1970-01-01T06:00:00Z', '1970-01-02T00:00:00Z');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['from']);
  });

  it('compare from and to as instants, not as text', () => {
    // 10:00+05:00 is 05:00Z, before 06:00Z, though it sorts after it as text.
    const query = { from: '2026-01-01T10:00:00+05:00', to: '2026-01-01T06:00:00Z' };
    expect(callListQuerySchema.safeParse(query).success).toBe(true);
    expect(callListQuerySchema.safeParse({ from: query.to, to: query.from }).success).toBe(false);
  });
});

describe('database errors', () => {
  const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code: '22021',
    severity: 'ERROR',
    routine: 'report_invalid_encoding',
  });

  it('are found raw and wrapped by Drizzle, and summarised without the query', () => {
    const wrapped = new DrizzleQueryError('select $1', ['secret\u0000'], driverError);
    for (const error of [driverError, wrapped]) {
      expect(databaseErrorOf(error)).toEqual({
        code: '22021',
        message: 'invalid byte sequence for encoding "UTF8": 0x00',
        severity: 'ERROR',
        routine: 'report_invalid_encoding',
      });
    }
    expect(JSON.stringify(databaseErrorOf(wrapped))).not.toContain('secret');
    expect(databaseErrorOf(new Error('no'))).toBeNull();
    expect(databaseErrorOf(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeNull();
  });
});

const SECRET = 'secret-parameter-7d41';

describe.each(testDatabaseKinds)('the input boundary over HTTP [$name]', ({ create }) => {
  let server: TestServer;
  let member: TestClient;
  let admin: TestClient;
  let root: TestClient;

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 10 });
    member = new TestClient(server.url);
    admin = new TestClient(server.url);
    root = new TestClient(server.url);
    expect((await member.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
    expect((await admin.signIn('ava.admin@northwind.test', DEMO_PASSWORD)).status).toBe(200);
    expect((await root.signIn('root@callboard.test', DEMO_PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses NUL in query values, naming the parameter', async () => {
    const period = 'from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z';
    for (const [path, field] of [
      ['/api/v1/calls?q=%00', 'q'],
      ['/api/v1/calls?agentId=nw%00', 'agentId'],
      ['/api/v1/calls?disconnectionReason=a%00b', 'disconnectionReason'],
      [`/api/v1/analytics?${period}&agentId=%00`, 'agentId'],
      ['/api/v1/calls?__proto__=%00', '__proto__'],
    ] as const) {
      const response = await member.request('GET', path);
      expect(response.status, path).toBe(400);
      expect(fieldsOf(response.body), path).toEqual({
        [field]: 'must not contain a NUL character',
      });
    }
  });

  it('refuses NUL in path ids, and malformed percent-encoding anywhere in the URL', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/calls/%00'],
      ['PUT', '/api/v1/admin/agents/nw-agent-1%00'],
      ['POST', '/api/v1/admin/invitations/%00/revoke'],
      ['GET', '/api/v1/calls/%ED%A0%80'],
      ['GET', '/api/v1/calls/%zz'],
      ['GET', '/api/v1/invitations/aaaaaaaaaaaaaaaaaaaaaaaaa%00'],
    ] as const) {
      const response = await admin.request(
        method,
        path,
        method === 'GET' ? {} : { json: { display_name: 'x' } },
      );
      expect(response.status, path).toBe(400);
      expect(Object.keys(fieldsOf(response.body)), path).toEqual(['path']);
    }
    const query = await member.request('GET', '/api/v1/calls?q=%E0%A4');
    expect(fieldsOf(query.body)).toEqual({ q: 'is not valid percent-encoded UTF-8' });
  });

  it('ignores the body of a GET, however large or bad, and the connection carries on', async () => {
    // Over one keep-alive socket: a GET whose body is over the JSON limit and holds a NUL, then a
    // plain GET. Neither the body limit nor the string check looks at a GET's body (architecture.md,
    // "API"), and the unread body must not hold up the next request on the connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = async (body: string | null) => {
      const response = await rawRequest(`${server.url}/api/v1/me`, {
        agent,
        headers: {
          authorization: `Bearer ${member.accessToken ?? ''}`,
          ...(body === null
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(body)),
              }),
        },
        ...(body === null ? {} : { body }),
      });
      return {
        status: response.status,
        email: (JSON.parse(response.body.toString('utf8')) as { email?: unknown }).email,
      };
    };
    try {
      const large = JSON.stringify({ note: `a\u0000${'x'.repeat(3 * 1024 * 1024)}` });
      expect(await get(large)).toEqual({ status: 200, email: 'mia@northwind.test' });
      expect(await get(null)).toEqual({ status: 200, email: 'mia@northwind.test' });
    } finally {
      agent.destroy();
    }
  });

  it('refuses NUL and lone surrogates in JSON bodies, and writes nothing', async () => {
    const before = await snapshot(server.database.db);
    const [call] = await queryRows<{ call_id: string }>(
      server.database.db,
      sql`select c.call_id from call_log c join organisations o on o.id = c.organisation_id
          where o.name = 'Northwind Clinics' order by c.call_id limit 1`,
    );
    const cases: [TestClient, string, string, unknown, string][] = [
      [
        member,
        'PATCH',
        '/api/v1/me',
        { first_name: 'Mia\u0000', last_name: 'Okafor' },
        'first_name',
      ],
      [member, 'PATCH', '/api/v1/me', { first_name: 'Mia', last_name: '\ud800' }, 'last_name'],
      [member, 'POST', `/api/v1/calls/${call?.call_id}/notes`, { body: 'a\u0000' }, 'body'],
      [
        admin,
        'PUT',
        '/api/v1/admin/agents/nw-agent-1',
        { display_name: 'Desk \ud800' },
        'display_name',
      ],
      [admin, 'PUT', '/api/v1/admin/agents/nw-agent-1', { display_name: '\u0000' }, 'display_name'],
      [
        root,
        'POST',
        '/api/v1/platform/organisations',
        { name: 'Acme \ud800', adminEmail: 'boss@acme.test' },
        'name',
      ],
      [
        root,
        'POST',
        '/api/v1/platform/organisations',
        { name: 'Acme\u0000', adminEmail: 'boss@acme.test' },
        'name',
      ],
    ];
    for (const [client, method, path, json, field] of cases) {
      const response = await client.request(method, path, { json });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(Object.keys(fieldsOf(response.body)), `${method} ${path}`).toEqual([field]);
    }
    // The same bodies with a wrong Content-Type are parsed all the same, so checked all the same.
    const disguised = await member.request('PATCH', '/api/v1/me', {
      body: JSON.stringify({ first_name: 'Mia\u0000', last_name: 'Okafor' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(disguised.status).toBe(400);
    expect(await snapshot(server.database.db)).toEqual(before);
  });

  it("answers identity endpoints in better-auth's shape", async () => {
    const anonymous = new TestClient(server.url);
    for (const [path, options] of [
      ['/api/auth/sign-in/email', { json: { email: '\u0000', password: 'x' } }],
      ['/api/auth/sign-in/email', { json: { email: 'mia@northwind.test', password: '\ud800' } }],
      ['/api/auth/request-password-reset', { json: { email: 'a@b.test', redirectTo: '\ud800' } }],
      [
        '/api/auth/request-password-reset',
        {
          body: 'email=mia%00%40northwind.test',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [
        '/api/auth/reset-password',
        { json: { newPassword: 'long enough pass 1', token: '\u0000' } },
      ],
      ['/api/auth/sign-in/email?next=%zz', { json: { email: 'a@b.test', password: 'x' } }],
    ] as const) {
      const response = await anonymous.request('POST', path, options);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toEqual({
        code: 'VALIDATION_ERROR',
        message: expect.any(String) as unknown,
      });
    }
  });

  it('refuses dates outside 1970 … 9999, and a previous period that leaves them', async () => {
    for (const [path, field] of [
      ['/api/v1/calls?from=0000-01-01T00:00:00Z', 'from'],
      ['/api/v1/calls?to=9999-12-31T23:59:59-23:59', 'to'],
      ['/api/v1/calls?closedFrom=0001-01-01T00:00:00Z', 'closedFrom'],
      ['/api/v1/analytics?from=0001-01-01T00:00:00Z&to=0001-01-02T00:00:00Z', 'from'],
      ['/api/v1/analytics?from=1970-01-01T06:00:00Z&to=1970-01-02T00:00:00Z', 'from'],
      ['/api/v1/analytics?from=9999-12-31T00:00:00Z&to=9999-12-31T23:59:59-23:59', 'to'],
    ] as const) {
      const response = await member.request('GET', path);
      expect(response.status, path).toBe(400);
      expect(Object.keys(fieldsOf(response.body)), path).toContain(field);
    }
    const earliest = await member.request(
      'GET',
      '/api/v1/analytics?from=1970-01-02T00:00:00Z&to=1970-01-03T00:00:00Z',
    );
    expect(earliest.status).toBe(200);
  });

  it('refuses time zones that Node knows and PostgreSQL does not', async () => {
    const period = 'from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z';
    for (const path of [
      `/api/v1/analytics?${period}&tz=US%2FPacific-New`,
      `/api/v1/analytics?${period}&tz=Canada%2FEast-Saskatchewan`,
      '/api/v1/calls?weekday=1&tz=US%2FPacific-New',
      '/api/v1/calls?tz=Canada%2FEast-Saskatchewan',
    ]) {
      const response = await member.request('GET', path);
      expect(response.status, path).toBe(400);
      expect(fieldsOf(response.body), path).toEqual({
        tz: 'must be a time zone the database knows, such as Europe/London',
      });
    }
    for (const zone of ['Europe%2FLondon', 'europe%2Flondon', 'UTC', 'Asia%2FKolkata']) {
      const response = await member.request('GET', `/api/v1/analytics?${period}&tz=${zone}`);
      expect(response.status, zone).toBe(200);
    }
  });

  it("reads the database's time zones once per database", async () => {
    let queries = 0;
    const db = server.database.db;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'execute') {
          return (...args: Parameters<Db['execute']>) => {
            queries += 1;
            return target.execute(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    expect(await isKnownTimeZone(counting, 'Europe/London')).toBe(true);
    expect(await isKnownTimeZone(counting, 'US/Pacific-New')).toBe(false);
    expect(await isKnownTimeZone(counting, 'Canada/East-Saskatchewan')).toBe(false);
    expect(queries).toBe(1);
  });

  it('turns a value the database refused into a 400, and logs no query parameters', async () => {
    const db = server.database.db;
    const refused = await failureOf(db, sql`select ${`${SECRET}\u0000`}::text`);
    const broken = await failureOf(db, sql`select ${SECRET}::text from no_such_table`);
    const built = await buildServer({
      config: loadConfig({
        NODE_ENV: 'test',
        APP_URL: server.url,
        AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        SEED_DEMO_DATA: 'false',
      }),
      logger: pino({ level: 'silent' }),
      database: server.database,
      webRoot: null,
    });
    const { app, lines, reported } = appFailingWith(built, refused);
    const answer = await app.request(`/api/v1/invitations/${'a'.repeat(30)}`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'A value in the request is not valid.' },
    });
    expect(lines.join('\n')).toContain('22021');
    expect(reported).toEqual([]);

    // The driver's own error, unwrapped, is recognised as well.
    const raw = appFailingWith(built, (refused as { cause: unknown }).cause);
    expect((await raw.app.request(`/api/v1/invitations/${'a'.repeat(30)}`)).status).toBe(400);

    // Any other database error stays a 500, logged and reported without the query or parameters.
    const other = appFailingWith(built, broken);
    const failed = await other.app.request(`/api/v1/invitations/${'a'.repeat(30)}`);
    expect(failed.status).toBe(500);
    expect(other.lines.join('\n')).toContain('42P01');
    expect(other.reported).toHaveLength(1);
    expect(String(other.reported[0])).toContain('42P01');

    for (const text of [...lines, ...raw.lines, ...other.lines, ...other.reported.map(String)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('::text'); // the query text
    }
    expect(JSON.stringify(other.reported.map((error) => (error as Error).stack))).not.toContain(
      SECRET,
    );
  });
});

/** Every tenant row that the cases above could touch, as text. */
async function snapshot(db: Db) {
  return queryRows(
    db,
    sql`select (select md5(string_agg(p::text, '|' order by p.id)) from profiles p) as profiles,
               (select md5(string_agg(a::text, '|' order by a.agent_id)) from agent_mapping a) as agents,
               (select count(*)::text from organisations) as organisations,
               (select count(*)::text from call_activity) as activity,
               (select count(*)::text from audit_log) as audit`,
  );
}

/** The error a query fails with, as the driver and Drizzle throw it. */
async function failureOf(db: Db, query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await db.execute(query);
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

/** The app over a database whose transactions fail with `error`; its log lines and reports. */
function appFailingWith(built: Awaited<ReturnType<typeof buildServer>>, error: unknown) {
  const lines: string[] = [];
  const reported: unknown[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
  const failing = new Proxy(built.database.db, {
    get(target, property, receiver) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the driver's error as it arrives, not always an Error
      if (property === 'transaction') return () => Promise.reject(error);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  const app = createApp({
    db: failing,
    config: built.config,
    logger,
    mailer: built.mailer,
    mail: built.mail,
    auth: built.auth,
    errorReporter: {
      enabled: true,
      capture: (captured) => reported.push(captured),
      flush: () => Promise.resolve(),
    },
    live: built.live,
    metrics: built.metrics,
    backup: null,
    webRoot: null,
  });
  return { app, lines, reported };
}
