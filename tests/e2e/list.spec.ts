// The call list as a work surface: sorting by a header, the columns menu (kept on the profile),
// jumping to a page, and three defects that once broke it: typing a date, a reversed range, and
// the column names vanishing under the app header while scrolling (docs/search.md).
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium.ts';
import { signIn } from './helpers.ts';

/** The list's rows once any loading (skeleton or a previous view's rows) is over. */
async function settledRows(page: Page) {
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Only the rows in view are rendered, between spacer rows (docs/decisions/0029-the-call-list-renders-only-the-rows-in-view.md).
  return table.locator('tbody tr[data-row-index]');
}

/** "4:05" or "1:02:09" as seconds; null for a call without a duration ("—"). */
function seconds(clock: string): number | null {
  const parts = clock.trim().split(':').map(Number);
  if (parts.length < 2 || parts.some(Number.isNaN)) return null;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

async function durations(page: Page): Promise<(number | null)[]> {
  const rows = await settledRows(page);
  const column = await page
    .locator('thead th')
    .evaluateAll((ths) => ths.findIndex((th) => th.textContent.trim() === 'Duration'));
  expect(column).toBeGreaterThanOrEqual(0);
  const cells = await rows.evaluateAll(
    (trs, index) => trs.map((tr) => tr.querySelectorAll('td')[index]?.textContent ?? ''),
    column,
  );
  return cells.map(seconds);
}

async function signedInList(page: Page, search = '') {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  if (search) await page.goto(`/dashboard${search}`);
  await expect((await settledRows(page)).first()).toBeVisible();
}

test('mia sorts the list by duration, longest first, then shortest first', async ({ page }) => {
  await signedInList(page, '?status=all&pageSize=50');
  const header = page.getByRole('columnheader', { name: /Duration/u });
  await expect(page.getByRole('columnheader', { name: /Ended/u })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  await header.getByRole('button').click();
  await expect(page).toHaveURL(/sort=-duration/u);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const longest = (await durations(page)).filter((value) => value !== null);
  expect(longest.length).toBeGreaterThan(10);
  expect(longest).toEqual([...longest].sort((a, b) => b - a));

  await header.getByRole('button').press('Enter');
  await expect(page).toHaveURL(/sort=duration/u);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const shortest = (await durations(page)).filter((value) => value !== null);
  expect(shortest).toEqual([...shortest].sort((a, b) => a - b));
  expect(shortest[0]).toBeLessThan(longest[0] ?? 0);
});

test('mia hides a column, and it stays hidden after a reload', async ({ page }) => {
  await signedInList(page);
  const summary = page.getByRole('columnheader', { name: 'Summary' });
  await expect(summary).toBeVisible();

  await page.getByRole('button', { name: 'Columns' }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitemcheckbox', { name: 'Summary' }).press('Enter');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Summary' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.keyboard.press('Escape');
  await expect(summary).toHaveCount(0);

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/me') && response.request().method() === 'GET',
  );
  await page.reload();
  await saved;
  await expect((await settledRows(page)).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Caller' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Summary' })).toHaveCount(0);

  // Back to the default set, for the journeys after this one.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Reset to the default columns' }).click();
  await expect(page.getByRole('columnheader', { name: 'Summary' })).toBeVisible();
});

