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
  // The link is shown once, to copy; Done closes it.
  const sent = page.getByRole('dialog', { name: 'Invitation sent' });
  await expect(sent.getByRole('button', { name: 'Copy invite link' })).toBeVisible();
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(sent).toBeHidden();
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
  await page
    .getByRole('dialog', { name: /Map .* to Globex Insurance\?/u })
    .getByRole('button', { name: 'Map agent' })
    .click();
  await expect(page.getByText(/now belongs to Globex Insurance/u).first()).toBeVisible();

  await giaPage.reload();
  await expect(giaPage.locator('tbody tr').first()).toBeVisible();
  await expect(giaPage.getByText('No calls match these filters')).toBeHidden();

  // Leave the demo data as other journeys expect it.
  await select.selectOption({ label: 'Not mapped' });
  await page.getByRole('dialog').getByRole('button', { name: 'Unmap agent' }).click();
  await expect(page.getByText(/ is unmapped/u).first()).toBeVisible();
  await gia.close();
});

test('an admin deletes a call from its page, finds it under Deleted calls and restores it; a member has no Delete', async ({
  page,
  browser,
}) => {
  await signIn(page, 'ava.admin@northwind.test');
  await expect(page).toHaveURL(/\/dashboard/u);
  const firstCall = page.locator('tbody tr').first().getByRole('link');
  const href = (await firstCall.getAttribute('href')) ?? '';
  const callId = decodeURIComponent(href.replace('/call/', ''));
  expect(callId).toMatch(/^call_/u);
  await firstCall.click();
  await expect(page).toHaveURL(href);

  const triage = page.getByRole('region', { name: 'Triage' });
  await triage.getByRole('button', { name: 'Delete call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this call?' });
  await dialog.getByRole('button', { name: 'Delete call' }).click();
  await expect(page).toHaveURL(/\/dashboard/u);
  await expect(page.getByText('Call deleted', { exact: true })).toBeVisible();

  // Gone from the call log, even when searched for by its id.
  await page.goto(`/dashboard?status=all&q=${callId}`);
  await expect(page.getByRole('heading', { name: 'No calls match these filters' })).toBeVisible();

  // A member opening it directly sees it (it is the organisation's) but no Delete or Restore.
  const mia = await browser.newContext();
  const miaPage = await mia.newPage();
  await signIn(miaPage, 'mia@northwind.test');
  await expect(miaPage).toHaveURL(/\/dashboard/u);
  await miaPage.goto(href);
  await expect(miaPage.getByRole('note')).toContainText('This call was deleted');
  await expect(miaPage.getByRole('region', { name: 'Triage' })).toBeVisible();
  await expect(miaPage.getByRole('button', { name: /Delete call|Restore call/u })).toHaveCount(0);

  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('tab', { name: 'Deleted calls' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=deleted$/u);
  await expect(page.getByText(/^1–\d+ of \d+ deleted calls$/u)).toBeVisible();
  await page.getByRole('button', { name: `Restore call ${callId}` }).click();
  await expect(page.getByText('Call restored', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: callId, exact: true })).toHaveCount(0);

  await page.goto(`/dashboard?status=all&q=${callId}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  // A searched list's links carry the words (?q=…), for the call page to mark them.
  await expect(page.locator(`tbody tr a[href^="${href}?"]`)).toBeVisible();

  // Back in the log, the member still has no Delete on it.
  await miaPage.goto(href);
  await expect(miaPage.getByRole('region', { name: 'Triage' })).toBeVisible();
  await expect(miaPage.getByRole('note')).toHaveCount(0);
  await expect(miaPage.getByRole('button', { name: 'Delete call' })).toHaveCount(0);
  await mia.close();
});
