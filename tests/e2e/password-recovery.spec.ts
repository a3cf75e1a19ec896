// Password recovery end to end: request → outbox mail → link → /update-password → signed in.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, latestMailTo, linkIn, signIn } from './helpers.ts';

const email = 'gus.admin@globex.test';
const newPassword = 'copper-meadow-violin-73';

test('a user recovers their password by email link, once, and their other sessions end', async ({
  page,
  browser,
  request,
}) => {
  // Gus is already signed in on another device.
  const otherDevice = await browser.newContext();
  const otherPage = await otherDevice.newPage();
  await signIn(otherPage, email);
  await expect(otherPage).toHaveURL(/\/dashboard$/u);

  await page.goto('/auth');
  await page.getByRole('link', { name: /forgot password/iu }).click();
  await expect(page).toHaveURL(/\/forgot-password$/u);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await latestMailTo(request, email);
  expect(mail?.subject).toBe('Reset your Callboard password');
  const link = new URL(linkIn(mail?.text ?? ''));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  // A weak password shows every reason the server gives.
  await page.getByLabel('New password', { exact: true }).fill('gus');
  await page.getByLabel('Confirm new password').fill('gus');
  await page.getByRole('button', { name: 'Update password' }).click();
  const reasons = page.getByRole('alert').filter({ hasText: 'at least 10 characters' });
  await expect(reasons).toBeVisible();
  await expect(reasons).toContainText(
    'Do not build your password from your name or email address.',
  );

  await page.getByLabel('New password', { exact: true }).fill('password1234');
  // The checklist knows the common-password rule once the field is left.
  await page.getByLabel('Confirm new password').focus();
  await expect(page.getByText('Not a common password (not met)')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('password1234');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'too common' })).toBeVisible();

  // A good one signs the user in.
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByText('Globex Insurance').first()).toBeVisible();

  // The other device's session has ended: its next load goes to sign-in.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/auth/u);
  await otherDevice.close();

  // The link cannot be used twice.
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  // It says so as soon as it opens, without a form to fill in for nothing.
  await freshPage.goto(`${link.pathname}${link.search}`);
  await expect(freshPage.getByRole('heading', { name: 'Reset link expired' })).toBeVisible();
  await expect(freshPage.getByText('This link has been used or has expired.')).toBeVisible();
  await expect(freshPage.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(freshPage.getByRole('link', { name: 'Request a new link' })).toBeVisible();

  // The old password no longer works; the new one does.
  await signIn(freshPage, email, DEMO_PASSWORD);
  await expect(freshPage.getByRole('alert').filter({ hasText: /./u })).toBeVisible();
  await expect(freshPage).toHaveURL(/\/auth$/u);
  await signIn(freshPage, email, newPassword);
  await expect(freshPage).toHaveURL(/\/dashboard$/u);
  await fresh.close();
});