test('mia types a page number to jump there, and goes to the last and first pages', async ({
  page,
}) => {
  await signedInList(page, '?status=all&pageSize=25');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const box = pager.getByRole('textbox', { name: 'Page' });
  await expect(box).toHaveValue('1');
  const of = await pager.getByText(/^of \d+$/u).textContent();
  const pages = Number(of?.replace('of ', ''));
  expect(pages).toBeGreaterThan(3);

  await box.fill('3');
  await box.press('Enter');
  await expect(page).toHaveURL(/page=3/u);
  await expect(pager.getByText(/^51–75 of/u)).toBeVisible();

  await pager.getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${pages}(&|$)`, 'u'));
  await expect(box).toHaveValue(String(pages));
  await pager.getByRole('button', { name: 'First page' }).click();
  await expect(box).toHaveValue('1');
  await expect(page).not.toHaveURL(/page=/u);
});

for (const { locale, typed } of [
  { locale: 'en-GB', typed: '01112026' },
  { locale: 'en-US', typed: '11012026' },
]) {
  test(`"Ended from" keeps what is typed and filters once the year is whole (${locale})`, async ({
    playwright,
    baseURL,
  }) => {
    // The date input's order of day and month follows the browser's own language (on Linux, its
    // environment's): a browser of its own, in that language.
    const language = locale.replace('-', '_');
    const browser = await playwright.chromium.launch({
      executablePath: CHROMIUM_EXECUTABLE,
      args: [...CHROMIUM_ARGS, `--lang=${locale}`],
      env: { ...process.env, LANG: `${language}.UTF-8`, LANGUAGE: language },
    });
    try {
      const context = await browser.newContext({ locale, baseURL });
      const page = await context.newPage();
      await signedInList(page, '?status=all');
      const from = page.getByLabel('Ended from');
      await from.focus();
      await page.keyboard.type(typed);
      await expect(from).toHaveValue('2026-11-01');
      await expect(page).toHaveURL(/from=2026-11-01/u);
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });
}

test('a reversed range is kept on screen with a message, and not applied', async ({ page }) => {
  await signedInList(page, '?status=all&to=2026-11-15');
  const withTo = await page.getByText(/^\d[\d,]* calls?$/u).textContent();
  await page.getByLabel('Ended from').fill('2026-11-20');
  await expect(page.getByRole('alert')).toHaveText('From must be before To.');
  await expect(page.getByLabel('Ended from')).toHaveValue('2026-11-20');
  await expect(page.getByLabel('Ended to')).toHaveValue('2026-11-15');
  await expect(page.getByLabel('Ended from')).toHaveAttribute('aria-invalid', 'true');
  // The URL and the list agree: the range up to the 15th, as before.
  await expect(page).toHaveURL(/\/dashboard\?status=all&to=2026-11-15$/u);
  await expect(page.getByText(/^\d[\d,]* calls?$/u)).toHaveText(withTo ?? '');

  await page.getByLabel('Ended to').fill('2026-11-30');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/from=2026-11-20&to=2026-11-30/u);
});

for (const view of ['pages', 'load all', 'larger text'] as const) {
  test(`the column names stay in sight below the app header while scrolling (${view})`, async ({
    page,
  }) => {
    await signedInList(page, view === 'load all' ? '?status=all&loadAll=true' : '?status=all');
    const appHeader = page.getByRole('banner');
    const columns = page.locator('thead').first();
    if (view === 'larger text') {
      // A larger default font (a browser setting) makes the header taller than the height the
      // stylesheet expects (docs/architecture.md, "Front end"): the page corrects it.
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '20px';
      });
      await expect.poll(async () => (await appHeader.boundingBox())?.height).toBeGreaterThan(64);
    }
    // Scrolled and measured again until it holds: after a fresh page load the router restores the
    // tab's saved scroll position in a low-priority render, which a slow machine commits seconds
    // later, after the scroll below.
    await expect
      .poll(async () => {
        const scrollY = await page.evaluate(() => {
          window.scrollTo(0, 2000);
          return window.scrollY;
        });
        const bar = await appHeader.boundingBox();
        const box = await columns.boundingBox();
        const barBottom = (bar?.y ?? 0) + (bar?.height ?? 0);
        const top = box?.y ?? Number.NaN;
        return scrollY > 1500 && top >= Math.floor(barBottom) - 1 && top <= barBottom + 2
          ? 'just below the app header'
          : `at ${String(top)} px, scrolled ${String(scrollY)} px, header ends at ${String(barBottom)} px`;
      })
      .toBe('just below the app header');
    await expect(page.getByRole('columnheader', { name: /Caller/u })).toBeInViewport();
  });
}
