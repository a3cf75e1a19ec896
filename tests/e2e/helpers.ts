import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
