// Sessions you can see and end, from the profile: another browser signed out loses its API access
// at once; "sign out everywhere else" keeps only this one.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const USER = 'leo@northwind.test';

/** Another browser signed in as USER, and the access token its app sends with API requests. */
async function otherBrowser(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const apiRequest = page.waitForRequest(
    (request) => request.url().includes('/api/v1/') && !!request.headers().authorization,
  );
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/dashboard$/u);
  const authorization = (await apiRequest).headers().authorization ?? '';
  return { context, page, authorization };
}

async function openSessions(page: Page) {
  await page.goto('/profile');
  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(list.getByText('This browser')).toBeVisible();
  return list;
}

test('a user signs another browser out from the profile, then every browser but this one', async ({
  page,
  browser,
  request,
}) => {
  // Four sign-ins in four browsers: on a busy machine that alone can take most of a minute.
  test.slow();
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/dashboard$/u);
  const firefox = await otherBrowser(browser, FIREFOX_WINDOWS);
  expect(
    (
      await request.get('/api/v1/me', { headers: { authorization: firefox.authorization } })
    ).status(),
  ).toBe(200);

  const list = await openSessions(page);
  const firefoxRow = list.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
  await expect(firefoxRow).toHaveCount(1);
  await expect(firefoxRow).toContainText('127.0.0.1');
  await firefoxRow.getByRole('button', { name: /^Sign out Firefox on Windows/u }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Session signed out' })).toBeVisible();
  await expect(firefoxRow).toHaveCount(0);

  // Its next API call is refused, though its access token has not expired; reloaded, it is
  // back at the sign-in page.
  const refused = await request.get('/api/v1/me', {
    headers: { authorization: firefox.authorization },
  });
  expect(refused.status()).toBe(401);
  await firefox.page.reload();
  await expect(firefox.page).toHaveURL(/\/auth/u);
  await firefox.context.close();

  // Two more browsers; "sign out everywhere else" ends both and keeps this one.
  const others = [
    await otherBrowser(browser, FIREFOX_WINDOWS),
    await otherBrowser(browser, FIREFOX_WINDOWS),
  ];
  await page.reload();
  await expect(list.getByRole('listitem').filter({ hasText: 'Firefox on Windows' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You are signed in on this browser only.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  for (const other of others) {
    const response = await request.get('/api/v1/me', {
      headers: { authorization: other.authorization },
    });
    expect(response.status()).toBe(401);
    await other.context.close();
  }
  // This browser carries on.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByText('Northwind Clinics').first()).toBeVisible();
});
