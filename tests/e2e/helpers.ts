import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';

export const DEMO_PASSWORD = 'callboard-demo-2026';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

interface OutboxBody {
  messages: { to: string; subject: string; text: string }[];
}

/** The newest mail to an address in the development outbox. */
export async function latestMailTo(request: APIRequestContext, to: string) {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as OutboxBody;
  return body.messages.at(-1) ?? null;
}

export function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/update-password\?token=\S+/u.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[0];
}

/** Fills and sends the sign-in form on the page as it is (keeping any ?next= it carries). */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A signed-in API client (cookie and access token) for `email`. */
export async function apiAs(baseURL: string, email: string, password: string) {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signedIn.status()).toBe(200);
  const { token } = (await (await api.get('/api/auth/token')).json()) as { token: string };
  return { api, authorization: `Bearer ${token}` };
}

/** Creates the account an invitation link is for, as /join does. */
export async function signUpWith(
  api: APIRequestContext,
  link: string,
  person: { firstName: string; password: string },
) {
  const token = new URL(link).searchParams.get('token') ?? '';
  const created = await api.post(`/api/v1/invitations/${encodeURIComponent(token)}/sign-up`, {
    data: { first_name: person.firstName, last_name: 'Tester', password: person.password },
  });
  expect(created.status()).toBe(201);
}

/**
 * A new organisation, made by the platform operator, with its first admin signed up: journeys
 * that change an organisation's settings use one of their own, never the demo organisations.
 */
export async function createOrganisation(
  baseURL: string,
  organisation: { name: string; adminEmail: string; password: string },
) {
  const root = await apiAs(baseURL, 'root@callboard.test', DEMO_PASSWORD);
  const created = await root.api.post('/api/v1/platform/organisations', {
    headers: { authorization: root.authorization },
    data: { name: organisation.name, adminEmail: organisation.adminEmail },
  });
  expect(created.status()).toBe(201);
  const { invitation } = (await created.json()) as { invitation: { link: string } };
  await signUpWith(root.api, invitation.link, {
    firstName: 'Ada',
    password: organisation.password,
  });
  await root.api.dispose();
}
