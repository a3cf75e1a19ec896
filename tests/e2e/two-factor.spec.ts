// Two-factor sign-in in the browser: a user sets it up from the profile (the test computes the
// codes from the key the page shows, as an authenticator app would), then signs in with the
// password and a code, then with a backup code, which is spent; and an organisation that requires
// it sends a member without it to set it up before anything else. Each journey uses accounts of
// its own, so the demo accounts the other journeys sign in with never need a code.
import AxeBuilder from '@axe-core/playwright';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, createOrganisation, signIn, signUpWith } from './helpers.ts';

const PASSWORD = 'Quartz-harbour-lantern-92';

/** A new organisation (by the platform operator) with its first admin signed up. */
async function newOrganisation(baseURL: string, stamp: string) {
  const adminEmail = `admin.${stamp}@twofactor.test`;
  await createOrganisation(baseURL, {
    name: `Two-factor ${stamp}`,
    adminEmail,
    password: PASSWORD,
  });
  return adminEmail;
}

/** A new member of the admin's organisation, signed up through an invitation. */
async function newMember(baseURL: string, adminEmail: string, email: string) {
  const admin = await apiAs(baseURL, adminEmail, PASSWORD);
  const invited = await admin.api.post('/api/v1/admin/invitations', {
    headers: { authorization: admin.authorization },
    data: { email, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  await signUpWith(admin.api, link, { firstName: 'Max', password: PASSWORD });
  await admin.api.dispose();
}

/** The code an authenticator app shows for `key` (base32, as on the page), `steps` periods on. */
async function codeFor(key: string, steps = 0): Promise<string> {
  const secret = new TextDecoder().decode(base32.decode(key.replaceAll(' ', '')));
  return createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + steps);
}

/** No serious or critical accessibility problem on the page as it is (axe). */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Sets up two-factor on the page it is on (the profile's section or the set-up page). */
async function enrol(page: Page): Promise<{ key: string; backupCodes: string[] }> {
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: /^QR code for Callboard/u })).toBeVisible();
  await accessible(page);
  const key = (await page.getByTestId('two-factor-key').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill(await codeFor(key));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  const list = page.getByRole('list', { name: 'Backup codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const backupCodes = await list.getByRole('listitem').allTextContents();
  await accessible(page);
  await page.getByRole('button', { name: 'I’ve saved them' }).click();
  return { key, backupCodes };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/u);
}

test('a user turns on two-factor, then signs in with a code, then with a backup code once', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const stamp = `${Date.now()}`;
  const adminEmail = await newOrganisation(baseURL ?? '', stamp);
  const email = `max.${stamp}@twofactor.test`;
  await newMember(baseURL ?? '', adminEmail, email);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up' }).click();
  const { key, backupCodes } = await enrol(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'Two-factor sign-in is on' }),
  ).toBeVisible();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  // The password alone is no longer enough: the next code (apps accept one period either side;
  // the one that turned it on is spent) completes the sign-in.
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await accessible(page);
  await page.getByLabel('Authentication code').fill(await codeFor(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);

  // A backup code instead of the app.
  const [backupCode = ''] = backupCodes;
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);

  // …which is spent.
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /has been used already/u })).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard/u);
});

test('an admin requires two-factor, and a member without it is sent to set it up first', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = `${Date.now()}`;
  const adminEmail = await newOrganisation(baseURL ?? '', stamp);
  const email = `mae.${stamp}@twofactor.test`;
  await newMember(baseURL ?? '', adminEmail, email);

  await signIn(page, adminEmail, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto('/admin?tab=organisation');
  const requirement = page.getByRole('switch', { name: 'Require two-factor sign-in' });
  await expect(requirement).not.toBeChecked();
  await requirement.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Two-factor sign-in is now required' }),
  ).toBeVisible();
  await expect(requirement).toBeChecked();

  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, email, PASSWORD);
  await expect(member).toHaveURL(/\/setup-two-factor$/u);
  await expect(member.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  // Nothing else opens until it is set up.
  await member.goto('/dashboard');
  await expect(member).toHaveURL(/\/setup-two-factor$/u);
  await enrol(member);
  await expect(member).toHaveURL(/\/dashboard$/u);
  // The call list answers now (the new organisation has no calls yet).
  await expect(member.getByText('0 open calls')).toBeVisible();

  // The requirement holds for admins too: on their next page load the admin sets it up as well,
  // and then sees who has it on.
  await page.goto('/admin?tab=members');
  await expect(page).toHaveURL(/\/setup-two-factor$/u);
  await enrol(page);
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto('/admin?tab=members');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await context.close();
});
