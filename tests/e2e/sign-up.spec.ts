// Open sign-up end to end: create an account on /sign-up, the verification code goes through the
// outbox, the address is confirmed and the new user lands signed in, in no organisation yet. An
// account whose address was never confirmed cannot sign in with its password; sign-in points it
// back to the code.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestMailTo } from './helpers.ts';

const PASSWORD = 'lantern-orchard-42';

/** No serious or critical accessibility problem on the page as it is (axe). */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

const codeIn = (text: string | undefined) => /^ {4}(\d{6})$/mu.exec(text ?? '')?.[1] ?? '';

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('someone without an invitation creates an account, confirms the address, and lands in no organisation', async ({
  page,
  request,
}) => {
  const email = 'nia@newcomer.test';
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/u);
  await expect(page.getByRole('heading', { name: 'Create your Callboard account' })).toBeVisible();
  await accessible(page);

  // A weak password is refused in place, with its reasons, and nothing typed is lost.
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('nia@newcomer.test');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose a stronger password.');
  await expect(page.getByLabel('First name')).toHaveValue('Nia');

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await accessible(page);

  const mail = await latestMailTo(request, email);
  expect(mail?.subject).toMatch(/^\d{6} is your Callboard verification code$/u);
  const code = codeIn(mail?.text);
  expect(code).toMatch(/^\d{6}$/u);

  await page.getByLabel('Code from the email').fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('alert')).toContainText('That code didn’t work.');
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(
    page.getByRole('heading', { name: "You're not part of an organisation yet" }),
  ).toBeVisible();
});

test('an account whose address was never confirmed confirms it from sign-in', async ({
  page,
  request,
}) => {
  const email = 'omar@newcomer.test';
  await page.goto('/sign-up');
  await fillSignUp(page, email);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  const first = codeIn((await latestMailTo(request, email))?.text);

  // The code is left for later; signing in with the password asks for it.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Confirm your email address before you sign in.',
  );
  await page.getByRole('button', { name: 'Confirm it now' }).click();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(/You can send a new code in \d+ s\./u)).toBeVisible();
  await accessible(page);

  // A new code replaces the first one.
  const second = codeIn((await latestMailTo(request, email))?.text);
  expect(second).toMatch(/^\d{6}$/u);
  if (first !== second) {
    await page.getByLabel('Code from the email').fill(first);
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(page.getByRole('alert')).toContainText('That code didn’t work.');
  }
  await page.getByLabel('Code from the email').fill(second);
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);
});
