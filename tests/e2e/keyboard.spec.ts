// Keyboard journeys: the global shortcuts (`?`, `/`, `g a`, `g d`) and the command palette
// (Ctrl+K and the header's button).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/** Serious and critical axe findings on the page as it is, once its animations have finished. */
async function axeFindings(page: Page): Promise<string[]> {
  await page.waitForTimeout(300); // the dialogs' entrance animation
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
}

async function firstCallId(page: Page): Promise<string> {
  const link = page.getByRole('table').locator('tbody tr').first().getByRole('link').first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  const id = href?.replace('/call/', '');
  if (!id) throw new Error('row without a call link');
  return decodeURIComponent(id);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard/u);
  // The first sign-in of a run builds the list on a cold server: give it time.
  await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  // Keys are pressed once the list is on screen, as a person would.
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
});

test('? opens the cheat sheet, which lists every shortcut; Escape closes it', async ({ page }) => {
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const description of [
    'Search calls',
    'Go to the dashboard',
    'Go to analytics',
    'Open the command palette',
    'Next call',
    'Previous call in the list you came from',
  ]) {
    await expect(sheet.getByText(description, { exact: true })).toBeVisible();
  }
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('Ctrl+K, a call id and Enter open that call; an unknown id is said so', async ({ page }) => {
  const callId = await firstCallId(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  expect(await axeFindings(page)).toEqual([]);

  await input.fill('no-such-call-in-northwind');
  await page.keyboard.press('Enter');
  await expect(palette.getByRole('alert')).toContainText('No call with that id');
  await expect(page).toHaveURL(/\/dashboard/u);

  await input.fill(callId);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/call/${encodeURIComponent(callId)}$`, 'u'));
  await expect(palette).toBeHidden();
});

test('g a goes to analytics, g d back; / focuses the search, also from another page', async ({
  page,
}) => {
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/analytics/u);

  // From analytics, / goes to the dashboard and puts the cursor in its search box.
  await page.keyboard.press('/');
  await expect(page).toHaveURL(/\/dashboard/u);
  const search = page.getByRole('searchbox', { name: 'Search calls' });
  await expect(search).toBeFocused();

  // Typing in the search box is typing: neither / nor g a does anything else.
  await page.keyboard.type('g a/');
  await expect(search).toHaveValue('g a/');
  await expect(page).toHaveURL(/\/dashboard/u);

  await search.blur();
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/analytics/u);
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/dashboard/u);
});

test('the header button opens the palette for mouse and touch; it switches the theme', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /command palette/u }).click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await palette
    .getByRole('option', { name: dark ? 'Switch to the light theme' : 'Switch to the dark theme' })
    .click();
  await expect(palette).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    !dark,
  );
});
