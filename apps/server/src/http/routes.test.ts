// Every route's documented answers against real ones: each declared route (packages/contract/src/
// routes, from which the OpenAPI document is written) is called over real HTTP, and each answer
// must have a status the route documents and a body that parses with the schema documented for
// that status. A declaration that disagrees with the server fails here.
import {
  AUTH_ROUTES,
  V1_ROUTES,
  errorBodySchema,
  routePath,
  type RouteDeclaration,
} from '@callboard/contract';
import * as contract from '@callboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { openEventStream } from '../test/event-stream.ts';
import { TestClient, type JsonResponse } from '../test/http-client.ts';
import { latestCode, otherCodeThan } from '../test/outbox.ts';
import { codeFor, wrongCode } from '../test/totp.ts';
import { startIdentityProvider, type TestIdentityProvider } from '../test/oidc-provider.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import {
  retellCallAnalyzed,
  signedRetellDelivery,
  signedVapiDelivery,
  vapiEndOfCallReport,
  type SignedDelivery,
} from '../modules/webhooks/signed-delivery.ts';

const NEW_PASSWORD = 'quiet-harbour-lantern-42';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body sent as text/csv instead of JSON. */
  csv?: string;
  /** The bearer token to send in place of the client's access token (an API key). */
  bearer?: string | null;
}

/** Parses an answer with what its route documents for its status; throws when they disagree. */
function documentedBody(route: RouteDeclaration, response: JsonResponse) {
  const where = `${route.operationId} answered ${String(response.status)}`;
  if (route.response?.status === response.status) {
    const { schema, mediaType } = route.response;
    if (mediaType) {
      expect(response.headers.get('content-type'), where).toContain(mediaType);
      expect(typeof response.body, where).toBe('string');
      return response.body;
    }
    if (!schema) {
      expect(response.body, `${where}: documented without a body`).toBeNull();
      return null;
    }
    return z.parse(schema, response.body);
  }
  if (route.noContent && response.status === 204) {
    expect(response.body, `${where}: documented without a body`).toBeNull();
    return null;
  }
  const documented = Object.keys(route.errors).map(Number);
  expect(documented, `${where}: an undocumented status`).toContain(response.status);
  return z.parse(route.errorSchema ?? errorBodySchema, response.body);
}

