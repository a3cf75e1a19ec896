// CSV export and import over real HTTP on a real database: the export holds exactly the list's
// calls in its order, neutralised and quoted; an import previews, refuses bad files whole, and
// stores calls as the ingestion API does. The memory test (PostgreSQL only) is at the end.
import {
  CALL_CSV_COLUMNS,
  type CallImportPreview,
  type CallListResponse,
} from '@callboard/contract';
import { request as httpRequest } from 'node:http';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { DEMO_PASSWORD, seedLargeDataset } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { postAlone, TestClient } from '../../test/http-client.ts';
import { rssKb, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { EXPORT_BATCH_ROWS } from './call-export.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
type CsvRow = Record<(typeof CALL_CSV_COLUMNS)[number], string>;

/** The file's rows by column (cells as written, neutralisation included). */
function rowsOf(text: string): CsvRow[] {
  return parse<CsvRow>(text, { columns: true });
}

/** The cells an import reads, and the export writes from a call's content. */
const CONTENT = [
  'external_id',
  'started_at',
  'ended_at',
  'agent_id',
  'caller_name',
  'from_number',
  'to_number',
  'direction',
  'duration_seconds',
  'sentiment',
  'disconnection_reason',
  'summary',
] as const;
const content = (row: CsvRow) => Object.fromEntries(CONTENT.map((column) => [column, row[column]]));

describe.each(testDatabaseKinds)('CSV export and import [$name]', ({ create }) => {
  let server: TestServer;
  let mia: TestClient;
  let ava: TestClient;
  let gus: TestClient;
  let nora: TestClient;
  let anonymous: TestClient;
  let northwindId: string;

  const signedIn = async (email: string) => {
    const client = new TestClient(server.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status, email).toBe(200);
    return client;
  };
  const exportCsv = (client: TestClient, query = '') =>
    client.request<string>('GET', `/api/v1/calls/export.csv${query ? `?${query}` : ''}`);
  const preview = (client: TestClient, csv: string) =>
    client.request<CallImportPreview & ErrorBody>('POST', '/api/v1/admin/calls/import/preview', {
      body: csv,
      headers: { 'content-type': 'text/csv' },
    });
  const importBatch = (client: TestClient, csv: string, firstLine = 2) =>
    client.request<{ created: number; updated: number; unchanged: number } & ErrorBody>(
      'POST',
      `/api/v1/admin/calls/import?first_line=${firstLine}`,
      { body: csv, headers: { 'content-type': 'text/csv' } },
    );
  const owner = () => server.database.db;

  /** Adds calls for an agent with the owner connection: `rows` SQL select lists, one per call. */
  async function addAgent(agentId: string, organisation = 'Northwind Clinics') {
    await owner().execute(
      sql`insert into agent_mapping (agent_id, organisation_id, display_name)
          select ${agentId}, id, ${`Agent ${agentId}`} from organisations where name = ${organisation}`,
    );
  }

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 80 });
    mia = await signedIn('mia@northwind.test');
    ava = await signedIn('ava.admin@northwind.test');
    gus = await signedIn('gus.admin@globex.test');
    nora = await signedIn('nora@nowhere.test');
    anonymous = new TestClient(server.url);
    const [org] = await queryRows<{ id: string }>(
      owner(),
      sql`select id from organisations where name = 'Northwind Clinics'`,
    );
    northwindId = org?.id ?? '';
  });
  afterAll(async () => {
    await server.close();
  });

  it('is a UTF-8 CSV file with a header row and CRLF line ends, named for the day', async () => {
    const response = await exportCsv(mia);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="callboard-calls-${today}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [header, ...lines] = response.body.split('\r\n');
    expect(header).toBe(CALL_CSV_COLUMNS.join(','));
    expect(lines.at(-1)).toBe(''); // the last line ends with CRLF too
    const rows = rowsOf(response.body);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.slice(0, 20)) {
      expect(row.ended_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u);
      expect(row.agent_name).not.toBe('');
    }
  });

  it('holds exactly the list’s calls, in its order, for each view', async () => {
    const views = [
      '',
      'status=open',
      'status=closed&sentiment=negative',
      'status=all&assignee=unassigned&q=a',
      `status=open&agentId=nw-agent-2&from=${new Date(Date.now() - 20 * 86_400_000).toISOString()}`,
      'includeDeleted=true&weekday=2&tz=Europe/London',
    ];
    // Some triage first, so that tabs and assignee differ from the seed's.
    for (const view of views) {
      const list = await mia.request<CallListResponse>(
        'GET',
        `/api/v1/calls?loadAll=true${view ? `&${view}` : ''}`,
      );
      expect(list.status, view).toBe(200);
      const file = await exportCsv(mia, view);
      expect(file.status, view).toBe(200);
      expect(
        rowsOf(file.body).map((row) => row.id),
        view,
      ).toEqual(list.body.rows.map((row) => row.call_id));
    }
  });

  it('keeps to the caller’s organisation', async () => {
    const globexIds = new Set(
      (
        await queryRows<{ call_id: string }>(
          owner(),
          sql`select c.call_id from call_log c join organisations o on o.id = c.organisation_id
              where o.name = 'Globex Insurance'`,
        )
      ).map((row) => row.call_id),
    );
    expect(globexIds.size).toBeGreaterThan(0);
    const [northwind] = await queryRows<{ n: number | string }>(
      owner(),
      sql`select count(*) as n from call_log where organisation_id = ${northwindId}`,
    );
    const ids = rowsOf((await exportCsv(mia, 'includeDeleted=true')).body).map((row) => row.id);
    expect(ids).toHaveLength(Number(northwind?.n));
    expect(ids.filter((id) => globexIds.has(id))).toEqual([]);
    const theirs = rowsOf((await exportCsv(gus)).body).map((row) => row.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((id) => globexIds.has(id))).toBe(true);
  });

  it('neutralises formula cells, quotes as RFC 4180 says, and keeps non-ASCII text', async () => {
    await addAgent('nw-csv-cells');
    const names = [
      '=HYPERLINK("http://evil.example","click")',
      '+1 555 0100',
      '-2+3',
      '@SUM(A1:A2)',
      '\tTabbed',
      '\rReturned',
      "'=already",
      'Smith, John',
      'Say "hi"',
      'Two\nlines',
      'José Ñúñez 日本語 🎧',
    ];
    for (const [index, name] of names.entries()) {
      await owner().execute(
        sql`insert into call_log (call_id, external_id, agent_id, end_datetime, start_datetime,
                                  caller_name, from_number, to_number, direction, summary)
            values (${`csv-cell-${index}`}, ${`csv-cell-${index}`}, 'nw-csv-cells',
                    now() - ${`${index} minutes`}::interval, now() - ${`${index} minutes`}::interval - interval '3 minutes',
                    ${name}, '+441632960123', '07700 900123', 'inbound', ${`Summary, "${index}"\r\nnext line`})`,
      );
    }
    const file = await exportCsv(mia, 'agentId=nw-csv-cells');
    expect(file.status).toBe(200);
    const rows = rowsOf(file.body);
    expect(rows.map((row) => row.caller_name)).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      "'+1 555 0100",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\tTabbed",
      "'\rReturned",
      "''=already",
      'Smith, John',
      'Say "hi"',
      'Two\nlines',
      'José Ñúñez 日本語 🎧',
    ]);
    expect(rows.every((row) => row.from_number === "'+441632960123")).toBe(true);
    expect(rows.every((row) => row.to_number === '07700 900123')).toBe(true);
    expect(rows[0]?.summary).toBe('Summary, "0"\r\nnext line');
    // The text itself: quotes only where needed, doubled inside.
    expect(file.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(file.body).toContain(',"Smith, John",');
    expect(file.body).toContain(',"Say ""hi""",');
    expect(file.body).toContain(',"Two\nlines",');
    expect(file.body).toContain(",'@SUM(A1:A2),");
    expect(file.body).toContain(',José Ñúñez 日本語 🎧,');
    expect(Buffer.byteLength(file.body)).toBeGreaterThan(file.body.length); // UTF-8, not Latin-1
  });

  it('answers a refusal with the JSON error envelope', async () => {
    const signedOut = await exportCsv(anonymous);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const noOrganisation = await exportCsv(nora);
    expect(noOrganisation.status).toBe(403);
    expect(noOrganisation.body).toMatchObject({ error: { code: 'NO_ORGANISATION' } });
    const bad = await exportCsv(mia, 'status=later');
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorBody).error.fields).toEqual({
      status: 'must be open, closed or all',
    });
    const backwards = await exportCsv(mia, 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(backwards.status).toBe(400);
    expect((backwards.body as unknown as ErrorBody).error.fields).toEqual({
      from: 'must be before to',
    });
    const zone = await exportCsv(mia, 'tz=US/Pacific-New&hour=3');
    expect(zone.status).toBe(400);
    // Paging is the list's alone.
    const paged = await exportCsv(mia, 'page=2');
    expect(paged.status).toBe(200);
  });

  it('reads on past the first batch, calls with the same end time included', async () => {
    await addAgent('nw-csv-many');
    const total = EXPORT_BATCH_ROWS * 2 + 137;
    // Three end times only: the keyset must order ties by call id, as the list does.
    await owner().execute(
      sql`insert into call_log (call_id, agent_id, end_datetime, caller_name)
          select 'csv-many-' || lpad(g::text, 5, '0'), 'nw-csv-many',
                 timestamptz '2026-03-01T10:00:00Z' - (g % 3) * interval '1 microsecond', 'Caller ' || g
          from generate_series(1, ${total}::int) g`,
    );
    const list = await mia.request<CallListResponse>(
      'GET',
      '/api/v1/calls?loadAll=true&agentId=nw-csv-many',
    );
    const ids = rowsOf((await exportCsv(mia, 'agentId=nw-csv-many')).body).map((row) => row.id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual(list.body.rows.map((row) => row.call_id));
  });

  it('exports in the list’s sort order, past the first batch', async () => {
    await addAgent('nw-csv-sorted');
    const total = EXPORT_BATCH_ROWS * 2 + 41;
    // Few durations and names, some missing: ties and nulls across the batches' edges.
    await owner().execute(
      sql`insert into call_log (call_id, agent_id, end_datetime, caller_name, duration_seconds, status)
          select 'csv-sorted-' || lpad(g::text, 5, '0'), 'nw-csv-sorted',
                 timestamptz '2026-03-02T10:00:00Z' - (g % 5) * interval '1 minute',
                 case when g % 11 = 0 then null else 'Caller ' || (g % 13) end,
                 case when g % 17 = 0 then null else (g % 7) * 30 end,
                 (array['New', 'In progress', 'Closed'])[g % 3 + 1]
          from generate_series(1, ${total}::int) g`,
    );
    for (const sort of ['-duration', 'caller', '-status', 'ended', 'agent', '-assignee']) {
      const list = await mia.request<CallListResponse>(
        'GET',
        `/api/v1/calls?status=all&loadAll=true&agentId=nw-csv-sorted&sort=${sort}`,
      );
      const ids = rowsOf(
        (await exportCsv(mia, `status=all&agentId=nw-csv-sorted&sort=${sort}`)).body,
      ).map((row) => row.id);
      expect(ids, sort).toHaveLength(total);
      expect(new Set(ids).size, sort).toBe(total);
      expect(ids, sort).toEqual(list.body.rows.map((row) => row.call_id));
    }
  });

  it(
    'cuts the connection when a batch fails after the answer has started',
    async () => {
      const ABORT_CALLS = 40_000;
      const leo = await signedIn('leo@northwind.test');
      await addAgent('nw-csv-abort');
      // About 44 MB: more than the socket buffers can hold while the client waits (loopback TCP
      // autotunes a receive buffer of up to 32 MB here; a few MB arrive in practice), so later
      // batches are read after the sign-out.
      await owner().execute(
        sql`insert into call_log (call_id, agent_id, end_datetime, summary)
          select 'csv-abort-' || g, 'nw-csv-abort', now() - g * interval '1 second',
                 repeat(md5(g::text), 32)
          from generate_series(1, ${ABORT_CALLS}::int) g`,
      );
      // A connection of its own: the insert above held the event loop (PGlite is in process)
      // long enough for the server to close idle pooled connections as a client reuses them.
      const outcome = await new Promise<{
        status: number;
        ending: string;
        received: number;
        lines: number;
      }>((resolve, reject) => {
        const request = httpRequest(
          `${server.url}/api/v1/calls/export.csv?agentId=nw-csv-abort`,
          {
            agent: false,
            headers: {
              authorization: `Bearer ${leo.accessToken ?? ''}`,
              'accept-encoding': 'identity',
            },
          },
          (response) => {
            let received = 0;
            let lines = 0;
            let signedOut = false;
            let ending = '';
            const finish = (how: string) => {
              ending ||= how;
              resolve({ status: response.statusCode ?? 0, ending, received, lines });
            };
            response.on('data', (chunk: Buffer) => {
              received += chunk.length;
              for (const byte of chunk) if (byte === 0x0a) lines += 1;
              if (signedOut) return;
              signedOut = true;
              response.pause();
              // Signing out ends the session; the next batch's transaction refuses it.
              void owner()
                .execute(
                  sql`delete from sessions where user_id = (
                        select id from profiles where email = 'leo@northwind.test')`,
                )
                .then(() => response.resume(), reject);
            });
            response.on('end', () => finish('ended'));
            response.on('error', () => finish('aborted'));
            response.on('close', () => finish(response.complete ? 'ended' : 'aborted'));
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(outcome.status).toBe(200);
      expect(outcome.received).toBeGreaterThan(0);
      // Cut, not ended: a file that ends cleanly is taken for the whole export. (On PostgreSQL a
      // sign-out landing between a batch's entry and its select once emptied that batch, and the
      // file ended early as if complete; batches now read in one snapshot.)
      expect(outcome.ending).toBe('aborted');
      expect(outcome.lines).toBeGreaterThan(0);
      expect(outcome.lines).toBeLessThan(ABORT_CALLS + 1);
    },
    // Writing the calls takes a while on PGlite under the whole suite's load.
    90_000,
  );

  describe('import', () => {
    it('refuses members, and files that are not the export’s CSV, before storing anything', async () => {
      const header = CALL_CSV_COLUMNS.join(',');
      expect((await preview(mia, `${header}\r\n`)).status).toBe(403);
      expect((await importBatch(mia, `${header}\r\n`)).status).toBe(403);
      expect((await preview(anonymous, `${header}\r\n`)).status).toBe(401);

      const empty = await preview(ava, '');
      expect(empty.status).toBe(422);
      expect(empty.body.error.message).toMatch(/empty/u);
      const unclosed = await preview(ava, `${header}\r\n"x,y\r\n`);
      expect(unclosed.status).toBe(422);
      expect(unclosed.body.error.message).toMatch(/^The file is not valid CSV/u);
      const latin1 = await ava.request<ErrorBody>('POST', '/api/v1/admin/calls/import/preview', {
        body: Buffer.concat([
          Buffer.from(`${header}\r\nx,Jos`),
          Buffer.from([0xe9]),
          Buffer.from('\r\n'),
        ]),
        headers: { 'content-type': 'text/csv' },
      });
      expect(latin1.status).toBe(422);
      expect(latin1.body.error.message).toMatch(/not UTF-8/u);
      const nul = await preview(ava, `${header}\r\na\u0000b\r\n`);
      expect(nul.status).toBe(400);

      const big = await postAlone(
        `${server.url}/api/v1/admin/calls/import/preview`,
        `${header}\r\n${'x'.repeat(10 * 1024 * 1024)}`,
        { 'content-type': 'text/csv', authorization: `Bearer ${ava.accessToken ?? ''}` },
      );
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });

      const tooMany = await preview(ava, `${header}\r\n${',\r\n'.repeat(50_001)}`);
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.error.message).toMatch(/at most 50,000/u);

      const wrongHeader = await preview(ava, 'external_id,agent,started_at\r\nx,y,z\r\n');
      expect(wrongHeader.status).toBe(200);
      expect(wrongHeader.body.problems).toEqual([
        { line: 1, column: 'agent', message: 'is not a column of the export' },
        { line: 1, column: 'agent_id', message: 'is missing' },
        { line: 1, column: 'ended_at', message: 'is missing' },
        { line: 1, column: 'direction', message: 'is missing' },
        { line: 1, column: 'from_number', message: 'is missing' },
        { line: 1, column: 'to_number', message: 'is missing' },
      ]);
      expect(wrongHeader.body.batches).toEqual([]);
    });

    it('previews each line’s problems by column, and stores nothing while there are any', async () => {
      const file = [
        'external_id,agent_id,started_at,ended_at,direction,from_number,to_number,caller_name,sentiment',
        'pv-1,nw-agent-1,2026-04-01T09:00:00Z,2026-04-01T09:05:00Z,inbound,+441632960123,+441632960001,Sam,neutral',
        'pv-2,nw-agent-1,yesterday,2026-04-01T09:05:00Z,sideways,+441632960123,+441632960001,Sam,angry',
        'pv-3,gx-agent-1,2026-04-01T09:00:00Z,2026-04-01T09:05:00Z,outbound,+441632960123,+441632960001,,',
        'pv-1,nw-agent-1,2026-04-01T09:00:00Z,2026-04-01T09:05:00Z,inbound,+441632960123,+441632960001,Sam,',
        ',nw-agent-1,2026-04-01T09:00:00Z,2026-04-01T08:05:00Z,inbound,,+441632960001,Sam,',
        'pv-6,nw-agent-1,2026-04-01T09:00:00Z',
      ].join('\r\n');
      const response = await preview(ava, file);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ rows: 6, new: 1, existing: 0, problem_count: 9 });
      expect(response.body.problems).toEqual([
        { line: 3, column: 'started_at', message: 'must be an ISO 8601 date-time' },
        { line: 3, column: 'direction', message: 'must be inbound or outbound' },
        { line: 3, column: 'sentiment', message: 'must be positive, neutral or negative' },
        { line: 4, column: 'agent_id', message: 'belongs to another organisation, or to none' },
        { line: 5, column: 'external_id', message: 'repeats line 2: each call may appear once' },
        { line: 6, column: 'external_id', message: 'must not be empty' },
        { line: 6, column: 'from_number', message: 'must not be empty' },
        { line: 6, column: 'ended_at', message: 'must not be before started_at' },
        { line: 7, column: null, message: 'has 3 cells where the header has 9' },
      ]);
      expect(response.body.batches).toEqual([]);
      // The import checks again and refuses the batch whole.
      const refused = await importBatch(ava, file);
      expect(refused.status).toBe(422);
      expect(refused.body.error.fields).toMatchObject({
        'lines.3.started_at': 'must be an ISO 8601 date-time',
        'lines.7': 'has 3 cells where the header has 9',
      });
      const [stored] = await queryRows<{ n: number | string }>(
        owner(),
        sql`select count(*) as n from call_log where external_id like 'pv-%'`,
      );
      expect(Number(stored?.n)).toBe(0);
      // A dry run leaves no key behind; neither does a refused import.
      const keys = await queryRows<{ name: string }>(
        owner(),
        sql`select name from api_keys where name like 'CSV import%'`,
      );
      expect(keys).toEqual([]);
      // An agent of another organisation: 409, as the ingestion API answers.
      const conflict = await importBatch(
        ava,
        [file.split('\r\n')[0], file.split('\r\n')[3]].join('\r\n'),
        4,
      );
      expect(conflict.status).toBe(409);
      expect(conflict.body.error.fields).toEqual({
        'lines.4.agent_id': 'belongs to another organisation, or to none',
      });
    });

    it('takes back what it exported: the same calls, idempotently, triage untouched', async () => {
      await addAgent('nw-csv-trip');
      for (let index = 0; index < 25; index += 1) {
        await owner().execute(
          sql`insert into call_log (call_id, external_id, agent_id, start_datetime, end_datetime,
                                    direction, from_number, to_number, caller_name, summary,
                                    sentiment, disconnection_reason, duration_seconds)
              values (${`trip-call-${index}`}, ${`trip-${index}`}, 'nw-csv-trip',
                      timestamptz '2026-02-01T08:00:00.123Z' + ${`${index} hours`}::interval,
                      timestamptz '2026-02-01T08:04:10.456Z' + ${`${index} hours`}::interval,
                      ${index % 2 === 0 ? 'inbound' : 'outbound'}, '+441632960123', '+441632960001',
                      ${index % 3 === 0 ? null : `=Caller ${index}, "Esq."`},
                      ${`Line one\nline two, ${index}`},
                      ${index % 4 === 0 ? null : 'negative'}, 'caller_hangup', 250)`,
        );
      }
      const exported = await exportCsv(mia, 'agentId=nw-csv-trip');
      const before = rowsOf(exported.body);
      expect(before).toHaveLength(25);

      // Into the same organisation after deleting them.
      await owner().execute(sql`delete from call_log where agent_id = 'nw-csv-trip'`);
      const checked = await preview(ava, exported.body);
      expect(checked.status).toBe(200);
      expect(checked.body).toMatchObject({ rows: 25, new: 25, existing: 0, problems: [] });
      expect(checked.body.batches).toEqual([
        {
          first_line: 2,
          rows: 25,
          start: Buffer.byteLength(`${CALL_CSV_COLUMNS.join(',')}\r\n`),
          end: Buffer.byteLength(exported.body),
        },
      ]);
      const first = await importBatch(ava, exported.body);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ created: 25, updated: 0, unchanged: 0 });
      const after = rowsOf((await exportCsv(mia, 'agentId=nw-csv-trip')).body);
      expect(after.map(content)).toEqual(before.map(content));
      expect(after.every((row) => row.status === 'New' && row.assignee === '')).toBe(true);

      // Triage one, then import the file again: nothing changes, triage included.
      const callId = after.find((row) => row.external_id === 'trip-0')?.id ?? '';
      const path = `/api/v1/calls/${encodeURIComponent(callId)}`;
      expect(
        (await mia.request('PUT', `${path}/status`, { json: { status: 'Closed' } })).status,
      ).toBe(200);
      expect((await mia.request('POST', `${path}/notes`, { json: { body: 'Done.' } })).status).toBe(
        201,
      );
      expect((await preview(ava, exported.body)).body).toMatchObject({ new: 0, existing: 25 });
      expect((await importBatch(ava, exported.body)).body).toEqual({
        created: 0,
        updated: 0,
        unchanged: 25,
      });
      // A changed summary updates the call's content, never its status or notes.
      const changed = exported.body.replace('"Line one\nline two, 0"', 'New summary');
      expect(changed).not.toBe(exported.body);
      expect((await importBatch(ava, changed)).body).toEqual({
        created: 0,
        updated: 1,
        unchanged: 24,
      });
      const detail = await mia.request<{ summary: string; status: string; activity: unknown[] }>(
        'GET',
        path,
      );
      expect(detail.body).toMatchObject({ summary: 'New summary', status: 'Closed' });
      expect(detail.body.activity).toHaveLength(2);
      const [count] = await queryRows<{ n: number | string }>(
        owner(),
        sql`select count(*) as n from call_log where agent_id = 'nw-csv-trip'`,
      );
      expect(Number(count?.n)).toBe(25);
      // Each request's key was revoked before its transaction ended.
      const keys = await queryRows<{ revoked: boolean }>(
        owner(),
        sql`select revoked_at is not null as revoked from api_keys where name like 'CSV import%'`,
      );
      expect(keys.length).toBe(3);
      expect(keys.every((key) => key.revoked)).toBe(true);

      // Into another organisation: the agent is Northwind's, so Globex's admin is refused.
      const elsewhere = await importBatch(gus, exported.body);
      expect(elsewhere.status).toBe(409);
    });

    it('names the file’s own lines in a later batch', async () => {
      const header = 'external_id,agent_id,started_at,ended_at,direction,from_number,to_number\r\n';
      const refused = await importBatch(
        ava,
        `${header}late-1,nw-agent-1,2026-04-01T09:00:00Z,2026-04-01T09:05:00Z,inbound,+1,\r\n`,
        1002,
      );
      expect(refused.status).toBe(422);
      expect(refused.body.error.fields).toEqual({ 'lines.1002.to_number': 'must not be empty' });
      const tooMany = await importBatch(ava, `${header}${'x,y,z,w,v,u,t\r\n'.repeat(1001)}`);
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.error.message).toMatch(/at most 1,000 calls/u);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Memory: 100,000 calls streamed from PostgreSQL by a server in its own process, whose RSS is
// read from /proc while a client reads slowly. Part of the PostgreSQL run (TEST_DATABASE_URL,
// which CI sets): PGlite shares the server's heap, so the measure means nothing there.
// ---------------------------------------------------------------------------------------------

const MEMORY_CALLS = 100_000;

describe.each(testDatabaseKinds.filter((kind) => kind.name === 'PostgreSQL'))(
  'CSV export memory [$name]',
  ({ create }) => {
    let database: Database;
    let server: ServerProcess;

    beforeAll(async () => {
      database = await create();
      await seedLargeDataset(database.db, { calls: MEMORY_CALLS, organisations: 1 });
      const [row] = await queryRows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${row?.name ?? ''}`;
      server = await startServerProcess({
        env: { NODE_ENV: 'test', SEED_DEMO_DATA: 'false', DATABASE_URL: url.toString() },
        // V8 told to collect before it grows the heap: left to size the heap for speed, a server
        // on a busy machine grew by 65-90 MB of uncollected garbage here (with or without a fixed
        // young generation) while streaming the same file in 3 MB with this flag. The test is
        // about what the export holds, not V8's sizing policy.
        nodeArgs: ['--optimize-for-size'],
      });
    }, 120_000);

    afterAll(async () => {
      await server.stop();
      await database.close();
    });

    it('streams 100,000 calls to a slow client with the server growing by less than 50 MB', async () => {
      const { base } = server;
      const pid = server.child.pid;
      if (pid === undefined) throw new Error('no server process');
      const client = new TestClient(base);
      expect((await client.signIn('member1@bench-001.test', DEMO_PASSWORD)).status).toBe(200);
      const token = client.accessToken ?? '';
      // Warm up with one agent's calls (about a tenth of the file): modules, pools, plans and a
      // heap sized for streaming. A server that held the file would still grow by its size.
      const warmUp = await client.request<string>(
        'GET',
        '/api/v1/calls/export.csv?agentId=bench-001-agent-1',
      );
      expect(warmUp.status).toBe(200);
      expect(warmUp.body.length).toBeLessThan(10 * 1024 * 1024);
      const before = rssKb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
      const { lines, bytes } = await new Promise<{ lines: number; bytes: number }>(
        (resolve, reject) => {
          const request = httpRequest(
            `${base}/api/v1/calls/export.csv?includeDeleted=true`,
            { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } },
            (response) => {
              expect(response.statusCode).toBe(200);
              let count = 0;
              let size = 0;
              let paused = false;
              response.on('data', (chunk: Buffer) => {
                size += chunk.length;
                for (const byte of chunk) if (byte === 0x0a) count += 1;
                // A slow reader: once, well into the file, it stops reading for 50 samples of
                // the server's memory, long enough for a server without backpressure to read
                // on into its heap.
                if (!paused && size > 4 * 1024 * 1024) {
                  paused = true;
                  response.pause();
                  let samples = 0;
                  const wait = setInterval(() => {
                    peak = Math.max(peak, rssKb(pid));
                    samples += 1;
                    if (samples >= 50) {
                      clearInterval(wait);
                      response.resume();
                    }
                  }, 20);
                }
              });
              response.on('end', () => resolve({ lines: count, bytes: size }));
              response.on('error', reject);
            },
          );
          request.on('error', reject);
          request.end();
        },
      );
      clearInterval(sampler);
      peak = Math.max(peak, rssKb(pid));
      // Header + one line per call, deleted ones included (no bench summary spans lines).
      expect(lines).toBe(MEMORY_CALLS + 1);
      expect(bytes).toBeGreaterThan(MEMORY_CALLS * 100);
      const growthMb = (peak - before) / 1024;
      console.log(
        `CSV export: ${(bytes / 1024 / 1024).toFixed(1)} MB, server RSS ${(before / 1024).toFixed(0)} MB → peak ${(peak / 1024).toFixed(0)} MB (+${growthMb.toFixed(1)} MB)`,
      );
      expect(growthMb).toBeLessThan(50);
      // Under a minute on a quiet machine; 144 s with the machine shared and busy (load 12).
    }, 300_000);
  },
);
