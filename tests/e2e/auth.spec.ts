// Sign in, stay signed in across a reload, sign out, and the redirects.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/** Holds the requests for `url` until the returned function runs. */
async function holdRequests(page: Page, url: string) {
  let answer = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return answer;
}

/** Holds the session check (the app's first page waits for it) until the returned function runs. */
const holdSessionCheck = (page: Page) => holdRequests(page, '**/api/auth/token');

test('mia signs in, reaches the dashboard, stays signed in across a reload, and signs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/u);
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByText('Northwind Clinics').first()).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByText('Northwind Clinics').first()).toBeVisible();

  // A signed-in user who opens /auth goes on to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/u);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/u);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/u);
});

test('the sign-in form arrives in the HTML; what is typed and sent before the app is ready still signs in', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/auth')).text();
  expect(html).toContain('<div id="static-page">');
  expect(html).toContain('Sign in to Callboard');

  // The app's page waits for the session check; until it is answered, only the static copy shows.
  const answerSessionCheck = await holdSessionCheck(page);
  await page.goto('/auth');
  await expect(page.locator('#static-page')).toBeVisible();
  await expect(page.locator('#root')).toBeEmpty();
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill('mia@northwind.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Held, not posted: still the same page, with what was typed.
  await expect(page).toHaveURL(/\/auth$/u);
  await expect(page.getByLabel('Email')).toHaveValue('mia@northwind.test');

  answerSessionCheck();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByText('Northwind Clinics').first()).toBeVisible();
  await expect(page.locator('#static-page')).toHaveCount(0);
});

test('a sign-in sent before the app’s code has arrived is held, shown busy, and goes through', async ({
  page,
}) => {
  // The app's entry script: until it arrives, only the page's own small script has run.
  const deliverApp = await holdRequests(page, '**/assets/index-*.js');
  await page.goto('/auth', { waitUntil: 'commit' });
  // The page's own script has run: it notes where the focus is (the email field, autofocused).
  await expect(page.locator('#static-page')).toHaveAttribute('data-focused', /email/u);
  await page.getByLabel('Email').fill('mia@northwind.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Not posted (a post would come back as an empty form): held, and busy as the app's would be.
  const busyButton = page.getByRole('button', { name: 'Signing in…' });
  await expect(busyButton).toHaveAttribute('aria-busy', 'true');
  await expect(busyButton).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('mia@northwind.test');
  await expect(page.locator('#root')).toBeEmpty();

  deliverApp();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByText('Northwind Clinics').first()).toBeVisible();
});

test('when the app’s code fails to arrive, the static sign-in form says so and is not left busy', async ({
  page,
}) => {
  // The entry script's request is held, then fails, as on a connection that drops.
  let failEntry = () => {};
  const entryFails = new Promise<void>((resolve) => {
    failEntry = resolve;
  });
  let aborted = 0;
  await page.route('**/assets/index-*.js', async (route) => {
    if (aborted > 0) return route.continue();
    await entryFails;
    aborted += 1;
    await route.abort('internetdisconnected');
  });
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.locator('#static-page')).toHaveAttribute('data-focused', /email/u);
  await page.getByLabel('Email').fill('mia@northwind.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Signing in…' })).toBeVisible();

  failEntry();
  await expect(page.getByRole('alert')).toContainText('Callboard could not load');
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signInButton).not.toHaveAttribute('aria-busy');
  await expect(signInButton).not.toHaveAttribute('aria-disabled');

  // Sent again, the form posts: /auth answers with a fresh page, whose code now arrives.
  await signInButton.click();
  await expect(page.locator('#static-page')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/u);
  await expect(page.getByRole('heading', { name: 'Sign in to Callboard' })).toBeVisible();
  await expect(page.getByText('Callboard could not load')).toHaveCount(0);
  expect(aborted).toBe(1);
});

test('typing begun on the static sign-in form carries on in the app’s, with the focus where it was', async ({
  page,
}) => {
  const answerSessionCheck = await holdSessionCheck(page);
  await page.goto('/auth');
  await page.getByLabel('Email').fill('leo@northwind.test');
  await page.getByLabel('Password', { exact: true }).fill('half');
  answerSessionCheck();
  await expect(page.locator('#static-page')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('leo@northwind.test');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveValue('half');
  await expect(password).toBeFocused();
  await password.press('End');
  await password.pressSequentially('-typed');
  await expect(password).toHaveValue('half-typed');
});

test('a button pressed on the static sign-in form is pressed again in the app', async ({
  page,
}) => {
  const answerSessionCheck = await holdSessionCheck(page);
  await page.goto('/auth');
  await page.getByLabel('Email').fill('leo@northwind.test');
  await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
  await expect(page.locator('#static-page')).toBeVisible();
  answerSessionCheck();
  await expect(page.getByRole('heading', { name: 'Sign in with an email code' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('leo@northwind.test');
});

test('a wrong password and an unknown email show the same message', async ({ page }) => {
  await signIn(page, 'leo@northwind.test', 'not-the-right-password');
  const alert = page.getByRole('alert').filter({ hasText: /./u });
  await expect(alert).toBeVisible();
  const wrongPasswordMessage = await alert.innerText();

  await signIn(page, 'nobody@northwind.test', 'not-the-right-password');
  await expect(alert).toBeVisible();
  expect(await alert.innerText()).toBe(wrongPasswordMessage);
  await expect(page).toHaveURL(/\/auth$/u);
  // Nothing typed is lost on a failed attempt.
  await expect(page.getByLabel('Email')).toHaveValue('nobody@northwind.test');
});

test('a signed-out visit to the dashboard returns there after sign-in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/u);
  await page.getByLabel('Email').fill('gia@globex.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/u);
  await expect(page.getByText('Globex Insurance').first()).toBeVisible();
});

test('a return address that normalises to another host is ignored, before and after sign-in', async ({
  page,
  baseURL,
}) => {
  const hostile = '/auth?next=%2F.%2F%2Fevil.test%2Fphish';
  await page.goto(hostile);
  await page.getByLabel('Email').fill('gus.admin@globex.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await expect(page.getByText('Globex Insurance').first()).toBeVisible();
  // Signed in already: the same link still stays on Callboard.
  await page.goto('/auth?next=%2F..%2F%2Fevil.test');
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
});
