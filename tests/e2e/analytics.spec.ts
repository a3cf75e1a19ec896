// Analytics journeys: mia reads the analytics page and follows numbers to the calls behind them —
// each drill-down lands on a call list whose total is the number she clicked — and a user
// without an organisation is told so. The browser runs in New York time, so days, weekdays and
// hours are counted away from UTC (and the server's default zone).
import { CALL_STATUSES, type AnalyticsResponse } from '@callboard/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

test.use({ timezoneId: 'America/New_York' });

/** "1,913" → 1913. */
function count(text: string): number {
  const digits = /\d[\d,.\s]*/u.exec(text)?.[0].replace(/[,.\s]/gu, '');
  if (!digits) throw new Error(`no number in "${text}"`);
  return Number(digits);
}

async function openAnalytics(page: Page) {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: 'Analytics',
  });
  if ((await link.count()) > 0) {
    await link.click();
  } else {
    await page.goto('/analytics');
  }
  await expect(page).toHaveURL(/\/analytics/u);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await settled(page);
}

/** The figures are on screen and none is a previous range's, still being replaced. */
async function settled(page: Page) {
  await expect(figure(page, 'Calls received')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

function figure(page: Page, name: string): Locator {
  return page
    .getByRole('list', { name: 'Headline figures' })
    .getByRole('link', { name: new RegExp(`^${name}`, 'u') });
}

/** A chart's numbers as a table (the keyboard's and screen readers' way in). */
async function tableOf(page: Page, chart: string): Promise<Locator> {
  const region = page.getByRole('region', { name: chart });
  await region.getByRole('button', { name: /Table/u }).click();
  const table = region.getByRole('table');
  await expect(table).toBeVisible();
  return table;
}

/** Clicks a drill-down and returns the call list's total ("886 calls") once it has loaded. */
async function followTo(page: Page, target: Locator): Promise<number> {
  await target.click();
  await expect(page).toHaveURL(/\/dashboard\?/u);
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible();
  const total = page.getByText(/^\d[\d,]* (open |closed )?calls?$/u);
  await expect(total).toBeVisible();
  return count(await total.innerText());
}

test('mia follows analytics numbers to exactly the calls they counted', async ({ page }) => {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await openAnalytics(page);
  await expect(page.getByText(/^Last 30 days: /u)).toBeVisible();

  // A headline figure: the calls received in the last 30 days.
  const received = count(
    await figure(page, 'Calls received').locator('[data-figure-value]').innerText(),
  );
  expect(received).toBeGreaterThan(0);
  expect(await followTo(page, figure(page, 'Calls received'))).toBe(received);
  // The list says why it shows these calls.
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByText(/^Ended between /u),
  ).toBeVisible();
  await page.goBack();
  await settled(page);

  // Calls closed: from the status-change activity.
  const closed = count(
    await figure(page, 'Calls closed').locator('[data-figure-value]').innerText(),
  );
  expect(await followTo(page, figure(page, 'Calls closed'))).toBe(closed);
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByText(/^Closed between /u),
  ).toBeVisible();
  await page.goBack();
  await settled(page);

  // The open backlog now.
  const backlog = count(
    await figure(page, 'Open backlog').locator('[data-figure-value]').innerText(),
  );
  expect(await followTo(page, figure(page, 'Open backlog'))).toBe(backlog);
  await page.goBack();
  await settled(page);

  // One segment of the calls-per-day chart, through its table: a day's closed calls.
  const perDay = await tableOf(page, 'Calls per day');
  const segment = perDay.getByRole('link', { name: /^\d[\d,]* Closed calls? on /u }).first();
  const segmentCount = count(await segment.innerText());
  expect(await followTo(page, segment)).toBe(segmentCount);
  // The status has its own control on the list (no chip).
  await expect(page.getByLabel('Status', { exact: true }).first()).toHaveValue('Closed');
  await page.goBack();
  await settled(page);

  // One cell of the weekday × hour heat map, through its table.
  const heatmap = await tableOf(page, 'Calls by hour and weekday');
  const cell = heatmap.getByRole('link', { name: /calls? on [A-Z][a-z]+days /u }).first();
  const cellCount = count(await cell.innerText());
  expect(await followTo(page, cell)).toBe(cellCount);
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByText(/^[A-Z][a-z]+days /u),
  ).toBeVisible();
  await page.goBack();
  await settled(page);

  // A bar of the by-agent chart with the period narrowed to 7 days (kept in the URL).
  await page.getByText('7 days', { exact: true }).click();
  await expect(page).toHaveURL(/range=7d/u);
  await expect(page.getByText(/^Last 7 days: /u)).toBeVisible();
  await settled(page);
  const agentBar = page.getByRole('list', { name: 'Calls by agent' }).getByRole('link').first();
  // The bar's name: "Front desk (AI): 240 calls".
  const agentCount = count((await agentBar.textContent())?.split(':').at(-1) ?? '');
  expect(await followTo(page, agentBar)).toBe(agentCount);
});

test('nora, who belongs to no organisation, is told so on the analytics page', async ({ page }) => {
  await signIn(page, 'nora@nowhere.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto('/analytics');
  await expect(
    page.getByRole('heading', { name: "You're not part of an organisation yet" }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /./u })).toHaveCount(0);
});

test("the calls-per-day chart's axis shows its numbers whole, however busy the days", async ({
  page,
}) => {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  // The demo's days hold tens of calls; a large organisation's, tens of thousands. The same
  // answer with every day a thousand times busier gives the axis five-digit labels.
  await page.route('**/api/v1/analytics?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as AnalyticsResponse;
    for (const day of body.series.perDay) {
      for (const status of CALL_STATUSES) day[status] *= 1000;
    }
    await route.fulfill({ response, json: body });
  });
  await openAnalytics(page);

  const chart = page.getByRole('region', { name: 'Calls per day' });
  const labels = chart.locator('.recharts-yAxis-tick-labels text');
  await expect(labels.last()).toHaveText(/^\d{1,3}(,\d{3})+$/u);
  const surface = await chart.locator('svg.recharts-surface').first().boundingBox();
  if (!surface) throw new Error('the chart has no drawing surface');
  for (const label of await labels.all()) {
    const box = await label.boundingBox();
    if (!box) throw new Error('an axis label is not rendered');
    // Inside the drawing: a label that starts left of it is cut off ("80,000" shown as "0,000").
    expect(box.x).toBeGreaterThanOrEqual(surface.x);
  }
});
