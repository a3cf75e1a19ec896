import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, signIn } from './helpers.ts';

function joinLinkIn(text: string): string {
  const match = /https?:\/\/\S+\/join\?token=\S+/u.exec(text);
  if (!match) throw new Error(`no join link in mail: ${text}`);
  return match[0];
}

async function inviteAs(page: Page, email: string) {
  await page.goto('/admin?tab=invitations');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
}

test('an admin invites a new address, which joins Northwind through the mailed link', async ({
  page,
  browser,
  request,
}) => {
  const email = `new.hire.${Date.now()}@northwind.test`;
  await signIn(page, 'ava.admin@northwind.test');
  await expect(page).toHaveURL(/\/dashboard/u);
  await inviteAs(page, email);

  const mail = await latestMailTo(request, email);
  expect(mail?.subject).toContain('Northwind Clinics');
  const link = joinLinkIn(mail?.text ?? '');

  const fresh = await browser.newContext();
  const invitee = await fresh.newPage();
  await invitee.goto(link);
  await expect(
    invitee.getByRole('heading', { name: 'Join Northwind Clinics on Callboard' }),
  ).toBeVisible();
  await invitee.getByLabel('First name').fill('Nadia');
  await invitee.getByLabel('Last name').fill('Bergstrom');
  await invitee.getByLabel('Password', { exact: true }).fill('short');
  await invitee.getByRole('button', { name: 'Create account and join' }).click();
  await expect(invitee.getByRole('alert')).toContainText(/password/iu);
  await invitee.getByLabel('Password', { exact: true }).fill('quiet-harbour-lantern-42');
  await invitee.getByRole('button', { name: 'Create account and join' }).click();
  await expect(invitee).toHaveURL(/\/dashboard/u);
  await expect(invitee.getByRole('button', { name: /Nadia Bergstrom/u })).toBeVisible();
  await fresh.close();
});

test('a revoked invitation link says so', async ({ page, browser, request }) => {
  const email = `revoked.${Date.now()}@northwind.test`;
  await signIn(page, 'ava.admin@northwind.test');
  await expect(page).toHaveURL(/\/dashboard/u);
  await inviteAs(page, email);
  const link = joinLinkIn((await latestMailTo(request, email))?.text ?? '');

  await page.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeHidden();

  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto(link);
  await expect(
    visitor.getByRole('heading', { name: 'This invitation was withdrawn' }),
  ).toBeVisible();
  await expect(visitor.getByRole('alert')).toContainText('withdrawn');
  await fresh.close();
});

test('a platform operator maps stray-agent-1 to Globex, and Globex sees its calls', async ({
  page,
  browser,
}) => {
  const gia = await browser.newContext();
  const giaPage = await gia.newPage();
  await signIn(giaPage, 'gia@globex.test');
  await expect(giaPage).toHaveURL(/\/dashboard/u);
  await giaPage.goto('/dashboard?agent=stray-agent-1');
  await expect(giaPage.getByText('No calls match these filters')).toBeVisible();

  await signIn(page, 'root@callboard.test');
  await page.waitForURL(/\/(dashboard|admin)/u);
  await page.goto('/admin?tab=platform-agents');
  const select = page.getByLabel('Organisation of stray-agent-1');
  await expect(select).toBeEnabled();
  await select.selectOption({ label: 'Globex Insurance' });
  await expect(page.getByText(/now belongs to Globex Insurance/u).first()).toBeVisible();

  await giaPage.reload();
  await expect(giaPage.locator('tbody tr').first()).toBeVisible();
  await expect(giaPage.getByText('No calls match these filters')).toBeHidden();

  // Leave the demo data as other journeys expect it.
  await select.selectOption({ label: 'Not mapped' });
  await expect(page.getByText(/ is unmapped/u).first()).toBeVisible();
  await gia.close();
});
