// Search journeys (docs/search.md, "Search"): a phrase that only a transcript holds, and a UK
// number typed in its local form, each find the call with the hit marked in the list and, once
// the call is open, in its transcript.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/** Serious and critical axe findings on the page as it is, once its animations have finished. */
async function accessibilityFindings(page: Page, name: string): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished)),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
      return `${name}: ${violation.id} (${String(violation.impact)}) ${violation.help} — ${targets}`;
    });
}

async function search(page: Page, q: string) {
  await page.getByRole('searchbox', { name: 'Search calls' }).fill(q);
  await page.getByRole('searchbox', { name: 'Search calls' }).press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(q).replaceAll('%20', '(\\+|%20)')}`, 'u'),
  );
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.getByRole('table').locator('tbody tr');
}

test('a phrase only a transcript holds finds the call, marked in the list and the transcript', async ({
  page,
}) => {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  // The demo's rescheduled appointments mention the clinic's street only in the conversation.
  const rows = await search(page, 'church lane');
  const first = rows.first();
  await expect(first).toBeVisible();
  await expect(first.getByText('Transcript:', { exact: true })).toBeVisible();
  const marks = first.locator('mark');
  await expect(marks.first()).toHaveText(/^church$/iu);
  await expect(marks.nth(1)).toHaveText(/^lane$/iu);

  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/call\/[^?]+\?q=church(\+|%20)lane$/u);
  const transcript = page.getByRole('list', { name: 'Transcript' });
  const hit = transcript.locator('mark').first();
  await expect(hit).toHaveText(/^church$/iu);
  await expect(hit).toBeInViewport();
});

test('a UK number typed in its local form finds the call, its number marked', async ({ page }) => {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  // A caller's number as the list shows it (+447…), typed as people in Britain say it.
  const number = await page
    .getByRole('table')
    .locator('tbody tr')
    .getByText(/^\+447\d{9}$/u)
    .first()
    .textContent();
  expect(number).toMatch(/^\+447\d{9}$/u);
  const national = `0${(number ?? '').slice(3)}`;
  const local = `${national.slice(0, 5)} ${national.slice(5)}`;

  const rows = await search(page, local);
  await expect(rows.first()).toBeVisible();
  const row = rows.filter({ hasText: number ?? '' }).first();
  await expect(row.locator('mark', { hasText: (number ?? '').slice(1) })).toBeVisible();
});

test('an admin sets the phone country; marks and the settings are accessible in both themes', async ({
  page,
}) => {
  // Six axe scans and a save and back: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const findings: string[] = [];
  await signIn(page, 'ava.admin@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto('/admin?tab=organisation');
  const country = page.getByLabel('Phone country');
  await expect(country).toHaveValue('GB');
  await expect(page.getByText('Now: United Kingdom')).toBeVisible();
  findings.push(...(await accessibilityFindings(page, 'Organisation tab (light)')));

  await country.selectOption('US');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Phone country set to United States').first()).toBeVisible();
  await expect(page.getByText('Now: United States')).toBeVisible();
  await page.goto('/admin?tab=audit');
  await expect(page.getByText('Phone country: United Kingdom → United States')).toBeVisible();
  await page.goto('/admin?tab=organisation');
  await page.getByLabel('Phone country').selectOption('GB');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Now: United Kingdom')).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/admin?tab=organisation');
    await expect(page.getByLabel('Phone country')).toBeVisible();
    if (theme === 'dark') {
      findings.push(...(await accessibilityFindings(page, 'Organisation tab (dark)')));
    }
    await page.goto('/dashboard?status=all&q=church+lane');
    const row = page.getByRole('table').locator('tbody tr').first();
    await expect(row.locator('mark').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    findings.push(...(await accessibilityFindings(page, `list with marks (${theme})`)));
    await row.getByRole('link').click();
    await expect(
      page.getByRole('list', { name: 'Transcript' }).locator('mark').first(),
    ).toBeVisible();
    findings.push(...(await accessibilityFindings(page, `call page with marks (${theme})`)));
  }
  expect(findings).toEqual([]);
});
