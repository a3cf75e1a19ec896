import { test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const DIR = '/tmp/views-shots';
for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390]) {
    test(`views ${theme} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: theme });
      await signIn(page, 'ava.admin@northwind.test');
      await page.waitForURL(/\/dashboard/u);
      await page.goto('/dashboard?status=open&sentiment=negative');
      const name = `Angry callers ${theme} ${width}`;
      const views = (p: Page) => p.getByRole('button', { name: /^(Views|Views: .+)$/u });
      await views(page).click();
      await page.getByRole('menuitem', { name: 'Save view…' }).click();
      await page.getByLabel('Name').fill(name);
      await page.getByRole('switch').click();
      await page.screenshot({ path: `${DIR}/save-${theme}-${width}.png` });
      await page.getByRole('button', { name: 'Save view', exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.goto('/dashboard?status=all&assignee=me');
      await views(page).click();
      await page.getByRole('menuitem', { name: 'Save view…' }).click();
      await page.getByLabel('Name').fill(`Mine ${theme} ${width}`);
      await page.getByRole('button', { name: 'Save view', exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.waitForTimeout(300);
      await views(page).click();
      await page.getByRole('menu').waitFor();
      await page.screenshot({ path: `${DIR}/menu-${theme}-${width}.png` });
      await page.getByRole('menuitem', { name: 'Manage views…' }).click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: `${DIR}/manage-${theme}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `${DIR}/dashboard-${theme}-${width}.png` });
    });
  }
}
