// Inviting someone who already belongs to another organisation, and the link an admin may copy,
// over real HTTP on both databases.
import type { AuditEntry, ErrorBody, Invitation, SentInvitation } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { INVITEE_HAS_ORGANISATION_MESSAGE } from './invitations.service.ts';

describe.each(testDatabaseKinds)(
  'invitations: other organisations, links [$name]',
  ({ create }) => {
    let server: TestServer;
    let ava: TestClient;
    let gus: TestClient;
    let mia: TestClient;

    const signedIn = async (email: string) => {
      const client = new TestClient(server.url);
      expect((await client.signIn(email, DEMO_PASSWORD)).status, email).toBe(200);
      return client;
    };
    const invitationsTo = async (email: string) =>
      queryRows<{ organisation_id: string }>(
        server.database.db,
        sql`select organisation_id from invitations where email = ${email}`,
      );
    const mailsTo = async (to: string) =>
      (
        await ava.request<{ messages: { text: string }[] }>(
          'GET',
          `/api/dev/outbox?to=${encodeURIComponent(to)}`,
        )
      ).body.messages;

    beforeAll(async () => {
      server = await startTestServer(await create(), { callsPerOrganisation: 10 });
      ava = await signedIn('ava.admin@northwind.test');
      gus = await signedIn('gus.admin@globex.test');
      mia = await signedIn('mia@northwind.test');
    });
    afterAll(async () => {
      await server.close();
    });

    it('warns before inviting a member of another organisation, and sends only when told to', async () => {
      const refused = await gus.request<ErrorBody>('POST', '/api/v1/admin/invitations', {
        json: { email: 'Mia@Northwind.test', role: 'member' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'INVITEE_HAS_ORGANISATION',
        message: INVITEE_HAS_ORGANISATION_MESSAGE,
      });
      // Nothing was written or sent.
      expect(await invitationsTo('mia@northwind.test')).toEqual([]);
      expect(await mailsTo('mia@northwind.test')).toEqual([]);

      const sent = await gus.request<SentInvitation>('POST', '/api/v1/admin/invitations', {
        json: { email: 'mia@northwind.test', confirmOtherOrganisation: true },
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ email: 'mia@northwind.test', role: 'member' });
      expect(await invitationsTo('mia@northwind.test')).toHaveLength(1);
      expect(await mailsTo('mia@northwind.test')).toHaveLength(1);

      // What the warning said is what happens: she cannot join while she is in Northwind.
      const token = new URL(sent.body.link).searchParams.get('token') ?? '';
      const accept = await mia.request<ErrorBody>('POST', `/api/v1/invitations/${token}/accept`);
      expect(accept.status).toBe(409);
      expect(accept.body.error.message).toMatch(/already belong to an organisation/u);
    });

    it('does not warn about addresses with no organisation, or none yet', async () => {
      // nora@nowhere.test has an account and no organisation; new@… has no account.
      for (const email of ['nora@nowhere.test', 'new.person@globex.test']) {
        const sent = await gus.request<SentInvitation>('POST', '/api/v1/admin/invitations', {
          json: { email },
        });
        expect(sent.status, email).toBe(201);
      }
    });

    it('still says "already a member" and "already invited" first, to its own admins only', async () => {
      const member = await ava.request<ErrorBody>('POST', '/api/v1/admin/invitations', {
        json: { email: 'leo@northwind.test' },
      });
      expect(member.status).toBe(409);
      expect(member.body.error.code).toBe('CONFLICT');

      // A member (not an admin) learns nothing about any address.
      const asMember = await mia.request<ErrorBody>('POST', '/api/v1/admin/invitations', {
        json: { email: 'gia@globex.test' },
      });
      expect(asMember.status).toBe(403);
      expect(asMember.body.error.code).not.toBe('INVITEE_HAS_ORGANISATION');
      const signedOut = await new TestClient(server.url).request<ErrorBody>(
        'POST',
        '/api/v1/admin/invitations',
        { json: { email: 'gia@globex.test' } },
      );
      expect(signedOut.status).toBe(401);
      expect(await invitationsTo('gia@globex.test')).toEqual([]);
    });

    it('refuses a bad confirmation flag with the error envelope, writing nothing', async () => {
      const bad = await ava.request<ErrorBody>('POST', '/api/v1/admin/invitations', {
        json: { email: 'flag@northwind.test', confirmOtherOrganisation: 'yes' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      expect(bad.body.error.fields).toHaveProperty('confirmOtherOrganisation');
      expect(await invitationsTo('flag@northwind.test')).toEqual([]);
    });

    it('answers the link once, at creation and at resend, and the link is the one mailed', async () => {
      const created = await ava.request<SentInvitation>('POST', '/api/v1/admin/invitations', {
        json: { email: 'copy.me@northwind.test' },
      });
      expect(created.status).toBe(201);
      const link = new URL(created.body.link);
      expect(link.pathname).toBe('/join');
      const [mail] = await mailsTo('copy.me@northwind.test');
      expect(mail?.text).toContain(created.body.link);
      const preview = await new TestClient(server.url).request<{ email: string }>(
        'GET',
        `/api/v1/invitations/${link.searchParams.get('token') ?? ''}`,
      );
      expect(preview.body.email).toBe('copy.me@northwind.test');

      // The list never carries links: only the hash of each token is kept.
      const listed = await ava.request<{ invitations: Invitation[] }>(
        'GET',
        '/api/v1/admin/invitations',
      );
      const row = listed.body.invitations.find((item) => item.id === created.body.id);
      expect(row).toBeDefined();
      expect(row).not.toHaveProperty('link');

      const resent = await ava.request<SentInvitation>(
        'POST',
        `/api/v1/admin/invitations/${created.body.id}/resend`,
      );
      expect(resent.status).toBe(200);
      expect(resent.body.link).not.toBe(created.body.link);
      const old = await new TestClient(server.url).request(
        'GET',
        `/api/v1/invitations/${link.searchParams.get('token') ?? ''}`,
      );
      expect(old.status).toBe(404);

      // Another organisation's admin cannot resend it (and so cannot get a link to it).
      const foreign = await gus.request<ErrorBody>(
        'POST',
        `/api/v1/admin/invitations/${created.body.id}/resend`,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).not.toHaveProperty('link');
    });

    it('records sent invitations in the audit log, and never a refused one', async () => {
      const audit = await gus.request<{ entries: AuditEntry[] }>(
        'GET',
        '/api/v1/admin/audit?action=invitation.created',
      );
      const targets = audit.body.entries.map((entry) => entry.target);
      expect(targets.filter((target) => target === 'mia@northwind.test')).toHaveLength(1);
      expect(targets).not.toContain('gia@globex.test');
    });
  },
);
