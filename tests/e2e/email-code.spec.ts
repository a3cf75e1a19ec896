// Sign-in with a code sent by email instead of the password, end to end: the code goes through the
// outbox, a wrong one is refused in place, the right one signs in once.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestMailTo } from './helpers.ts';

const email = 'leo@northwind.test';

/** No serious or critical accessibility problem on the page as it is (axe). */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a member signs in with a code sent by email, once', async ({ page, request }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with an email code' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await accessible(page);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await latestMailTo(request, email);
  expect(mail?.subject).toMatch(/^\d{6} is your Callboard sign-in code$/u);
  const code = /^ {4}(\d{6})$/mu.exec(mail?.text ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/u);

  const field = page.getByLabel('Code from the email');
  await field.fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('That code didn’t work.');
  await accessible(page);

  await field.fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByText('Northwind Clinics').first()).toBeVisible();

  // The code is spent.
  const again = await request.post('/api/auth/sign-in/email-otp', {
    data: { email, otp: code },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(400);
});
