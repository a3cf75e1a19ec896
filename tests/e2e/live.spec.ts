// Live updates in two browsers (docs/live-updates.md): what Mia does reaches Leo's open call page
// without a reload, a call sent through the ingestion API appears as "1 new call" on an open
// dashboard, colleagues see who else is viewing, and a lost connection says "Reconnecting…".
// Screenshots of each (light, dark, 390 px) go to test-results/live-screens/.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

const MIA = 'mia@northwind.test';
const LEO = 'leo@northwind.test';
const ADMIN = 'ava.admin@northwind.test';
/** Within 2 s of the change, with no reload: the promise of live updates. */
const LIVE = { timeout: 2_000 };
/** Pages loading on a busy machine (not what is measured here). */
const LOADING = { timeout: 30_000 };

async function shoot(page: Page, name: string) {
  const path = (suffix: string) => `test-results/live-screens/${name}-${suffix}.png`;
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: path('light') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/u);
  await page.screenshot({ path: path('dark') });
  await page.emulateMedia({ colorScheme: 'light' });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path('390') });
  if (size) await page.setViewportSize(size);
}

/** An API key of Northwind, made through the API as its admin (the UI way: ingest.spec.ts). */
async function northwindApiKey(request: APIRequestContext): Promise<string> {
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN, password: DEMO_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  const tokenAnswer = await request.get('/api/auth/token');
  const { token } = (await tokenAnswer.json()) as { token: string };
  const created = await request.post('/api/v1/admin/api-keys', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Live journey ${Date.now().toString(36)}` },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { key: string }).key;
}

test('Mia’s assignment reaches Leo’s open call page, and each sees the other viewing', async ({
  browser,
}) => {
  // Two people sign in and the stream is cut and restored: minutes on a busy machine.
  test.setTimeout(240_000);
  const leoContext = await browser.newContext();
  const miaContext = await browser.newContext();
  const leo = await leoContext.newPage();
  const mia = await miaContext.newPage();

  await signIn(leo, LEO);
  await expect(leo).toHaveURL(/\/dashboard/u, LOADING);
  await leo.goto('/dashboard?status=open&assignee=unassigned');
  const first = leo.getByRole('table').locator('tbody tr').getByRole('link').first();
  await expect(first).toBeVisible(LOADING);
  await first.click();
  await expect(leo).toHaveURL(/\/call\//u);
  const callPath = new URL(leo.url()).pathname;
  await expect(leo.getByRole('heading', { name: 'Activity' })).toBeVisible(LOADING);

  // Leo starts with nothing unread (other journeys may have told him things).
  const leoBell = leo.getByRole('button', { name: /^Notifications/u });
  await leoBell.click();
  const markAll = leo.getByRole('button', { name: 'Mark all read' });
  await expect(markAll).toBeVisible(LOADING);
  if (await markAll.isEnabled()) await markAll.click();
  await expect(leoBell).toHaveAccessibleName('Notifications', LOADING);
  await leo.keyboard.press('Escape');

  await signIn(mia, MIA);
  await expect(mia).toHaveURL(/\/dashboard/u, LOADING);
  await mia.goto(callPath);
  await expect(mia.getByRole('heading', { name: 'Activity' })).toBeVisible(LOADING);

  // Presence: each sees the other, never themselves.
  await expect(leo.getByText(/^Mia is viewing$/u)).toBeVisible(LOADING);
  await expect(mia.getByText(/^Leo is viewing$/u)).toBeVisible(LOADING);

  await mia.getByRole('button', { name: /^Assignee/u }).click();
  await mia.getByRole('combobox', { name: 'Search colleagues' }).fill('leo');
  await mia.getByRole('option', { name: /Leo Marsh/u }).click();
  await expect(mia.getByText('Assigned to Leo Marsh', { exact: true })).toBeVisible();

  // Leo's page, untouched: the note, the assignee and the activity follow.
  await expect(leo.getByRole('status').getByText('Mia assigned this to you')).toBeVisible(LIVE);
  await expect(leo.getByRole('list', { name: 'Activity' }).locator('li').last()).toContainText(
    /Mia .+ assigned this call to you/u,
    LIVE,
  );
  await expect(leo.getByRole('button', { name: /^Assignee/u })).toContainText(/You|Leo Marsh/u);
  // And his bell says so, with no reload.
  await expect(leoBell).toHaveAccessibleName('Notifications, 1 unread', LIVE);
  await shoot(leo, 'call-page-note-and-viewers');

  // Mia's own change says nothing to Mia.
  await expect(mia.getByText(/assigned this to/u)).toHaveCount(0);

  // The stream cannot be had (a browser's offline mode spares open streams, so the route is
  // refused and the page reloaded): after 3 s the header says so; once it can, it clears.
  await leo.route('**/api/v1/events', (route) => route.abort('connectionrefused'));
  await leo.reload();
  await expect(leo.getByRole('heading', { name: 'Activity' })).toBeVisible(LOADING);
  const reconnecting = leo.getByRole('status').filter({ hasText: 'Reconnecting…' });
  await expect(reconnecting).toBeVisible({ timeout: 15_000 });
  await shoot(leo, 'reconnecting');
  await leo.unroute('**/api/v1/events');
  await expect(reconnecting).toBeHidden({ timeout: 20_000 });

  await leoContext.close();
  await miaContext.close();
});

test('a call sent through the ingestion API appears as "1 new call" on an open dashboard', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL });
  const key = await northwindApiKey(api);

  await signIn(page, MIA);
  await expect(page).toHaveURL(/\/dashboard/u, LOADING);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.first()).toBeVisible(LOADING);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, LOADING);
  const firstBefore = await rows.first().textContent();

  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const callerName = `Live Caller ${run}`;
  const now = Date.now();
  const sent = await api.post('/api/v1/ingest/calls', {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      calls: [
        {
          external_id: `e2e-live-${run}`,
          agent_id: 'nw-agent-1',
          started_at: new Date(now - 90_000).toISOString(),
          ended_at: new Date(now - 5_000).toISOString(),
          direction: 'inbound',
          from_number: '+441632960888',
          to_number: '+441632960001',
          caller_name: callerName,
          summary: 'Called to confirm tomorrow’s appointment.',
          sentiment: 'positive',
        },
      ],
    },
  });
  expect(sent.status()).toBe(200);

  const bar = page.getByRole('button', { name: '1 new call' });
  await expect(bar).toBeVisible(LIVE);
  // The rows being read stay where they were until the bar is pressed.
  await expect(rows.first()).toHaveText(firstBefore ?? '');
  await expect(page.getByText(callerName)).toHaveCount(0);
  await shoot(page, 'dashboard-new-calls-bar');

  await bar.click();
  await expect(page.getByRole('table').getByText(callerName)).toBeVisible();
  await expect(bar).toBeHidden();
  await api.dispose();
});
