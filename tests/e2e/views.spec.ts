// Saved views (docs/search.md, "Saved views"): the list's state saved under a name survives a
// reload and reopens from the Views menu with its filters.
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

async function openViews(page: Page) {
  await page.getByRole('button', { name: /^(Views|Views: .+)$/u }).click();
  return page.getByRole('menu', { name: 'Views' });
}

test('save a view, reload, and open it from the Views menu', async ({ page }) => {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto('/dashboard?status=closed&assignee=unassigned&page=2');
  await expect(page.getByRole('tab', { name: /^Closed/u })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  let menu = await openViews(page);
  // The built-in views are there with their counts.
  await expect(menu.getByRole('menuitemradio', { name: /^My open calls/u })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog.getByText('Give the view a name.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Closed, nobody’s');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved “Closed, nobody’s”', { exact: true })).toBeVisible();

  await page.reload();
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: /^Open/u })).toHaveAttribute('aria-selected', 'true');
  menu = await openViews(page);
  const saved = menu.getByRole('menuitemradio', { name: /^Closed, nobody’s/u });
  await expect(saved).toHaveAttribute('aria-checked', 'false');
  await saved.click();

  await expect(page).toHaveURL(/\/dashboard\?status=closed&assignee=unassigned$/u);
  await expect(page.getByRole('tab', { name: /^Closed/u })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Views: Closed, nobody’s' })).toBeVisible();
  menu = await openViews(page);
  await expect(menu.getByRole('menuitemradio', { name: /^Closed, nobody’s/u })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');

  // A second view of the same name is refused beside the name, and nothing is lost.
  menu = await openViews(page);
  await menu.getByRole('menuitem', { name: 'Save view…' }).click();
  await dialog.getByLabel('Name').fill('closed, NOBODY’S');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog.getByText('You already have a view named “closed, NOBODY’S”.')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('closed, NOBODY’S');
});