describe.each(testDatabaseKinds)('documented answers are real answers [$name]', ({ create }) => {
  let server: TestServer;
  let ava: TestClient;
  let mia: TestClient;
  let nora: TestClient;
  let root: TestClient;
  let anonymous: TestClient;
  /** An OpenID Connect provider on loopback, for single sign-on. */
  let idp: TestIdentityProvider;
  /** `operationId status` of every answer checked. */
  const seen = new Set<string>();

  async function call(client: TestClient, route: RouteDeclaration, request: Call = {}) {
    const search = new URLSearchParams(request.query).toString();
    const path = `${route.base}${routePath(route.path, request.params ?? {})}${search ? `?${search}` : ''}`;
    const response = await client.request(route.method.toUpperCase(), path, {
      json: request.body,
      ...(request.csv === undefined
        ? {}
        : { body: request.csv, headers: { 'content-type': 'text/csv' } }),
      ...(request.bearer === undefined ? {} : { bearer: request.bearer }),
    });
    const body = documentedBody(route, response);
    seen.add(`${route.operationId} ${String(response.status)}`);
    return { status: response.status, body };
  }

  /** Calls a route that must succeed and returns what its success schema parsed. */
  async function succeed(client: TestClient, route: RouteDeclaration, request: Call = {}) {
    const { status, body } = await call(client, route, request);
    expect(status, route.operationId).toBe(route.response?.status);
    return body;
  }

  /** Calls a route that must fail with `status`. */
  async function fail(client: TestClient, route: RouteDeclaration, status: number, request?: Call) {
    expect((await call(client, route, request)).status, route.operationId).toBe(status);
  }

  const signedIn = async (email: string, password = DEMO_PASSWORD) => {
    const client = new TestClient(server.url);
    await succeed(client, contract.signInRoute, { body: { email, password } });
    await succeed(client, contract.getAccessTokenRoute);
    await client.refreshAccessToken();
    return client;
  };

  const linkToken = async (to: string, pattern: RegExp) => {
    const outbox = await anonymous.request<{ messages: { text: string }[] }>(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(to)}`,
    );
    const match = pattern.exec(outbox.body.messages.at(-1)?.text ?? '');
    if (!match?.[1]) throw new Error(`no link to ${to}`);
    return decodeURIComponent(match[1]);
  };
  const invitationToken = (to: string) => linkToken(to, /\/join\?token=([^\s&]+)/u);

  beforeAll(async () => {
    idp = await startIdentityProvider();
    server = await startTestServer(await create(), {
      callsPerOrganisation: 40,
      env: { SSO_INTERNAL_ISSUERS: idp.issuer },
    });
    idp.register(`${server.url}/api/auth/sso/callback`);
    anonymous = new TestClient(server.url);
    ava = await signedIn('ava.admin@northwind.test');
    mia = await signedIn('mia@northwind.test');
    nora = await signedIn('nora@nowhere.test');
    root = await signedIn('root@callboard.test');
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  it('single sign-on', async () => {
    // Signed in just now: setting it up needs a recent sign-in.
    const admin = await signedIn('ava.admin@northwind.test');
    z.parse(contract.ssoSettingsSchema, await succeed(admin, contract.getSsoSettingsRoute));
    await fail(mia, contract.getSsoSettingsRoute, 403);
    await fail(anonymous, contract.getSsoSettingsRoute, 401);
    const body = {
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      domains: ['northwind.test'],
    };
    await fail(admin, contract.updateSsoSettingsRoute, 400, { body: { ...body, domains: [] } });
    await fail(admin, contract.updateSsoSettingsRoute, 400, {
      body: { ...body, issuer: 'http://10.0.0.1' },
    });
    await fail(mia, contract.updateSsoSettingsRoute, 403, { body });
    await fail(anonymous, contract.updateSsoSettingsRoute, 401, { body });
    await succeed(admin, contract.updateSsoSettingsRoute, { body });
    await fail(await signedIn('gus.admin@globex.test'), contract.updateSsoSettingsRoute, 409, {
      body,
    });

    await succeed(anonymous, contract.signInWithSsoRoute, {
      body: { email: 'leo@northwind.test' },
    });
    await fail(anonymous, contract.signInWithSsoRoute, 404, {
      body: { email: 'leo@unlisted.test' },
    });
    await fail(anonymous, contract.signInWithSsoRoute, 400, { body: { email: 'leo' } });

    await fail(mia, contract.removeSsoSettingsRoute, 403);
    await fail(anonymous, contract.removeSsoSettingsRoute, 401);
    await succeed(admin, contract.removeSsoSettingsRoute);
  });

  it('your own sessions', async () => {
    // Browsers of their own: ending sessions here must not end the ones other tests use.
    const here = await signedIn('leo@northwind.test');
    const other = await signedIn('leo@northwind.test');
    await signedIn('leo@northwind.test');
    const sessions = z.parse(
      contract.ownSessionListSchema,
      await succeed(other, contract.listOwnSessionsRoute),
    ).sessions;
    await fail(anonymous, contract.listOwnSessionsRoute, 401);
    const otherId = sessions.find((session) => session.current)?.id ?? '';
    await succeed(here, contract.endOwnSessionRoute, { params: { sessionId: otherId } });
    await fail(here, contract.endOwnSessionRoute, 404, { params: { sessionId: otherId } });
    await fail(here, contract.endOwnSessionRoute, 400, { params: { sessionId: 'x' } });
    await fail(other, contract.endOwnSessionRoute, 401, { params: { sessionId: otherId } });
    z.parse(contract.endedSessionsSchema, await succeed(here, contract.endOtherOwnSessionsRoute));
    await fail(anonymous, contract.endOtherOwnSessionsRoute, 401);
  });

  it('the signed-in user, calls, organisation and analytics', async () => {
    const me = z.parse(contract.meSchema, await succeed(mia, contract.getMeRoute));
    await fail(anonymous, contract.getMeRoute, 401);
    await succeed(mia, contract.updateMeRoute, {
      body: { first_name: me.first_name, last_name: me.last_name },
    });
    await fail(mia, contract.updateMeRoute, 400, { body: { first_name: '', last_name: 'x' } });

    const list = z.parse(
      contract.callListResponseSchema,
      await succeed(ava, contract.listCallsRoute, { query: { pageSize: '5' } }),
    );
    await fail(ava, contract.listCallsRoute, 400, { query: { pageSize: '0' } });
    await fail(nora, contract.listCallsRoute, 403);
    await fail(anonymous, contract.listCallsRoute, 401);

    const callId = list.rows[0]?.call_id ?? '';
    const params = { callId };
    await succeed(ava, contract.getCallRoute, { params });
    await fail(ava, contract.getCallRoute, 404, { params: { callId: 'no-such-call' } });
    await fail(ava, contract.getCallRoute, 400, { params: { callId: 'x'.repeat(201) } });
    await fail(nora, contract.getCallRoute, 403, { params });

    const admin = z.parse(contract.meSchema, await succeed(ava, contract.getMeRoute));
    await succeed(ava, contract.assignCallRoute, { params, body: { assigneeId: admin.id } });
    await fail(ava, contract.assignCallRoute, 422, { params, body: { assigneeId: UNKNOWN_ID } });
    await fail(ava, contract.assignCallRoute, 400, { params, body: { assigneeId: 'me' } });
    await succeed(ava, contract.setCallStatusRoute, { params, body: { status: 'In progress' } });
    await fail(ava, contract.setCallStatusRoute, 400, { params, body: { status: 'Open' } });
    await succeed(ava, contract.addCallNoteRoute, { params, body: { body: 'Called back.' } });
    await fail(ava, contract.addCallNoteRoute, 400, { params, body: { body: ' ' } });
    await fail(ava, contract.addCallNoteRoute, 422, {
      params,
      body: { body: `@{${UNKNOWN_ID}}` },
    });

    const detail = z.parse(
      contract.callDetailSchema,
      await succeed(ava, contract.getCallRoute, { params }),
    );
    const bulkResult = z.parse(
      contract.bulkCallActionResponseSchema,
      await succeed(ava, contract.bulkCallActionRoute, {
        body: {
          action: 'setStatus',
          status: 'New',
          calls: [{ id: callId, version: detail.version }],
        },
      }),
    );
    await succeed(ava, contract.bulkCallActionRoute, { body: contract.bulkUndoBody(bulkResult) });
    await fail(ava, contract.bulkCallActionRoute, 400, { body: { action: 'setStatus' } });
    await fail(anonymous, contract.bulkCallActionRoute, 401, { body: { action: 'delete' } });
    await fail(mia, contract.bulkCallActionRoute, 403, {
      body: { action: 'delete', calls: [{ id: callId, version: 1 }] },
    });
    await fail(ava, contract.bulkCallActionRoute, 404, {
      body: { action: 'setStatus', status: 'New', calls: [{ id: 'no-such-call', version: 1 }] },
    });
    await fail(ava, contract.bulkCallActionRoute, 409, {
      body: { action: 'setStatus', status: 'Closed', calls: [{ id: callId, version: 1 }] },
    });
    await fail(ava, contract.bulkCallActionRoute, 422, {
      body: { action: 'assign', assigneeId: UNKNOWN_ID, calls: [{ id: callId, version: 1 }] },
    });

    // Assigning the call to Mia tells her (docs/live-updates.md, "Notifications").
    await succeed(ava, contract.assignCallRoute, { params, body: { assigneeId: me.id } });
    const inbox = z.parse(
      contract.notificationListResponseSchema,
      await succeed(mia, contract.listNotificationsRoute, { query: { limit: '5' } }),
    );
    await fail(mia, contract.listNotificationsRoute, 400, { query: { limit: '0' } });
    await fail(nora, contract.listNotificationsRoute, 403);
    await fail(anonymous, contract.listNotificationsRoute, 401);
    const notificationId = inbox.notifications[0]?.id ?? '';
    await fail(ava, contract.markNotificationReadRoute, 404, { params: { notificationId } });
    await succeed(mia, contract.markNotificationReadRoute, { params: { notificationId } });
    await fail(mia, contract.markNotificationReadRoute, 400, { params: { notificationId: 'x' } });
    await succeed(mia, contract.markAllNotificationsReadRoute);
    await fail(nora, contract.markAllNotificationsReadRoute, 403);

    await succeed(mia, contract.listMembersRoute);
    await fail(nora, contract.listMembersRoute, 403);
    await succeed(mia, contract.listAgentsRoute);
    await fail(nora, contract.listAgentsRoute, 403);

    const to = new Date().toISOString();
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await succeed(mia, contract.getAnalyticsRoute, { query: { from, to, tz: 'Europe/London' } });
    await fail(mia, contract.getAnalyticsRoute, 400, { query: { to } });
    await fail(nora, contract.getAnalyticsRoute, 403, { query: { from, to } });

    await fail(root, contract.raiseTestErrorRoute, 500);
    await fail(mia, contract.raiseTestErrorRoute, 403);
  });

  it('saved views', async () => {
    await succeed(mia, contract.listSavedViewsRoute, { query: { tz: 'Europe/London' } });
    await fail(mia, contract.listSavedViewsRoute, 400, { query: { tz: 'Mars/Olympus' } });
    await fail(nora, contract.listSavedViewsRoute, 403);
    await fail(anonymous, contract.listSavedViewsRoute, 401);
    const body = { name: 'Documented', query: 'status=open&sort=-duration', shared: true };
    const view = z.parse(
      contract.savedViewSchema,
      await succeed(mia, contract.createSavedViewRoute, { body }),
    );
    await fail(mia, contract.createSavedViewRoute, 409, { body });
    await fail(mia, contract.createSavedViewRoute, 400, { body: { name: '', query: '' } });
    await fail(nora, contract.createSavedViewRoute, 403, { body });
    await fail(anonymous, contract.createSavedViewRoute, 401, { body });
    const params = { viewId: view.id };
    await succeed(mia, contract.updateSavedViewRoute, { params, body: { name: 'Renamed' } });
    await fail(mia, contract.updateSavedViewRoute, 400, { params, body: {} });
    await fail(mia, contract.updateSavedViewRoute, 404, {
      params: { viewId: UNKNOWN_ID },
      body: { name: 'x' },
    });
    await succeed(ava, contract.createSavedViewRoute, {
      body: { name: 'Taken', query: '', shared: true },
    });
    await fail(mia, contract.updateSavedViewRoute, 409, { params, body: { name: 'taken' } });
    await fail(ava, contract.updateSavedViewRoute, 403, { params, body: { shared: false } });
    await fail(ava, contract.deleteSavedViewRoute, 400, { params: { viewId: 'x' } });
    await fail(mia, contract.deleteSavedViewRoute, 404, { params: { viewId: UNKNOWN_ID } });
    const avaViews = await ava.request<{ id: string }>('GET', '/api/v1/views');
    expect(avaViews.status).toBe(200);
    const avaShared = z
      .parse(contract.savedViewListSchema, avaViews.body)
      .views.find((each) => each.name === 'Taken');
    await fail(mia, contract.deleteSavedViewRoute, 403, {
      params: { viewId: avaShared?.id ?? '' },
    });
    await succeed(mia, contract.deleteSavedViewRoute, { params });
  });

  it('live updates: the event stream, presence and viewers', async () => {
    // Before 'joining through an invitation link', while nora has no organisation. The stream
    // never ends by itself: read it up to its first event, as documented.
    const route = contract.streamEventsRoute;
    const opened = await openEventStream(server.url, mia.accessToken);
    expect(opened.status).toBe(route.response.status);
    expect(opened.headers.get('content-type')).toContain(route.response.mediaType);
    seen.add(`${route.operationId} ${String(opened.status)}`);
    for (const [client, status] of [
      [anonymous, 401],
      [nora, 403],
    ] as const) {
      const refused = await openEventStream(server.url, client.accessToken);
      if (refused.status === 200) refused.close();
      else await refused.ended;
      expect(Object.keys(route.errors)).toContain(String(refused.status));
      expect(refused.status).toBe(status);
      z.parse(errorBodySchema, JSON.parse(refused.raw));
      seen.add(`${route.operationId} ${String(refused.status)}`);
    }

    const list = z.parse(
      contract.callListResponseSchema,
      await succeed(mia, contract.listCallsRoute, { query: { pageSize: '1' } }),
    );
    const callId = list.rows[0]?.call_id ?? '';
    const streamId = opened.streamId;
    await succeed(mia, contract.setPresenceRoute, { body: { streamId, callId } });
    await fail(mia, contract.setPresenceRoute, 400, { body: { streamId: 'x', callId } });
    await fail(mia, contract.setPresenceRoute, 404, { body: { streamId, callId: 'no-such-call' } });
    await fail(nora, contract.setPresenceRoute, 403, { body: { streamId, callId: null } });
    await fail(anonymous, contract.setPresenceRoute, 401, { body: { streamId, callId: null } });
    await succeed(mia, contract.listCallViewersRoute, { params: { callId } });
    await fail(mia, contract.listCallViewersRoute, 404, { params: { callId: 'no-such-call' } });
    await fail(nora, contract.listCallViewersRoute, 403, { params: { callId } });
    await succeed(mia, contract.setPresenceRoute, { body: { streamId, callId: null } });
    opened.close();
  });

  it('the admin area', async () => {
    const { members } = z.parse(
      z.object({ members: z.array(contract.adminMemberSchema) }),
      await succeed(ava, contract.listAdminMembersRoute),
    );
    await fail(mia, contract.listAdminMembersRoute, 403);
    const self = members.find((member) => member.email === 'ava.admin@northwind.test');
    const leo = members.find((member) => member.email === 'leo@northwind.test');
    await succeed(ava, contract.setMemberRoleRoute, {
      params: { userId: leo?.id ?? '' },
      body: { role: 'member' },
    });
    await fail(ava, contract.setMemberRoleRoute, 422, {
      params: { userId: self?.id ?? '' },
      body: { role: 'member' },
    });
    await fail(ava, contract.setMemberRoleRoute, 404, {
      params: { userId: UNKNOWN_ID },
      body: { role: 'member' },
    });
    await fail(ava, contract.setMemberRoleRoute, 400, {
      params: { userId: 'nobody' },
      body: { role: 'member' },
    });
    await fail(ava, contract.removeMemberRoute, 422, { params: { userId: self?.id ?? '' } });
    await fail(ava, contract.removeMemberRoute, 404, { params: { userId: UNKNOWN_ID } });
    await fail(ava, contract.removeMemberRoute, 400, { params: { userId: 'nobody' } });

    await succeed(ava, contract.listInvitationsRoute);
    const invitation = z.parse(
      contract.invitationSchema,
      await succeed(ava, contract.createInvitationRoute, {
        body: { email: 'kim@northwind.test' },
      }),
    );
    await fail(ava, contract.createInvitationRoute, 409, { body: { email: 'kim@northwind.test' } });
    await fail(ava, contract.createInvitationRoute, 400, { body: { email: 'kim' } });
    await fail(mia, contract.createInvitationRoute, 403, { body: { email: 'lee@northwind.test' } });
    const invitationParams = { invitationId: invitation.id };
    await succeed(ava, contract.resendInvitationRoute, { params: invitationParams });
    await fail(ava, contract.resendInvitationRoute, 404, {
      params: { invitationId: UNKNOWN_ID },
    });
    await fail(ava, contract.resendInvitationRoute, 400, { params: { invitationId: 'x' } });
    await succeed(ava, contract.revokeInvitationRoute, { params: invitationParams });
    await fail(ava, contract.revokeInvitationRoute, 404, { params: invitationParams });

    const { agents } = z.parse(
      z.object({ agents: z.array(contract.adminAgentSchema) }),
      await succeed(ava, contract.listAdminAgentsRoute),
    );
    const agentId = agents[0]?.agent_id ?? '';
    await succeed(ava, contract.renameAgentRoute, {
      params: { agentId },
      body: { display_name: 'Front desk' },
    });
    await fail(ava, contract.renameAgentRoute, 404, {
      params: { agentId: 'no-such-agent' },
      body: { display_name: 'x' },
    });
    await fail(ava, contract.renameAgentRoute, 400, {
      params: { agentId },
      body: { display_name: 'x'.repeat(101) },
    });

    await succeed(ava, contract.getOrganisationSettingsRoute);
    await succeed(ava, contract.updateOrganisationSettingsRoute, { body: { phone_country: 'GB' } });
    await fail(ava, contract.updateOrganisationSettingsRoute, 400, {
      body: { phone_country: 'XX' },
    });

    const list = z.parse(
      contract.callListResponseSchema,
      await succeed(ava, contract.listCallsRoute, { query: { pageSize: '1' } }),
    );
    const params = { callId: list.rows[0]?.call_id ?? '' };
    await succeed(ava, contract.setCallDeletedRoute, { params, body: { deleted: true } });
    await succeed(ava, contract.listDeletedCallsRoute, { query: { pageSize: '10' } });
    await succeed(ava, contract.setCallDeletedRoute, { params, body: { deleted: false } });
    await fail(ava, contract.setCallDeletedRoute, 404, {
      params: { callId: 'no-such-call' },
      body: { deleted: true },
    });
    await fail(ava, contract.setCallDeletedRoute, 400, { params, body: { deleted: 'yes' } });
    await fail(ava, contract.listDeletedCallsRoute, 400, { query: { pageSize: '0' } });

    await succeed(ava, contract.listAuditRoute, { query: { action: 'call.deleted' } });
    await fail(ava, contract.listAuditRoute, 400, { query: { action: 'call.burned' } });

    const csv = String(
      await succeed(mia, contract.exportCallsRoute, { query: { status: 'open' } }),
    );
    await fail(mia, contract.exportCallsRoute, 400, { query: { status: 'later' } });
    await fail(nora, contract.exportCallsRoute, 403);
    await fail(anonymous, contract.exportCallsRoute, 401);
    // The seed's calls have no external id: the preview names each line, and the import refuses.
    await succeed(ava, contract.previewCallImportRoute, { csv });
    await fail(ava, contract.previewCallImportRoute, 422, { csv: '' });
    await fail(ava, contract.previewCallImportRoute, 400, { csv: 'a\u0000b' });
    await fail(mia, contract.previewCallImportRoute, 403, { csv });
    await fail(ava, contract.importCallsRoute, 422, { csv });
    await fail(ava, contract.importCallsRoute, 400, { query: { first_line: '1' }, csv });
    await fail(ava, contract.importCallsRoute, 409, {
      csv: `external_id,agent_id,started_at,ended_at,direction,from_number,to_number\r\nr-1,gx-agent-1,${new Date().toISOString()},${new Date().toISOString()},inbound,+1,+2\r\n`,
    });
    await succeed(ava, contract.importCallsRoute, {
      csv: `external_id,agent_id,started_at,ended_at,direction,from_number,to_number\r\nr-1,nw-agent-1,${new Date().toISOString()},${new Date().toISOString()},inbound,+1,+2\r\n`,
    });
  });

  it('API keys and the ingestion API', async () => {
    const created = z.parse(
      contract.createdApiKeySchema,
      await succeed(ava, contract.createApiKeyRoute, { body: { name: 'Routes test' } }),
    );
    await fail(ava, contract.createApiKeyRoute, 400, { body: { name: '' } });
    await fail(mia, contract.createApiKeyRoute, 403, { body: { name: 'Mine' } });
    await fail(anonymous, contract.createApiKeyRoute, 401, { body: { name: 'Mine' } });
    await succeed(ava, contract.listApiKeysRoute);
    await fail(mia, contract.listApiKeysRoute, 403);

    const ingest = (body: unknown, bearer: string | null = created.key) => ({ body, bearer });
    const ended = new Date(Date.now() - 300_000).toISOString();
    const sample = {
      ...contract.INGEST_EXAMPLE.body.calls[0],
      agent_id: 'nw-agent-1',
      started_at: ended,
      ended_at: ended,
    };
    await succeed(anonymous, contract.ingestCallsRoute, ingest({ calls: [sample] }));
    await fail(anonymous, contract.ingestCallsRoute, 401, ingest({ calls: [sample] }, null));
    await fail(
      anonymous,
      contract.ingestCallsRoute,
      409,
      ingest({ calls: [{ ...sample, agent_id: 'gx-agent-1' }] }),
    );
    await fail(
      anonymous,
      contract.ingestCallsRoute,
      422,
      ingest({ calls: [{ ...sample, direction: 'sideways' }] }),
    );
    await fail(
      anonymous,
      contract.ingestCallsRoute,
      400,
      ingest({ calls: [{ ...sample, summary: 'a\u0000b' }] }),
    );

    await fail(mia, contract.revokeApiKeyRoute, 403, { params: { keyId: created.id } });
    await fail(ava, contract.revokeApiKeyRoute, 400, { params: { keyId: 'x' } });
    await succeed(ava, contract.revokeApiKeyRoute, { params: { keyId: created.id } });
    await fail(ava, contract.revokeApiKeyRoute, 404, { params: { keyId: created.id } });
  });

  it('voice-platform integrations and their webhooks', async () => {
    const retellKey = 'key_routes_test_0123456789abcdef';
    const retell = z.parse(
      contract.createdIntegrationSchema,
      await succeed(ava, contract.createIntegrationRoute, {
        body: { kind: 'retell', name: 'Retell', retell_api_key: retellKey },
      }),
    );
    const vapi = z.parse(
      contract.createdIntegrationSchema,
      await succeed(ava, contract.createIntegrationRoute, { body: { kind: 'vapi', name: 'Vapi' } }),
    );
    await fail(ava, contract.createIntegrationRoute, 400, { body: { kind: 'retell', name: 'x' } });
    await fail(mia, contract.createIntegrationRoute, 403, { body: { kind: 'vapi', name: 'x' } });
    await fail(anonymous, contract.createIntegrationRoute, 401, {
      body: { kind: 'vapi', name: 'x' },
    });
    await succeed(ava, contract.listIntegrationsRoute);
    await fail(mia, contract.listIntegrationsRoute, 403);

    /** What a platform sends: its own body and headers, no access token. */
    const deliver = async (
      route: RouteDeclaration,
      integrationId: string,
      delivery: SignedDelivery,
    ) => {
      const response = await anonymous.request(
        'POST',
        `${route.base}${routePath(route.path, { integrationId })}`,
        { bearer: null, body: delivery.init.body, headers: delivery.init.headers },
      );
      documentedBody(route, response);
      seen.add(`${route.operationId} ${String(response.status)}`);
      return response.status;
    };
    const retellDelivery = (body: unknown, apiKey = retellKey) =>
      signedRetellDelivery({ baseUrl: anonymous.baseUrl, integrationId: retell.id, apiKey, body });
    const vapiDelivery = (body?: unknown, secret = vapi.secret ?? '') =>
      signedVapiDelivery({ baseUrl: anonymous.baseUrl, integrationId: vapi.id, secret, body });
    const analyzed = retellCallAnalyzed('routes-retell-1', { agentId: 'nw-routes-retell' });
    expect(
      await deliver(contract.receiveRetellWebhookRoute, retell.id, retellDelivery(analyzed)),
    ).toBe(200);
    expect(
      await deliver(
        contract.receiveRetellWebhookRoute,
        retell.id,
        retellDelivery({ event: 'call_started', call: {} }),
      ),
    ).toBe(204);
    expect(
      await deliver(
        contract.receiveRetellWebhookRoute,
        retell.id,
        retellDelivery(analyzed, 'key_wrong'),
      ),
    ).toBe(401);
    expect(
      await deliver(
        contract.receiveRetellWebhookRoute,
        retell.id,
        retellDelivery({ ...analyzed, call: { ...analyzed.call, agent_id: 'gx-agent-1' } }),
      ),
    ).toBe(409);
    expect(
      await deliver(
        contract.receiveRetellWebhookRoute,
        retell.id,
        retellDelivery({ ...analyzed, call: { ...analyzed.call, end_timestamp: null } }),
      ),
    ).toBe(422);
    expect(
      await deliver(
        contract.receiveVapiWebhookRoute,
        vapi.id,
        vapiDelivery(vapiEndOfCallReport('routes-vapi-1', { assistantId: 'nw-routes-vapi' })),
      ),
    ).toBe(200);
    expect(
      await deliver(
        contract.receiveVapiWebhookRoute,
        vapi.id,
        vapiDelivery({ message: { type: 'status-update' } }),
      ),
    ).toBe(204);
    expect(
      await deliver(
        contract.receiveVapiWebhookRoute,
        vapi.id,
        vapiDelivery(undefined, 'cb_whsec_wrong'),
      ),
    ).toBe(401);
    expect(await deliver(contract.receiveVapiWebhookRoute, UNKNOWN_ID, vapiDelivery())).toBe(401);

    await succeed(ava, contract.listWebhookDeliveriesRoute, {
      params: { integrationId: retell.id },
    });
    await fail(ava, contract.listWebhookDeliveriesRoute, 404, {
      params: { integrationId: UNKNOWN_ID },
    });
    await fail(ava, contract.listWebhookDeliveriesRoute, 400, { params: { integrationId: 'x' } });
    await fail(mia, contract.listWebhookDeliveriesRoute, 403, {
      params: { integrationId: retell.id },
    });
    await fail(mia, contract.deleteIntegrationRoute, 403, { params: { integrationId: vapi.id } });
    await fail(ava, contract.deleteIntegrationRoute, 400, { params: { integrationId: 'x' } });
    await succeed(ava, contract.deleteIntegrationRoute, { params: { integrationId: vapi.id } });
    await fail(ava, contract.deleteIntegrationRoute, 404, { params: { integrationId: vapi.id } });
  });

  it('the platform console', async () => {
    await succeed(root, contract.listOrganisationsRoute);
    await fail(ava, contract.listOrganisationsRoute, 403);
    await succeed(root, contract.createOrganisationRoute, {
      body: { name: 'Initech', adminEmail: 'peter@initech.test' },
    });
    await fail(root, contract.createOrganisationRoute, 400, {
      body: { name: 'I', adminEmail: 'peter@initech.test' },
    });

    const { agents } = z.parse(
      z.object({ agents: z.array(contract.platformAgentSchema) }),
      await succeed(root, contract.listPlatformAgentsRoute),
    );
    const agent = agents.find((candidate) => candidate.organisation_id !== null);
    const params = { agentId: agent?.agent_id ?? '' };
    await succeed(root, contract.mapAgentRoute, {
      params,
      body: { organisationId: agent?.organisation_id ?? null },
    });
    await fail(root, contract.mapAgentRoute, 422, { params, body: { organisationId: UNKNOWN_ID } });
    await fail(root, contract.mapAgentRoute, 400, { params, body: { organisationId: 'x' } });
    await fail(ava, contract.mapAgentRoute, 403, { params, body: { organisationId: null } });
  });

  it('joining through an invitation link', async () => {
    await succeed(ava, contract.createInvitationRoute, { body: { email: 'jo@northwind.test' } });
    const token = await invitationToken('jo@northwind.test');
    await succeed(anonymous, contract.getInvitationPreviewRoute, { params: { token } });
    await fail(anonymous, contract.getInvitationPreviewRoute, 400, { params: { token: 'short' } });
    await fail(anonymous, contract.getInvitationPreviewRoute, 404, {
      params: { token: 'x'.repeat(43) },
    });
    const names = { first_name: 'Jo', last_name: 'March' };
    const weak = await call(anonymous, contract.signUpWithInvitationRoute, {
      params: { token },
      body: { ...names, password: 'password' },
    });
    expect(weak.status).toBe(400);
    expect(z.parse(errorBodySchema, weak.body).error.reasons?.length).toBeGreaterThan(0);
    await succeed(anonymous, contract.signUpWithInvitationRoute, {
      params: { token },
      body: { ...names, password: NEW_PASSWORD },
    });
    await fail(anonymous, contract.signUpWithInvitationRoute, 410, {
      params: { token },
      body: { ...names, password: NEW_PASSWORD },
    });

    await succeed(ava, contract.createInvitationRoute, { body: { email: 'nora@nowhere.test' } });
    const noraToken = await invitationToken('nora@nowhere.test');
    await fail(mia, contract.acceptInvitationRoute, 403, { params: { token: noraToken } });
    await fail(anonymous, contract.acceptInvitationRoute, 401, { params: { token: noraToken } });
    await succeed(nora, contract.acceptInvitationRoute, { params: { token: noraToken } });
    await fail(nora, contract.acceptInvitationRoute, 410, { params: { token: noraToken } });

    const { members } = z.parse(
      z.object({ members: z.array(contract.adminMemberSchema) }),
      await succeed(ava, contract.listAdminMembersRoute),
    );
    const jo = members.find((member) => member.email === 'jo@northwind.test');
    await succeed(ava, contract.removeMemberRoute, { params: { userId: jo?.id ?? '' } });
  });

  it('identity', async () => {
    const browser = new TestClient(server.url);
    const email = 'leo@northwind.test';
    await fail(browser, contract.signInRoute, 401, { body: { email, password: 'wrong-password' } });
    await fail(browser, contract.signInRoute, 400, { body: { email: 'leo', password: 'x' } });
    await fail(browser, contract.getAccessTokenRoute, 401);

    await succeed(browser, contract.requestPasswordResetRoute, { body: { email } });
    const resetToken = await linkToken(email, /\/update-password\?token=([^\s&]+)/u);
    await succeed(browser, contract.checkResetLinkRoute, { body: { token: resetToken } });
    await fail(browser, contract.checkResetLinkRoute, 400, { body: { token: '' } });
    await succeed(browser, contract.checkPasswordRoute, { body: { password: 'password123' } });
    await fail(browser, contract.checkPasswordRoute, 400, { body: {} });
    await fail(browser, contract.resetPasswordRoute, 400, {
      body: { newPassword: NEW_PASSWORD, token: 'no-such-token' },
    });
    await succeed(browser, contract.resetPasswordRoute, {
      body: { newPassword: NEW_PASSWORD, token: resetToken },
    });

    const leo = await signedIn(email, NEW_PASSWORD);
    await fail(leo, contract.changePasswordRoute, 400, {
      body: { currentPassword: 'wrong-password', newPassword: DEMO_PASSWORD },
    });
    await fail(anonymous, contract.changePasswordRoute, 401, {
      body: { currentPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD },
    });
    await succeed(leo, contract.changePasswordRoute, {
      body: { currentPassword: NEW_PASSWORD, newPassword: `${NEW_PASSWORD}-again` },
    });
    await succeed(leo, contract.signOutRoute, { body: {} });
  });

  it('two-factor sign-in', async () => {
    const email = 'gia@globex.test';
    const gia = await signedIn(email);
    await fail(gia, contract.enableTwoFactorRoute, 400, { body: { password: 'wrong-password' } });
    await fail(anonymous, contract.enableTwoFactorRoute, 401, {
      body: { password: DEMO_PASSWORD },
    });
    const { totpURI, backupCodes } = z.parse(
      z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }),
      await succeed(gia, contract.enableTwoFactorRoute, { body: { password: DEMO_PASSWORD } }),
    );
    await fail(gia, contract.verifyTotpRoute, 401, { body: { code: await wrongCode(totpURI) } });
    await succeed(gia, contract.verifyTotpRoute, { body: { code: await codeFor(totpURI) } });
    await fail(anonymous, contract.verifyTotpRoute, 401, { body: { code: '123456' } });

    const browser = new TestClient(server.url);
    await succeed(browser, contract.signInRoute, { body: { email, password: DEMO_PASSWORD } });
    await fail(browser, contract.verifyBackupCodeRoute, 401, { body: { code: 'aaaaa-aaaaa' } });
    await succeed(browser, contract.verifyBackupCodeRoute, { body: { code: backupCodes[0] } });

    await fail(browser, contract.disableTwoFactorRoute, 400, {
      body: { password: DEMO_PASSWORD, code: await wrongCode(totpURI) },
    });
    await succeed(browser, contract.disableTwoFactorRoute, {
      body: { password: DEMO_PASSWORD, code: await codeFor(totpURI, 1) },
    });
  });

  it('re-authentication', async () => {
    const answer = await succeed(mia, contract.reauthenticateRoute, {
      body: { password: DEMO_PASSWORD },
    });
    expect(answer).toHaveProperty('reauthenticated_until');
    await fail(mia, contract.reauthenticateRoute, 400, { body: { password: 'wrong-password' } });
    await fail(mia, contract.reauthenticateRoute, 400, { body: { code: '123456' } });
    await fail(anonymous, contract.reauthenticateRoute, 401, {
      body: { password: DEMO_PASSWORD },
    });
  });

  it('sign-in with an email code', async () => {
    const email = 'nora@nowhere.test';
    const browser = new TestClient(server.url);
    await succeed(browser, contract.sendEmailCodeRoute, { body: { email, type: 'sign-in' } });
    await fail(browser, contract.sendEmailCodeRoute, 400, {
      body: { email: 'not an address', type: 'sign-in' },
    });
    const code = await latestCode(server.url, email);
    await fail(browser, contract.signInWithCodeRoute, 400, {
      body: { email, otp: otherCodeThan(code) },
    });
    await succeed(browser, contract.signInWithCodeRoute, { body: { email, otp: code } });
  });

  it('open sign-up and its verification code', async () => {
    const email = 'uma@newcomer.test';
    const browser = new TestClient(server.url);
    await fail(browser, contract.signUpRoute, 400, {
      body: { first_name: 'Uma', last_name: 'Shah', email, password: 'uma@newcomer.test' },
    });
    await succeed(browser, contract.signUpRoute, {
      body: { first_name: 'Uma', last_name: 'Shah', email, password: 'lantern-orchard-42' },
    });
    const code = await latestCode(server.url, email);
    const password = 'lantern-orchard-42';
    await fail(browser, contract.verifyEmailRoute, 400, {
      body: { email, otp: otherCodeThan(code), password },
    });
    await succeed(browser, contract.verifyEmailRoute, { body: { email, otp: code, password } });
  });

  it('checked the success answer of every declared route', () => {
    const routes: readonly RouteDeclaration[] = [...V1_ROUTES, ...AUTH_ROUTES];
    const missing = routes
      .filter((route) => route.response)
      .map((route) => `${route.operationId} ${String(route.response?.status)}`)
      .filter((answer) => !seen.has(answer));
    expect(missing).toEqual([]);
    expect(seen.has('raiseTestError 500')).toBe(true);
  });
});
