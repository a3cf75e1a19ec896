// Invitations across organisations: the admin is warned before sending, may copy the link, and
// the invitee, still in their organisation, is told why they cannot join instead of being
// offered a Join that fails. And the platform operator's start page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test('an admin is warned before inviting someone from another organisation, who is told why they cannot join', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'gus.admin@globex.test');
  await expect(page).toHaveURL(/\/dashboard/u);
  await page.goto('/admin?tab=invitations');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('Email').fill('leo@northwind.test');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText(/already belongs to another organisation/u)).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  // Another address is another question; back to Leo, the answer stands: send anyway.
  await dialog.getByLabel('Email').fill('leo.new@globex.test');
  await expect(dialog.getByRole('button', { name: 'Send invitation' })).toBeVisible();
  await expect(dialog.getByText(/already belongs to another organisation/u)).toHaveCount(0);
  await dialog.getByLabel('Email').fill('leo@northwind.test');
  await dialog.getByRole('button', { name: 'Send anyway' }).click();

  const sent = page.getByRole('dialog', { name: 'Invitation sent' });
  const link = await sent.getByRole('textbox', { name: /Invitation link/u }).inputValue();
  expect(link).toMatch(/\/join\?token=/u);
  await sent.getByRole('button', { name: 'Copy invite link' }).click();
  await expect(sent.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await sent.getByRole('button', { name: 'Done' }).click();
  // The list offers the link again during this visit.
  await expect(
    page.getByRole('button', { name: 'Copy the invitation link for leo@northwind.test' }),
  ).toBeVisible();

  const leoContext = await browser.newContext();
  const leo = await leoContext.newPage();
  await signIn(leo, 'leo@northwind.test');
  await expect(leo).toHaveURL(/\/dashboard/u);
  await leo.goto(new URL(link).pathname + new URL(link).search);
  await expect(leo.getByText('You already belong to Northwind Clinics')).toBeVisible();
  await expect(leo.getByRole('button', { name: /Join/u })).toHaveCount(0);
  await leoContext.close();
});

test('a platform operator lands on the platform console, not an empty dashboard', async ({
  page,
}) => {
  await signIn(page, 'root@callboard.test');
  await expect(page).toHaveURL(/\/admin$/u);
  await expect(page.getByRole('heading', { name: 'Platform console', level: 1 })).toBeVisible();
  await expect(page.getByText(/Ask an admin of your organisation to invite you/u)).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Platform console' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});
