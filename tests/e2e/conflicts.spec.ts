// docs/live-updates.md, "Conflicts": two people change one call. Leo's page is stale (his live
// event stream is blocked, so nothing tells it about Mia's change); his change is refused, not
// applied over hers, and he chooses whose stays. Screenshots of the dialog in light, dark and at
// phone width land in this test's output folder.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard/u, { timeout: 60_000 });
  return page;
}

const statusRadio = (page: Page, name: string) =>
  page.getByRole('radio', { name, exact: true, includeHidden: true });

/** Chooses a status as a user does: the radio itself is visually hidden under its label. */
const chooseStatus = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Status' }).getByText(name, { exact: true }).click();

/** Sets the status on the call page and waits for the server to have it. */
async function setStatus(page: Page, name: string) {
  const saved = page.waitForResponse(
    (response) => response.url().includes('/status') && response.request().method() === 'PUT',
  );
  await chooseStatus(page, name);
  expect((await saved).status()).toBe(200);
}

test('a change made on a stale call asks whose change stays: Keep theirs, then Apply mine', async ({
  browser,
}, testInfo) => {
  // Two browsers, four sign-in and page loads each: more than one page's usual time.
  test.setTimeout(300_000);
  const leo = await signedInPage(browser, 'leo@northwind.test');
  const mia = await signedInPage(browser, 'mia@northwind.test');
  // Nothing live reaches Leo's page: it shows the call as he opened it.
  await leo.route('**/api/v1/events**', (route) => route.abort());

  // A call that is New, opened by both.
  await leo.goto('/dashboard?status=open&callStatus=New');
  const row = leo.getByRole('table').locator('tbody tr').first();
  // Page loads get longer than the default wait: two browsers share one busy machine.
  const loaded = { timeout: 60_000 };
  await expect(row).toBeVisible(loaded);
  const href = await row.getByRole('link').first().getAttribute('href');
  if (!href) throw new Error('row without a call link');
  await leo.goto(href);
  await expect(statusRadio(leo, 'New')).toBeChecked(loaded);
  await mia.goto(href);
  await expect(statusRadio(mia, 'New')).toBeChecked(loaded);

  // Mia closes it; Leo, still seeing New, sets In progress.
  await setStatus(mia, 'Closed');
  await expect(statusRadio(leo, 'New')).toBeChecked();
  await chooseStatus(leo, 'In progress');

  const dialog = leo.getByRole('dialog', { name: 'Mia changed this a moment ago' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Mia set the status to Closed.');
  await expect(dialog).toContainText('You chose In progress.');
  await expect(dialog.getByRole('button', { name: 'Keep theirs' })).toBeFocused();
  // Behind the dialog, Leo's page already shows Mia's change.
  await expect(statusRadio(leo, 'Closed')).toBeChecked();

  // No error toast beside the dialog: the dialog is the answer.
  await expect(leo.getByText('That didn’t go through')).toHaveCount(0);

  // Transitions off, so that the pictures show each theme finished, not the change between.
  const shot = (name: string) =>
    leo.screenshot({ path: testInfo.outputPath(name), animations: 'disabled' });
  await shot('conflict-light.png');
  await leo.emulateMedia({ colorScheme: 'dark' });
  await expect(leo.locator('html')).toHaveClass(/\bdark\b/u);
  await shot('conflict-dark.png');
  const desktop = leo.viewportSize();
  await leo.setViewportSize({ width: 390, height: 844 });
  await shot('conflict-390-dark.png');
  await leo.emulateMedia({ colorScheme: 'light' });
  await expect(leo.locator('html')).not.toHaveClass(/\bdark\b/u);
  await shot('conflict-390-light.png');
  if (desktop) await leo.setViewportSize(desktop);

  await dialog.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusRadio(leo, 'Closed')).toBeChecked();
  // Mia's change stands on the server, not only on Leo's screen.
  await mia.reload();
  await expect(statusRadio(mia, 'Closed')).toBeChecked(loaded);

  // Again: Mia reopens it (New) while Leo's page still shows Closed; this time Leo applies his.
  await setStatus(mia, 'New');
  await expect(statusRadio(leo, 'Closed')).toBeChecked();
  await chooseStatus(leo, 'In progress');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Mia set the status to New.');
  const applied = leo.waitForResponse(
    (response) => response.url().includes('/status') && response.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Apply mine' }).click();
  expect((await applied).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(statusRadio(leo, 'In progress')).toBeChecked();
  await mia.reload();
  await expect(statusRadio(mia, 'In progress')).toBeChecked(loaded);
  await expect(mia.getByRole('list', { name: 'Activity' }).locator('li').last()).toContainText(
    /Leo Marsh/u,
  );

  await leo.context().close();
  await mia.context().close();
});
