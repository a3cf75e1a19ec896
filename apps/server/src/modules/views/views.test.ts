// Saved views over real HTTP on both databases (docs/search.md, "Saved views"): the built-in
// views, personal and shared ones, their checks and counts, and who may see and change which.
import type { CallListResponse, SavedView, SavedViewList } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { zonedDayStart } from './views.service.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('zonedDayStart', () => {
  it('starts a day at its midnight in the reader’s zone, across a clock change', () => {
    expect(zonedDayStart('2026-07-01', 0, 'Europe/London')).toBe('2026-06-30T23:00:00.000Z');
    expect(zonedDayStart('2026-01-15', 1, 'Europe/London')).toBe('2026-01-16T00:00:00.000Z');
    expect(zonedDayStart('2026-03-29', 0, 'Europe/London')).toBe('2026-03-29T00:00:00.000Z');
    expect(zonedDayStart('2026-03-29', 1, 'Europe/London')).toBe('2026-03-29T23:00:00.000Z');
    expect(zonedDayStart('2026-05-04', 0, 'America/New_York')).toBe('2026-05-04T04:00:00.000Z');
    expect(zonedDayStart('2026-05-04', 0, 'UTC')).toBe('2026-05-04T00:00:00.000Z');
  });
});

describe.each(testDatabaseKinds)('saved views [$name]', ({ create }) => {
  let server: TestServer;
  let mia: TestClient;
  let leo: TestClient;
  let ava: TestClient;
  let gus: TestClient;
  let anonymous: TestClient;

  const signedIn = async (email: string) => {
    const client = new TestClient(server.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status, email).toBe(200);
    return client;
  };
  const list = async (client: TestClient) => {
    const response = await client.request<SavedViewList>('GET', '/api/v1/views');
    expect(response.status).toBe(200);
    return response.body;
  };
  const save = async (client: TestClient, json: Record<string, unknown>) => {
    const response = await client.request<SavedView>('POST', '/api/v1/views', { json });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const storedViews = async () =>
    queryRows<{ name: string }>(server.database.db, sql`select name from saved_views`);
  const listTotal = async (client: TestClient, query: string) =>
    (await client.request<CallListResponse>('GET', `/api/v1/calls?pageSize=1&${query}`)).body.total;

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 40 });
    mia = await signedIn('mia@northwind.test');
    leo = await signedIn('leo@northwind.test');
    ava = await signedIn('ava.admin@northwind.test');
    gus = await signedIn('gus.admin@globex.test');
    anonymous = new TestClient(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists the built-in views with the counts the list shows for them', async () => {
    const { defaults, views, count_cap } = await list(mia);
    expect(views).toEqual([]);
    expect(count_cap).toBe(1000);
    expect(defaults.map(({ id, name, query }) => ({ id, name, query }))).toEqual([
      { id: 'my-open-calls', name: 'My open calls', query: 'status=open&assignee=me' },
      { id: 'unassigned', name: 'Unassigned', query: 'status=open&assignee=unassigned' },
      {
        id: 'negative-sentiment',
        name: 'Negative sentiment',
        query: 'status=open&sentiment=negative',
      },
    ]);
    for (const view of defaults) {
      expect(view.count, view.name).toBe(await listTotal(mia, view.query));
    }
    expect(defaults.some((view) => (view.count ?? 0) > 0)).toBe(true);
  });

  it('saves a view in normal form, with its count and the columns its link named', async () => {
    const saved = await save(mia, {
      name: '  Long calls  ',
      query: '?sort=-duration&page=3&agent=nw-agent-1&status=all&cols=caller,duration',
    });
    expect(saved).toMatchObject({
      name: 'Long calls',
      query: 'status=all&agent=nw-agent-1&sort=-duration',
      columns: ['caller', 'duration'],
      shared: false,
      owner: { name: 'Mia Okafor' },
      can_manage: true,
    });
    const listed = (await list(mia)).views.find((view) => view.id === saved.id);
    expect(listed?.count).toBe(await listTotal(mia, 'status=all&agentId=nw-agent-1'));
    expect(listed?.count).toBeGreaterThan(0);

    // A list without a tab shows open calls; days are the reader's, the last one whole.
    const dated = await save(mia, { name: 'May', query: 'from=2026-05-01&to=2026-05-31' });
    expect(dated.query).toBe('status=open&from=2026-05-01&to=2026-05-31');
    const london = await mia.request<SavedViewList>('GET', '/api/v1/views?tz=Europe/London');
    expect(london.body.views.find((view) => view.id === dated.id)?.count).toBe(
      await listTotal(mia, 'status=open&from=2026-04-30T23:00:00.000Z&to=2026-05-31T23:00:00.000Z'),
    );
  });

  it('refuses a bad view with 400 naming the field, and stores nothing', async () => {
    const before = await storedViews();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '', query: '' }, 'name', /must not be empty/u],
      [{ name: 'x'.repeat(61), query: '' }, 'name', /at most 60/u],
      [{ name: 'Bad', query: 'sentiment=angry' }, 'query', /sentiment must be positive/u],
      [{ name: 'Bad', query: 'sort=loudest' }, 'query', /sort must be one of/u],
      [{ name: 'Bad', query: 'cols=caller,nope' }, 'query', /cols must name known columns/u],
      [{ name: 'Bad', query: 'status=maybe' }, 'query', /status must be open, closed or all/u],
      [{ name: 'Bad', query: 'colour=red' }, 'query', /colour is not a parameter/u],
      [{ name: 'Bad', query: 'from=2026-05-02&to=2026-05-01' }, 'query', /from must be before/u],
      [{ name: 'Bad', query: 'q=%E0%A4%A' }, 'query', /not a valid search string/u],
      [{ name: 'Bad', query: 'x'.repeat(2001) }, 'query', /at most 2000/u],
      [{ name: 'Bad', query: '', shared: 'yes' }, 'shared', /true or false/u],
      [{ name: 'Bad', query: '', columns: [] }, 'columns', /at least one column/u],
    ];
    for (const [json, field, message] of cases) {
      const response = await mia.request<ErrorBody>('POST', '/api/v1/views', { json });
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.fields?.[field]).toMatch(message);
    }
    expect(await storedViews()).toEqual(before);

    const created = await save(mia, { name: 'To rename', query: 'status=closed' });
    const patch = await mia.request<ErrorBody>('PATCH', `/api/v1/views/${created.id}`, {
      json: {},
    });
    expect(patch.status).toBe(400);
    const badId = await mia.request<ErrorBody>('PATCH', '/api/v1/views/not-a-view', {
      json: { name: 'x' },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error.fields?.viewId).toBe('must be a view id');
  });

  it('refuses a duplicate name with 409 in words that say whose it is', async () => {
    await save(mia, { name: 'Callbacks', query: 'status=open' });
    const again = await mia.request<ErrorBody>('POST', '/api/v1/views', {
      json: { name: 'CALLBACKS', query: 'status=all' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'You already have a view named “CALLBACKS”.',
    });
    // Someone else's personal name is theirs alone.
    await save(leo, { name: 'Callbacks', query: 'status=open' });

    await save(ava, { name: 'Team queue', query: 'status=open', shared: true });
    const shared = await leo.request<ErrorBody>('POST', '/api/v1/views', {
      json: { name: 'team queue', query: 'status=all', shared: true },
    });
    expect(shared.status).toBe(409);
    expect(shared.body.error.message).toBe(
      'Your organisation already has a shared view named “team queue”.',
    );
    const builtIn = await leo.request<ErrorBody>('POST', '/api/v1/views', {
      json: { name: 'my open calls', query: 'status=all' },
    });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.error.message).toBe(
      '“My open calls” is a built-in view; choose another name.',
    );
    // Another organisation's shared names are not in the way.
    await save(gus, { name: 'Team queue', query: 'status=open', shared: true });
  });

  it('keeps personal views private and shared ones within the organisation', async () => {
    const personal = await save(leo, { name: 'Leo only', query: 'status=closed' });
    const shared = await save(leo, { name: 'Leo shares', query: 'status=all', shared: true });

    const miaSees = (await list(mia)).views;
    expect(miaSees.map((view) => view.id)).not.toContain(personal.id);
    expect(miaSees.find((view) => view.id === shared.id)).toMatchObject({
      shared: true,
      owner: { name: 'Leo Marsh' },
      can_manage: false,
    });
    expect((await list(ava)).views.find((view) => view.id === shared.id)?.can_manage).toBe(true);
    expect((await list(gus)).views.map((view) => view.id)).not.toContain(shared.id);

    // Not someone else's personal view, nor another organisation's: 404, never changed.
    for (const [client, id] of [
      [mia, personal.id],
      [ava, personal.id],
      [gus, shared.id],
      [gus, personal.id],
    ] as const) {
      const renamed = await client.request<ErrorBody>('PATCH', `/api/v1/views/${id}`, {
        json: { name: 'Mine now' },
      });
      expect(renamed.status).toBe(404);
      expect(renamed.body.error.message).toBe('No such view.');
      expect((await client.request('DELETE', `/api/v1/views/${id}`)).status).toBe(404);
    }
    // A member sees a colleague's shared view but cannot change or delete it.
    const miaDeletes = await mia.request<ErrorBody>('DELETE', `/api/v1/views/${shared.id}`);
    expect(miaDeletes.status).toBe(403);
    expect(miaDeletes.body.error.message).toBe(
      'Only Leo Marsh or an admin can change the shared view “Leo shares”.',
    );
    const miaRenames = await mia.request('PATCH', `/api/v1/views/${shared.id}`, {
      json: { name: 'Mia was here' },
    });
    expect(miaRenames.status).toBe(403);
    expect((await list(leo)).views.find((view) => view.id === personal.id)?.name).toBe('Leo only');
    expect((await list(leo)).views.find((view) => view.id === shared.id)?.name).toBe('Leo shares');

    // An admin renames and deletes a shared view, but sharing stays its owner's choice.
    const unshare = await ava.request<ErrorBody>('PATCH', `/api/v1/views/${shared.id}`, {
      json: { shared: false },
    });
    expect(unshare.status).toBe(403);
    const renamed = await ava.request<SavedView>('PATCH', `/api/v1/views/${shared.id}`, {
      json: { name: 'Everything' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Everything', owner: { name: 'Leo Marsh' } });
    expect((await ava.request('DELETE', `/api/v1/views/${shared.id}`)).status).toBe(204);
    expect((await list(leo)).views.map((view) => view.id)).not.toContain(shared.id);
    expect((await leo.request('DELETE', `/api/v1/views/${UNKNOWN_ID}`)).status).toBe(404);
  });

  it('lets the owner update, share and unshare a view', async () => {
    const view = await save(mia, {
      name: 'Mine',
      query: 'status=open&cols=caller,status',
    });
    const updated = await mia.request<SavedView>('PATCH', `/api/v1/views/${view.id}`, {
      json: { query: 'status=closed&sentiment=positive', shared: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      query: 'status=closed&sentiment=positive',
      columns: null,
      shared: true,
    });
    expect((await list(leo)).views.find((each) => each.id === view.id)?.name).toBe('Mine');
    const unshared = await mia.request<SavedView>('PATCH', `/api/v1/views/${view.id}`, {
      json: { shared: false, columns: ['summary'] },
    });
    expect(unshared.body).toMatchObject({ shared: false, columns: ['summary'] });
    expect((await list(leo)).views.map((each) => each.id)).not.toContain(view.id);
    const clash = await mia.request<ErrorBody>('PATCH', `/api/v1/views/${view.id}`, {
      json: { name: 'callbacks' },
    });
    expect(clash.status).toBe(409);
    expect((await mia.request('DELETE', `/api/v1/views/${view.id}`)).status).toBe(204);
  });

  it('keeps at most 50 views per person', async () => {
    const own = (await list(ava)).views.filter((view) => view.can_manage && !view.shared);
    const start = own.length + 1; // Ava's shared "Team queue" counts too
    for (let index = start; index < 50; index += 1) {
      await save(ava, { name: `View ${index}`, query: 'status=open' });
    }
    const over = await ava.request<ErrorBody>('POST', '/api/v1/views', {
      json: { name: 'One too many', query: 'status=open' },
    });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(
      'You already have 50 saved views, the most one person can keep; delete one to save another.',
    );
    // Another person's limit is their own.
    await save(leo, { name: 'Still fine', query: 'status=open' });
  });

  it('answers 401 without a token and 403 without an organisation', async () => {
    expect((await anonymous.request('GET', '/api/v1/views')).status).toBe(401);
    expect(
      (await anonymous.request('POST', '/api/v1/views', { json: { name: 'x', query: '' } })).status,
    ).toBe(401);
    const nora = await signedIn('nora@nowhere.test');
    const noOrganisation = await nora.request<ErrorBody>('GET', '/api/v1/views');
    expect(noOrganisation.status).toBe(403);
    expect(noOrganisation.body.error.message).toBe('No organization assigned to user');
  });
});
