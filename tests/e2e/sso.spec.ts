// Single sign-on in the browser, against a real OpenID Connect provider (the `oidc-provider`
// package on loopback, whose login and consent the test answers for a chosen person): an admin
// sets it up in the admin area, then someone at the organisation's domain who has never used
// Callboard signs in through the provider from /auth and lands on the organisation's dashboard as
// a member. The journey uses an organisation of its own.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  startIdentityProvider,
  type TestIdentityProvider,
} from '../../apps/server/src/test/oidc-provider.ts';
import { createOrganisation, signIn } from './helpers.ts';

const PASSWORD = 'Copper-meadow-signal-57';

/** No serious or critical accessibility problem on the page as it is (axe). */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

let idp: TestIdentityProvider;

test.beforeAll(async ({ baseURL }) => {
  idp = await startIdentityProvider({ port: Number(process.env.E2E_IDP_PORT) });
  idp.register(`${baseURL ?? ''}/api/auth/sso/callback`);
});
test.afterAll(async () => {
  await idp.close();
});

test('an admin sets up single sign-on, and a newcomer at the domain signs in through it to the dashboard', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = `${Date.now()}`;
  const domain = `sso${stamp}.test`;
  const organisation = `Single sign-on ${stamp}`;
  const adminEmail = `admin@${domain}`;
  await createOrganisation(baseURL ?? '', { name: organisation, adminEmail, password: PASSWORD });

  // The admin sets it up on the Organisation tab.
  await signIn(page, adminEmail, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto('/admin?tab=organisation');
  const section = page.getByRole('region', { name: 'Organisation' });
  await expect(section.getByText('Single sign-on (OpenID Connect)')).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
    `${baseURL}/api/auth/sso/callback`,
  );
  // Nothing typed yet: each field says what it needs, and nothing is sent.
  await section.getByRole('button', { name: 'Set up single sign-on' }).click();
  await expect(section.getByText('Enter the identity provider’s issuer URL.')).toBeVisible();
  await section.getByLabel('Issuer URL').fill(idp.issuer);
  await section.getByLabel('Client ID').fill(idp.clientId);
  await section.getByLabel('Client secret').fill(idp.clientSecret);
  await section.getByLabel('Email domains').fill(domain);
  await accessible(page);
  await section.getByRole('button', { name: 'Set up single sign-on' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Single sign-on is set up' }),
  ).toBeVisible();
  await expect(section.getByRole('button', { name: 'Remove single sign-on' })).toBeVisible();
  // The secret is never shown again: the field is empty, and says it is kept.
  await expect(section.getByLabel('Client secret')).toHaveValue('');
  await expect(section.getByText(/Leave it empty to keep it/u)).toBeVisible();

  // Someone at the domain, new to Callboard, in a browser of their own.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  const email = `sam@${domain}`;
  idp.signInAs({ sub: `sam-${stamp}`, email, email_verified: true, name: 'Sam Rivera' });
  await newcomer.goto('/auth');
  await newcomer.getByRole('link', { name: 'Use single sign-on' }).click();
  await expect(newcomer).toHaveURL(/\/sso$/u);
  await expect(
    newcomer.getByRole('heading', { name: 'Sign in with single sign-on' }),
  ).toBeVisible();
  await accessible(newcomer);
  // A domain without single sign-on says so, and keeps what was typed.
  await newcomer.getByLabel('Work email').fill('sam@elsewhere.test');
  await newcomer.getByRole('button', { name: 'Continue' }).click();
  await expect(newcomer.getByRole('alert')).toContainText(
    'No organisation signs in with single sign-on at this email domain.',
  );
  await expect(newcomer.getByLabel('Work email')).toHaveValue('sam@elsewhere.test');
  await newcomer.getByLabel('Work email').fill(email);
  await newcomer.getByRole('button', { name: 'Continue' }).click();
  // Through the identity provider and back, signed in, on the organisation's dashboard.
  await expect(newcomer).toHaveURL(/\/dashboard$/u);
  await expect(newcomer.getByRole('heading', { name: 'Calls', exact: true })).toBeVisible();
  await expect(newcomer.getByText(`Calls handled by the agents of ${organisation}`)).toBeVisible();
  await expect(newcomer.getByRole('banner').getByText('Sam Rivera')).toBeVisible();
  await newcomer.goto('/profile');
  await expect(newcomer.getByLabel('First name')).toHaveValue('Sam');
  await context.close();

  // The admin sees the newcomer as a member, and both events in the audit log.
  await page.goto('/admin?tab=members');
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  await page.goto('/admin?tab=audit');
  await expect(page.getByText('Sam Rivera joined through single sign-on')).toBeVisible();
  await expect(page.getByText(`Single sign-on through ${idp.issuer} for ${domain}`)).toBeVisible();
});

test('a return from the provider with an error is explained, never echoed', async ({ page }) => {
  await page.goto('/sso?error=sso_account_not_linked&error_description=Call%20this%20number%20now');
  await expect(page.getByRole('alert')).toContainText(
    'An account with this email address exists outside this organisation, so single sign-on cannot open it.',
  );
  await expect(page.getByText('Call this number now')).toHaveCount(0);
  await page.goto('/sso?error=something_else');
  await expect(page.getByRole('alert')).toContainText(
    'Your identity provider could not sign you in.',
  );
});
