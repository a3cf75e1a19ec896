// Call-log journeys: the call list (tabs, filters in the URL, keyboard), a call's page
// (assignment with its toast and activity), and the states for users outside the organisation.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * The list's rendered rows once any loading (skeleton or a previous filter's rows) is over. Only
 * the rows in view are in the DOM (docs/decisions/0029-the-call-list-renders-only-the-rows-in-view.md);
 * the table's aria-rowcount says how many there are.
 */
async function settledRows(page: Page) {
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return table.locator('tbody tr[data-row-index]');
}

async function callIdOf(row: ReturnType<Page['locator']>): Promise<string> {
  const href = await row.getByRole('link').getAttribute('href');
  // A searched list links to /call/<id>?q=<words>, so that the call page marks them.
  const id = href?.match(/^\/call\/([^?#]+)/u)?.[1];
  if (!id) throw new Error('row without a call link');
  return decodeURIComponent(id);
}

test('mia filters to Closed, assigns a call to Leo, and returns to the same list', async ({
  page,
}) => {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible();
  await expect(page.getByText('Northwind Clinics').first()).toBeVisible();
  // Open is the default tab.
  await expect(page.getByRole('tab', { name: /^Open/u })).toHaveAttribute('aria-selected', 'true');
  await expect((await settledRows(page)).first()).toBeVisible();

  await page.getByRole('tab', { name: /^Closed/u }).click();
  await expect(page).toHaveURL(/\/dashboard\?status=closed$/u);
  await expect(page.getByRole('tab', { name: /^Closed/u })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const rows = await settledRows(page);
  await expect(rows.first().getByText('Closed', { exact: true })).toBeVisible();
  await expect(rows.getByText('New', { exact: true })).toHaveCount(0);

  const row = rows.filter({ hasNotText: 'Leo Marsh' }).first();
  const callId = await callIdOf(row);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/call/${callId}$`, 'u'));
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();

  await page.getByRole('button', { name: /^Assignee/u }).click();
  await page.getByRole('combobox', { name: 'Search colleagues' }).fill('leo');
  await page.getByRole('option', { name: /Leo Marsh/u }).click();

  await expect(page.getByRole('button', { name: /^Assignee/u })).toContainText('Leo Marsh');
  await expect(page.getByText('Assigned to Leo Marsh', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Activity' }).locator('li').last()).toContainText(
    /You (re)?assigned this call (from .+ )?to Leo Marsh/u,
  );

  await page.getByRole('link', { name: 'Back to calls' }).click();
  await expect(page).toHaveURL(/\/dashboard\?status=closed$/u);
  await expect(page.getByRole('tab', { name: /^Closed/u })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The list was refreshed: the call now shows its new assignee.
  const updated = (await settledRows(page)).filter({
    has: page.locator(`a[href="/call/${encodeURIComponent(callId)}"]`),
  });
  await expect(updated).toContainText('Leo Marsh');

  // "Back to calls" went back in history, so the browser's Back now undoes the Closed filter.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByRole('tab', { name: /^Open/u })).toHaveAttribute('aria-selected', 'true');
});

test('the list is usable from the keyboard alone', async ({ page }) => {
  await signIn(page, 'mia@northwind.test');
  const rows = await settledRows(page);
  const secondId = await callIdOf(rows.nth(1));

  // Past the header, the list's first Tab stop skips to the calls (the list is one Tab stop).
  const skip = page.getByRole('link', { name: 'Skip to the calls' });
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press('Tab');
    if (await skip.evaluate((link) => link === document.activeElement)) break;
  }
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/call/${secondId}$`, 'u'));
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
});

test('filters live in the URL: a shared link opens the same view, bad values fall back', async ({
  page,
}) => {
  await signIn(page, 'mia@northwind.test');
  await settledRows(page);
  await page.goto('/dashboard?status=all&assignee=unassigned&page=banana&pageSize=25');
  await expect(page.getByRole('tab', { name: /^All/u })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Assignee').first()).toHaveValue('unassigned');
  const rows = await settledRows(page);
  // 25 calls and the header row; every call in view is unassigned.
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '26');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: 'Unassigned' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Page' }).first()).toHaveValue('1');

  await page.getByPlaceholder('Search calls…').fill('zzz-no-such-call');
  await expect(page.getByRole('heading', { name: 'No calls match these filters' })).toBeVisible();
  await expect(page).toHaveURL(/q=zzz-no-such-call/u);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/dashboard\?status=all&pageSize=25$/u);
});

test('a call of another organisation, and a call that does not exist, get their own pages', async ({
  page,
}) => {
  await signIn(page, 'mia@northwind.test');
  const northwindCall = await callIdOf((await settledRows(page)).first());
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/u);

  await signIn(page, 'gia@globex.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto(`/call/${northwindCall}`);
  await expect(
    page.getByRole('heading', { name: 'Call not accessible to this user', level: 1 }),
  ).toBeVisible();
  await page.goto('/call/call_does_not_exist');
  await expect(page.getByRole('heading', { name: 'Call not found', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Back to calls' }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);
});

test('nora, who belongs to no organisation, is told so instead of seeing an error', async ({
  page,
}) => {
  await signIn(page, 'nora@nowhere.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(
    page.getByRole('heading', { name: "You're not part of an organisation yet" }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /./u })).toHaveCount(0);
});

test('mia exports the filtered view as CSV: the file holds exactly the calls of the view', async ({
  page,
}) => {
  await signIn(page, 'mia@northwind.test');
  await page.getByRole('tab', { name: /^All/u }).click();
  await expect(page).toHaveURL(/status=all/u);
  const searched = page.waitForResponse(
    (response) => /\/api\/v1\/calls\?.*q=Patel/u.test(response.url()) && response.ok(),
  );
  await page.getByRole('searchbox', { name: /Search/u }).fill('Patel');
  await searched;
  // The view's total, as the page states it once the search's answer is shown.
  const total = page.locator('p[aria-live="polite"]').getByText(/^[\d,.\s]+ calls?$/u);
  const answer = (await (await searched).json()) as {
    total: number;
    rows: { call_id: string }[];
  };
  const expected = answer.total;
  const pageIds = answer.rows.map((row) => row.call_id);
  await expect(total).toHaveText(new RegExp(`^${expected.toLocaleString('en')} calls?$`, 'u'));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const count = Number((await total.innerText()).replace(/\D/gu, ''));
  expect(count).toBeGreaterThan(0);
  const rows = await settledRows(page);
  expect(pageIds).toHaveLength(Math.min(count, 100));
  await expect(page.getByRole('table')).toHaveAttribute(
    'aria-rowcount',
    String(pageIds.length + 1),
  );
  // The rows in view are the page's first calls, in its order.
  const shown: string[] = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    shown.push(await callIdOf(rows.nth(index)));
  }
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual(pageIds.slice(0, shown.length));

  const downloading = page.waitForEvent('download');
  const button = page.getByRole('button', { name: 'Export CSV' });
  await button.focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^callboard-calls-\d{4}-\d{2}-\d{2}\.csv$/u);
  const path = await download.path();
  const text = readFileSync(path, 'utf8');
  const [header, ...lines] = text.split('\r\n').filter((line) => line !== '');
  expect(header?.split(',').slice(0, 2)).toEqual(['id', 'external_id']);
  // Every call of the view (the seed's summaries have no line breaks), in the page's order.
  const ids = lines.map((line) => line.split(',')[0]);
  expect(ids).toHaveLength(count);
  expect(ids.slice(0, pageIds.length)).toEqual(pageIds);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});
