// The admin area, invitations and the platform console over real HTTP on both databases.
import type {
  AdminMember,
  AuditEntry,
  CallDetail,
  CallListResponse,
  DeletedCallsResponse,
  Invitation,
  Me,
} from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

interface ErrorBody {
  error: {
    code: string;
    message: string;
    reasons?: string[];
    fields?: Record<string, string>;
    call?: CallDetail;
  };
}

describe.each(testDatabaseKinds)('admin, invitations and platform [$name]', ({ create }) => {
  let server: TestServer;
  let ava: TestClient;
  let mia: TestClient;
  let gus: TestClient;
  let root: TestClient;

  const signedIn = async (email: string, password = DEMO_PASSWORD) => {
    const client = new TestClient(server.url);
    const response = await client.signIn(email, password);
    expect(response.status, email).toBe(200);
    return client;
  };
  const tokenFromOutbox = async (to: string) => {
    const outbox = await ava.request<{ messages: { text: string }[] }>(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(to)}`,
    );
    const text = outbox.body.messages.at(-1)?.text ?? '';
    const match = /\/join\?token=([^\s&]+)/u.exec(text);
    if (!match?.[1]) throw new Error(`no invitation to ${to}`);
    return decodeURIComponent(match[1]);
  };
  const members = async (client: TestClient) =>
    (await client.request<{ members: AdminMember[] }>('GET', '/api/v1/admin/members')).body.members;

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 80 });
    ava = await signedIn('ava.admin@northwind.test');
    mia = await signedIn('mia@northwind.test');
    gus = await signedIn('gus.admin@globex.test');
    root = await signedIn('root@callboard.test');
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses members, and the platform console refuses organisation admins', async () => {
    const adminCalls: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/members'],
      ['PUT', '/api/v1/admin/members/00000000-0000-4000-8000-000000000000/role', { role: 'admin' }],
      ['DELETE', '/api/v1/admin/members/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/v1/admin/invitations'],
      ['POST', '/api/v1/admin/invitations', { email: 'someone@northwind.test' }],
      ['GET', '/api/v1/admin/agents'],
      ['PUT', '/api/v1/admin/agents/nw-agent-1', { display_name: 'x' }],
      ['PUT', '/api/v1/admin/calls/whatever/deleted', { deleted: true }],
      ['GET', '/api/v1/admin/calls/deleted'],
      ['GET', '/api/v1/admin/audit'],
    ];
    for (const [method, path, json] of adminCalls) {
      const response = await mia.request<ErrorBody>(method, path, { json });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.message).toBe('You need to be an organisation admin to do this.');
    }
    const platformCalls: [string, string, unknown?][] = [
      ['GET', '/api/v1/platform/organisations'],
      [
        'POST',
        '/api/v1/platform/organisations',
        { name: 'Sneaky Ltd', adminEmail: 'x@sneaky.test' },
      ],
      ['GET', '/api/v1/platform/agents'],
      ['PUT', '/api/v1/platform/agents/stray-agent-1', { organisationId: null }],
    ];
    for (const [method, path, json] of platformCalls) {
      for (const client of [ava, mia]) {
        expect((await client.request(method, path, { json })).status, `${method} ${path}`).toBe(
          403,
        );
      }
    }
  });

  it("lets an admin act only on their own organisation's people, agents and calls", async () => {
    const leoId =
      (await members(ava)).find((member) => member.email === 'leo@northwind.test')?.id ?? '';
    expect(
      (await gus.request('PUT', `/api/v1/admin/members/${leoId}/role`, { json: { role: 'admin' } }))
        .status,
    ).toBe(404);
    expect((await gus.request('DELETE', `/api/v1/admin/members/${leoId}`)).status).toBe(404);
    expect(
      (
        await gus.request('PUT', '/api/v1/admin/agents/nw-agent-1', {
          json: { display_name: 'Mine now' },
        })
      ).status,
    ).toBe(404);
    const [call] = await queryRows<{ call_id: string }>(
      server.database.db,
      sql`select call_id from call_log where agent_id = 'nw-agent-1' limit 1`,
    );
    expect(
      (
        await gus.request('PUT', `/api/v1/admin/calls/${call?.call_id ?? ''}/deleted`, {
          json: { deleted: true },
        })
      ).status,
    ).toBe(404);
    expect((await members(gus)).every((member) => member.email.endsWith('@globex.test'))).toBe(
      true,
    );
  });

  it('keeps at least one admin', async () => {
    const list = await members(gus);
    const gusId = list.find((member) => member.email === 'gus.admin@globex.test')?.id ?? '';
    const giaId = list.find((member) => member.email === 'gia@globex.test')?.id ?? '';
    const setRole = (client: TestClient, userId: string, role: string) =>
      client.request('PUT', `/api/v1/admin/members/${userId}/role`, { json: { role } });
    expect((await setRole(gus, gusId, 'member')).status, 'last admin demotes self').toBe(422);
    expect(
      (await gus.request('DELETE', `/api/v1/admin/members/${gusId}`)).status,
      'last admin removed',
    ).toBe(422);
    expect((await setRole(gus, giaId, 'admin')).status, 'gus promotes gia').toBe(204);
    expect((await setRole(gus, gusId, 'member')).status, 'gus steps down').toBe(204);
    const gia = await signedIn('gia@globex.test');
    expect((await setRole(gia, gusId, 'admin')).status, 'gia promotes gus').toBe(204);
    expect((await setRole(gus, giaId, 'member')).status, 'gus demotes gia').toBe(204);
  });

  it('takes an invitation through its whole life: issue, resend, revoke, expire, accept once', async () => {
    const email = 'new.starter@northwind.test';
    const issued = await ava.request<Invitation>('POST', '/api/v1/admin/invitations', {
      json: { email, role: 'member' },
    });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ email, role: 'member', status: 'pending' });
    const firstToken = await tokenFromOutbox(email);
    const [stored] = await queryRows<{ token_hash: string }>(
      server.database.db,
      sql`select token_hash from invitations where email = ${email}`,
    );
    expect(stored?.token_hash).not.toContain(firstToken);
    expect(
      (await ava.request('POST', '/api/v1/admin/invitations', { json: { email } })).status,
    ).toBe(409);

    const preview = await new TestClient(server.url).request<{
      organisation: { name: string };
      invitedBy: string;
    }>('GET', `/api/v1/invitations/${firstToken}`);
    expect(preview.status).toBe(200);
    expect(preview.body.organisation.name).toBe('Northwind Clinics');

    const resent = await ava.request<Invitation>(
      'POST',
      `/api/v1/admin/invitations/${issued.body.id}/resend`,
    );
    expect(resent.status).toBe(200);
    const secondToken = await tokenFromOutbox(email);
    expect(secondToken).not.toBe(firstToken);
    expect(
      (await new TestClient(server.url).request('GET', `/api/v1/invitations/${firstToken}`)).status,
    ).toBe(404);

    // Expired: the link says so.
    await server.database.db.execute(
      sql`update invitations set expires_at = now() - interval '1 minute' where email = ${email}`,
    );
    const expired = await new TestClient(server.url).request<ErrorBody>(
      'GET',
      `/api/v1/invitations/${secondToken}`,
    );
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toMatch(/expired/u);
    expect(expired.body.error.code).toBe('INVITATION_EXPIRED');
    await server.database.db.execute(
      sql`update invitations set expires_at = now() + interval '7 days' where email = ${email}`,
    );

    const weak = await new TestClient(server.url).request<ErrorBody>(
      'POST',
      `/api/v1/invitations/${secondToken}/sign-up`,
      {
        json: { first_name: 'New', last_name: 'Starter', password: 'starter' },
      },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.error.reasons?.length).toBeGreaterThan(0);
    expect(weak.body.error.code).toBe('WEAK_PASSWORD');

    const password = 'orchard-lantern-river-88';
    const joined = await new TestClient(server.url).request(
      'POST',
      `/api/v1/invitations/${secondToken}/sign-up`,
      {
        json: { first_name: 'New', last_name: 'Starter', password },
      },
    );
    expect(joined.status).toBe(201);
    const starter = await signedIn(email, password);
    expect((await starter.request<Me>('GET', '/api/v1/me')).body).toMatchObject({
      first_name: 'New',
      role: 'member',
      organisation: { name: 'Northwind Clinics' },
    });
    const again = await new TestClient(server.url).request<ErrorBody>(
      'POST',
      `/api/v1/invitations/${secondToken}/sign-up`,
      {
        json: { first_name: 'New', last_name: 'Starter', password },
      },
    );
    expect(again.status).toBe(410);
    expect(again.body.error.message).toMatch(/already been used/u);
    expect(again.body.error.code).toBe('INVITATION_USED');

    // Revoked: the link stops working.
    const other = await ava.request<Invitation>('POST', '/api/v1/admin/invitations', {
      json: { email: 'maybe@northwind.test' },
    });
    const otherToken = await tokenFromOutbox('maybe@northwind.test');
    expect(
      (await ava.request('POST', `/api/v1/admin/invitations/${other.body.id}/revoke`)).status,
    ).toBe(204);
    const revoked = await new TestClient(server.url).request<ErrorBody>(
      'GET',
      `/api/v1/invitations/${otherToken}`,
    );
    expect(revoked.status).toBe(410);
    expect(revoked.body.error.message).toMatch(/withdrawn/u);
    expect(revoked.body.error.code).toBe('INVITATION_REVOKED');
    const pending = await ava.request<{ invitations: Invitation[] }>(
      'GET',
      '/api/v1/admin/invitations',
    );
    expect(pending.body.invitations.map((invitation) => invitation.email)).not.toContain(
      'maybe@northwind.test',
    );
  });

  it('keeps one organisation per user, and the invited address only', async () => {
    await gus.request('POST', '/api/v1/admin/invitations', {
      json: { email: 'mia@northwind.test', confirmOtherOrganisation: true },
    });
    const token = await tokenFromOutbox('mia@northwind.test');
    const taken = await mia.request<ErrorBody>('POST', `/api/v1/invitations/${token}/accept`);
    expect(taken.status).toBe(409);
    const wrong = await signedIn('nora@nowhere.test');
    expect((await wrong.request('POST', `/api/v1/invitations/${token}/accept`)).status).toBe(403);
    const signUp = await new TestClient(server.url).request(
      'POST',
      `/api/v1/invitations/${token}/sign-up`,
      {
        json: { first_name: 'Mia', last_name: 'Again', password: 'orchard-lantern-river-88' },
      },
    );
    expect(signUp.status).toBe(409);

    await gus.request('POST', '/api/v1/admin/invitations', {
      json: { email: 'nora@nowhere.test', role: 'admin' },
    });
    const noraToken = await tokenFromOutbox('nora@nowhere.test');
    expect((await wrong.request('POST', `/api/v1/invitations/${noraToken}/accept`)).status).toBe(
      204,
    );
    expect((await wrong.request<Me>('GET', '/api/v1/me')).body).toMatchObject({
      role: 'admin',
      organisation: { name: 'Globex Insurance' },
    });
  });

  it('removes a member and unassigns their open calls, with activity', async () => {
    const leoId =
      (await members(ava)).find((member) => member.email === 'leo@northwind.test')?.id ?? '';
    const [before] = await queryRows<{ open: number | string }>(
      server.database.db,
      sql`select count(*) as open from call_log where assignee_id = ${leoId} and status <> 'Closed'`,
    );
    expect(Number(before?.open)).toBeGreaterThan(0);
    expect((await ava.request('DELETE', `/api/v1/admin/members/${leoId}`)).status).toBe(204);
    const [after] = await queryRows<{ open: number | string; activity: number | string }>(
      server.database.db,
      sql`select (select count(*) from call_log where assignee_id = ${leoId} and status <> 'Closed') as open,
                 (select count(*) from call_activity where type = 'ASSIGNED' and previous_assignee_id = ${leoId}
                    and new_assignee_id is null) as activity`,
    );
    expect(Number(after?.open)).toBe(0);
    expect(Number(after?.activity)).toBeGreaterThanOrEqual(Number(before?.open));
    const leo = await signedIn('leo@northwind.test');
    expect((await leo.request<Me>('GET', '/api/v1/me')).body.organisation).toBeNull();
    const audit = await ava.request<{ entries: AuditEntry[] }>(
      'GET',
      '/api/v1/admin/audit?action=member.removed',
    );
    expect(audit.body.entries.map((entry) => entry.target)).toContain(leoId);
  });

  it('renames agents, deletes and restores calls, and records it all', async () => {
    const renamed = await ava.request<{ display_name: string }>(
      'PUT',
      '/api/v1/admin/agents/nw-agent-2',
      { json: { display_name: 'Night line' } },
    );
    expect(renamed.body.display_name).toBe('Night line');
    const callId =
      (await ava.request<CallListResponse>('GET', '/api/v1/calls?pageSize=1')).body.rows[0]
        ?.call_id ?? '';
    expect(
      (
        await ava.request('PUT', `/api/v1/admin/calls/${callId}/deleted`, {
          json: { deleted: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (await mia.request<CallListResponse>('GET', `/api/v1/calls?q=${callId}`)).body.total,
    ).toBe(0);
    expect(
      (await mia.request<CallListResponse>('GET', `/api/v1/calls?q=${callId}&includeDeleted=true`))
        .body.total,
    ).toBe(1);
    expect(
      (
        await ava.request('PUT', `/api/v1/admin/calls/${callId}/deleted`, {
          json: { deleted: false },
        })
      ).status,
    ).toBe(200);
    const audit = await ava.request<{ entries: AuditEntry[]; total: number }>(
      'GET',
      '/api/v1/admin/audit?pageSize=200',
    );
    const actions = new Set(audit.body.entries.map((entry) => entry.action));
    for (const action of [
      'agent.renamed',
      'call.deleted',
      'call.restored',
      'invitation.created',
      'invitation.accepted',
      'call.assigned',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(audit.body.total).toBeGreaterThan(audit.body.entries.length - 1);
  });

  // docs/live-updates.md, "Conflicts": deleting or restoring on a stale version is refused.
  it('refuses to delete or restore a call on a stale version, and keeps the old behaviour without one', async () => {
    const call = (await ava.request<CallListResponse>('GET', '/api/v1/calls?pageSize=1&page=5'))
      .body.rows[0];
    const callId = call?.call_id ?? '';
    const seen = call?.version ?? 0;
    const path = `/api/v1/admin/calls/${callId}/deleted`;
    const changed = await mia.request<CallDetail>('PUT', `/api/v1/calls/${callId}/status`, {
      json: { status: call?.status === 'Closed' ? 'New' : 'Closed', version: seen },
    });
    expect(changed.body.version).toBe(seen + 1);

    const stale = await ava.request<ErrorBody>('PUT', path, {
      json: { deleted: true, version: seen },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    expect(stale.body.error.message).toBe('Mia changed this call a moment ago.');
    expect(stale.body.error.call).toMatchObject({ call_id: callId, version: seen + 1 });
    expect(
      (await mia.request<CallDetail>('GET', `/api/v1/calls/${callId}`)).body.deleted_flag,
    ).not.toBe(true);

    const fresh = await ava.request<{ deleted_flag: boolean; version: number }>('PUT', path, {
      json: { deleted: true, version: seen + 1 },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ call_id: callId, deleted_flag: true, version: seen + 2 });
    // Restoring on the version the delete left works; without a version it works as before.
    const restored = await ava.request('PUT', path, {
      json: { deleted: false, version: seen + 2 },
    });
    expect(restored.status).toBe(200);
    const blind = await ava.request('PUT', path, { json: { deleted: false } });
    expect(blind.status).toBe(200);
    const bad = await ava.request<ErrorBody>('PUT', path, { json: { deleted: true, version: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('version');
  });

  it("pages through the organisation's deleted calls, newest first, and only its own", async () => {
    const deletedIn = async (organisation: string) =>
      (
        await queryRows<{ call_id: string }>(
          server.database.db,
          sql`select c.call_id from call_log c join organisations o on o.id = c.organisation_id
              where o.name = ${organisation} and c.deleted_flag
              order by c.end_datetime desc, c.call_id desc`,
        )
      ).map((row) => row.call_id);
    const list = (client: TestClient, search = '') =>
      client.request<DeletedCallsResponse>('GET', `/api/v1/admin/calls/deleted${search}`);
    const setDeleted = async (callId: string, deleted: boolean) =>
      expect(
        (await ava.request('PUT', `/api/v1/admin/calls/${callId}/deleted`, { json: { deleted } }))
          .status,
      ).toBe(200);

    // Three more deleted calls than the demo data has, so that there are pages to turn.
    const live = await ava.request<CallListResponse>('GET', '/api/v1/calls?pageSize=3&page=2');
    const newlyDeleted = live.body.rows.map((row) => row.call_id);
    expect(newlyDeleted).toHaveLength(3);
    for (const callId of newlyDeleted) await setDeleted(callId, true);

    const expected = await deletedIn('Northwind Clinics');
    expect(expected).toEqual(expect.arrayContaining(newlyDeleted));
    const pages: DeletedCallsResponse[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 2); page += 1) {
      const response = await list(ava, `?page=${page}&pageSize=2`);
      expect(response.status).toBe(200);
      pages.push(response.body);
    }
    expect(pages.map((page) => [page.total, page.pageSize])).toEqual(
      pages.map(() => [expected.length, 2]),
    );
    expect(pages[1]?.page).toBe(2);
    expect(pages.flatMap((page) => page.rows.map((row) => row.call_id))).toEqual(expected);
    const rows = pages.flatMap((page) => page.rows);
    expect(rows.every((row) => row.deleted_flag === true)).toBe(true);
    expect(Object.keys(rows[0] ?? {})).not.toContain('transcript');

    const pastTheEnd = await list(ava, `?page=${pages.length + 1}&pageSize=2`);
    expect(pastTheEnd.body).toEqual({
      rows: [],
      total: expected.length,
      page: pages.length + 1,
      pageSize: 2,
    });
    const defaults = await list(ava);
    expect([defaults.body.page, defaults.body.pageSize]).toEqual([1, 50]);

    // Another organisation's admin sees their own deleted calls, never Northwind's.
    const globex = await list(gus, '?pageSize=200');
    const globexIds = globex.body.rows.map((row) => row.call_id);
    expect(globex.status).toBe(200);
    expect(globexIds).toEqual(await deletedIn('Globex Insurance'));
    expect(globex.body.total).toBe(globexIds.length);
    expect(globexIds.filter((callId) => expected.includes(callId))).toEqual([]);

    // Restored calls leave the list, and the total follows.
    for (const callId of newlyDeleted) await setDeleted(callId, false);
    const after = await list(ava, '?pageSize=200');
    expect(after.body.total).toBe(expected.length - 3);
    expect(after.body.rows.map((row) => row.call_id)).toEqual(
      expected.filter((callId) => !newlyDeleted.includes(callId)),
    );

    for (const [search, field] of [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?pageSize=0', 'pageSize'],
      ['?pageSize=201', 'pageSize'],
    ] as const) {
      const response = await ava.request<ErrorBody>('GET', `/api/v1/admin/calls/deleted${search}`);
      expect(response.status, search).toBe(400);
      expect(response.body.error.code, search).toBe('VALIDATION_FAILED');
      expect(response.body.error.fields, search).toHaveProperty(field);
    }
  });

  it('lets the platform operator create an organisation and map an agent, moving its calls at once', async () => {
    const created = await root.request<{ organisation: { id: string }; invitation: Invitation }>(
      'POST',
      '/api/v1/platform/organisations',
      {
        json: { name: 'Initech Health', adminEmail: 'boss@initech.test' },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.invitation).toMatchObject({ email: 'boss@initech.test', role: 'admin' });
    await tokenFromOutbox('boss@initech.test');
    const organisations = await root.request<{ organisations: { name: string; calls: number }[] }>(
      'GET',
      '/api/v1/platform/organisations',
    );
    expect(organisations.body.organisations.map((org) => org.name)).toEqual(
      expect.arrayContaining(['Northwind Clinics', 'Globex Insurance', 'Initech Health']),
    );
    const agents = await root.request<{
      agents: { agent_id: string; organisation_id: string | null; calls: number }[];
    }>('GET', '/api/v1/platform/agents');
    const stray = agents.body.agents.find((agent) => agent.agent_id === 'stray-agent-1');
    expect(stray?.organisation_id).toBeNull();
    expect(stray?.calls).toBeGreaterThan(0);

    const gia = await signedIn('gia@globex.test');
    expect(
      (await gia.request<CallListResponse>('GET', '/api/v1/calls?agentId=stray-agent-1')).body
        .total,
    ).toBe(0);
    const globexId = (await gia.request<Me>('GET', '/api/v1/me')).body.organisation?.id ?? '';
    expect(
      (
        await root.request('PUT', '/api/v1/platform/agents/stray-agent-1', {
          json: { organisationId: globexId },
        })
      ).status,
    ).toBe(200);
    expect(
      (await gia.request<CallListResponse>('GET', '/api/v1/calls?agentId=stray-agent-1')).body
        .total,
    ).toBe(stray?.calls);
    const audit = await gus.request<{ entries: AuditEntry[] }>(
      'GET',
      '/api/v1/admin/audit?action=agent.mapped',
    );
    expect(audit.body.entries.map((entry) => entry.target)).toContain('stray-agent-1');
  });

  it('lets a user change their name and their password (other sessions end)', async () => {
    const renamed = await mia.request<Me>('PATCH', '/api/v1/me', {
      json: { first_name: 'Mia', last_name: 'Okafor-Lee' },
    });
    expect(renamed.body.last_name).toBe('Okafor-Lee');
    const otherDevice = await signedIn('mia@northwind.test');
    const weak = await mia.request<{ code: string }>('POST', '/api/auth/change-password', {
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'mia', revokeOtherSessions: true },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('WEAK_PASSWORD');
    const wrongCurrent = await mia.request('POST', '/api/auth/change-password', {
      json: {
        currentPassword: 'not-it-at-all',
        newPassword: 'harbour-violet-canyon-19',
        revokeOtherSessions: true,
      },
    });
    expect(wrongCurrent.status).toBe(400);
    const changed = await mia.request('POST', '/api/auth/change-password', {
      json: {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'harbour-violet-canyon-19',
        revokeOtherSessions: true,
      },
    });
    expect(changed.status).toBe(200);
    expect((await otherDevice.request('GET', '/api/v1/me')).status).toBe(401);
    await mia.refreshAccessToken();
    expect((await mia.request('GET', '/api/v1/me')).status).toBe(200);
  });
});
