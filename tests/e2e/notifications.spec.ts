// Notifications end to end (docs/live-updates.md, "Notifications"): Mia assigns a call to Leo and
// mentions him in a note with the @ picker; Leo, in a browser of his own, finds both under the
// bell (after a reload: live refresh is the event stream's part), opens the assignment on its call
// and sees the count drop. Screenshots of the bell, the picker and the profile setting in both
// themes and at phone width land in test-results/notifications/.
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const SHOTS = 'test-results/notifications';

/** Light, dark, then light at 390 px: what each screen is looked at in. */
async function screenshots(page: Page, name: string, reopen?: () => Promise<void>) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${SHOTS}/${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/u);
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  if (reopen) await reopen();
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize(size);
  if (reopen) await reopen();
}

test('Mia assigns a call to Leo and mentions him; Leo opens it from the bell', async ({
  browser,
}) => {
  // Two browsers, two sign-ins and nine screenshots: longer than one journey's default.
  test.setTimeout(180_000);
  const leoContext = await browser.newContext();
  const leo = await leoContext.newPage();
  await signIn(leo, 'leo@northwind.test');
  await expect(leo).toHaveURL(/\/dashboard$/u);
  // Start from nothing unread (other journeys may have told Leo things already).
  const leoBell = leo.getByRole('button', { name: /^Notifications/u });
  await leoBell.click();
  const markAll = leo.getByRole('button', { name: 'Mark all read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(leoBell).toHaveAccessibleName('Notifications');
  await leo.keyboard.press('Escape');

  const miaContext = await browser.newContext();
  const mia = await miaContext.newPage();
  await signIn(mia, 'mia@northwind.test');
  await expect(mia).toHaveURL(/\/dashboard$/u);
  const rows = mia.getByRole('table').locator('tbody tr');
  await expect(mia.locator('[aria-busy="true"]')).toHaveCount(0);
  const row = rows.filter({ hasNotText: 'Leo Marsh' }).first();
  const href = await row.getByRole('link').first().getAttribute('href');
  const callId = decodeURIComponent(href?.replace('/call/', '') ?? '');
  expect(callId).not.toBe('');
  await row.click();
  await expect(mia).toHaveURL(new RegExp(`/call/${callId}$`, 'u'));

  await mia.getByRole('button', { name: /^Assignee/u }).click();
  await mia.getByRole('combobox', { name: 'Search colleagues' }).fill('leo');
  await mia.getByRole('option', { name: /Leo Marsh/u }).click();
  await expect(mia.getByRole('button', { name: /^Assignee/u })).toContainText('Leo Marsh');

  const note = mia.getByRole('textbox', { name: 'Add a note' });
  await note.click();
  await note.pressSequentially('Could you ring them back, @le');
  const picker = mia.getByRole('listbox', { name: 'Colleagues' });
  await expect(picker.getByRole('option', { name: /Leo Marsh/u })).toBeVisible();
  await screenshots(mia, 'mention-picker', async () => {
    await note.press('End');
    await picker.scrollIntoViewIfNeeded();
  });
  await expect(picker.getByRole('option', { name: /Leo Marsh/u })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await note.press('Enter');
  await expect(picker).toBeHidden();
  await expect(note).toHaveValue('Could you ring them back, @Leo Marsh ');
  await note.pressSequentially('? Thanks');
  await mia.getByRole('button', { name: 'Add note' }).click();
  const lastEntry = mia.getByRole('list', { name: 'Activity' }).locator('li').last();
  await expect(lastEntry).toContainText('Could you ring them back, @Leo Marsh ? Thanks');
  await expect(note).toHaveValue('');

  // Leo: after a reload, two unread.
  await leo.reload();
  await expect(leoBell).toHaveAccessibleName('Notifications, 2 unread');
  await leoBell.click();
  const panel = leo.getByRole('dialog', { name: 'Notifications' });
  const assigned = panel.getByRole('link', { name: /^Mia Okafor assigned you a call/u }).first();
  const mentioned = panel
    .getByRole('link', { name: /^Mia Okafor mentioned you in a note/u })
    .first();
  await expect(assigned).toBeVisible();
  await expect(mentioned).toBeVisible();
  await screenshots(leo, 'bell-open', async () => {
    if (!(await panel.isVisible())) await leoBell.click();
    await expect(panel).toBeVisible();
  });

  await assigned.click();
  await expect(leo).toHaveURL(new RegExp(`/call/${callId}$`, 'u'));
  await expect(leo.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(leoBell).toHaveAccessibleName('Notifications, 1 unread');
  // The note shows the mention as Leo's name.
  await expect(leo.getByRole('list', { name: 'Activity' })).toContainText('@Leo Marsh');

  // The email setting on the profile, off by default.
  await leo.goto('/profile');
  const setting = leo.getByRole('switch', {
    name: "Email me when a call is assigned to me or I'm mentioned",
  });
  await expect(setting).toHaveAttribute('aria-checked', 'false');
  await setting.click();
  await expect(setting).toHaveAttribute('aria-checked', 'true');
  await expect(leo.getByText('Email notifications on', { exact: true })).toBeVisible();
  await leo.reload();
  await expect(setting).toHaveAttribute('aria-checked', 'true');
  await setting.scrollIntoViewIfNeeded();
  await screenshots(leo, 'profile-setting', async () => {
    await setting.scrollIntoViewIfNeeded();
  });
  await setting.click();
  await expect(setting).toHaveAttribute('aria-checked', 'false');

  await miaContext.close();
  await leoContext.close();
});
