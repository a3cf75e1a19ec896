// The call page at work: a demo recording that plays, transcript times that seek it, the playback
// speed, the transcript search, previous/next through the list the call was opened from, Esc
// back to that list, copying the call id, and no axe findings.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const LIST = '/dashboard?status=all';

async function listedCallIds(page: Page): Promise<string[]> {
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const hrefs = await table
    .locator('tbody tr a[href^="/call/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => decodeURIComponent(href.replace('/call/', '')));
}

function audioState(page: Page) {
  return page.locator('audio').evaluate((audio: HTMLAudioElement) => ({
    duration: audio.duration,
    currentTime: audio.currentTime,
    playbackRate: audio.playbackRate,
    paused: audio.paused,
  }));
}

test('the demo recordings are served as audio that can be fetched in ranges', async ({
  request,
}) => {
  const whole = await request.get('/demo-recordings/northwind-appointment.oga');
  expect(whole.status()).toBe(200);
  expect(whole.headers()['content-type']).toBe('audio/ogg');
  // Seeking in a browser needs byte ranges.
  const part = await request.get('/demo-recordings/northwind-appointment.oga', {
    headers: { Range: 'bytes=0-99' },
  });
  expect(part.status()).toBe(206);
  expect((await part.body()).length).toBe(100);
});

test('a recorded call: times seek the audio, speed, search, ] to the next call, Esc back to the list, copy the id', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto(LIST);
  const ids = await listedCallIds(page);
  const row = page
    .getByRole('table')
    .locator('tbody tr')
    .filter({ hasText: 'rebooked it for Friday' });
  const callId = decodeURIComponent(
    ((await row.getByRole('link').getAttribute('href')) ?? '').replace('/call/', ''),
  );
  const index = ids.indexOf(callId);
  expect(index).toBeGreaterThanOrEqual(0);
  await row.getByRole('link').click();

  await expect(page.getByRole('heading', { level: 1, name: 'Priya Shah' })).toBeVisible();
  await expect(page.getByText(`Call ${index + 1} of`)).toBeVisible();

  // The recording loads and has a length: it plays.
  await expect.poll(async () => (await audioState(page)).duration).toBeGreaterThan(40);

  // A turn's time moves the recording there and plays it; that turn is marked as playing.
  await page.getByRole('button', { name: 'Play from 0:20' }).click();
  await expect
    .poll(async () => {
      const { currentTime } = await audioState(page);
      return currentTime >= 19.5 && currentTime <= 20.5;
    })
    .toBe(true);
  await expect(page.locator('li[aria-current="true"]')).toContainText('ten past nine');
  await page.getByText('1.5×').click();
  expect((await audioState(page)).playbackRate).toBe(1.5);
  await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());

  // The transcript search counts and steps through its hits.
  const search = page.getByRole('searchbox', { name: 'Search the transcript' });
  await search.fill('friday');
  await expect(page.getByText('1 of 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Transcript' }).locator('mark')).toHaveCount(2);
  await search.press('Enter');
  await expect(page.getByText('2 of 2', { exact: true })).toBeVisible();
  await search.press('Shift+Enter');
  await expect(page.getByText('1 of 2', { exact: true })).toBeVisible();
  // Keys typed into the search never step through calls.
  await search.press(']');
  await expect(page).toHaveURL(new RegExp(`/call/${callId}$`, 'u'));

  // Copy the call id.
  await page.getByRole('button', { name: 'Copy call ID' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(callId);

  // ] opens the next call of the list view; Esc returns to that list, filters and all.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press(']');
  const nextId = ids[index + 1];
  if (!nextId) throw new Error('the recorded call should not be the last of the page');
  await expect(page).toHaveURL(new RegExp(`/call/${nextId}$`, 'u'));
  await expect(page.getByText(`Call ${index + 2} of`)).toBeVisible();
  await page.keyboard.press('[');
  await expect(page).toHaveURL(new RegExp(`/call/${callId}$`, 'u'));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/dashboard\?status=all$/u);
  await expect(page.getByRole('tab', { name: /^All/u })).toHaveAttribute('aria-selected', 'true');
});

test('the call page has no serious or critical axe findings, light and dark', async ({ page }) => {
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard$/u);
  await page.goto(LIST);
  await page
    .getByRole('table')
    .locator('tbody tr')
    .filter({ hasText: 'rebooked it for Friday' })
    .getByRole('link')
    .click();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', value);
      document.documentElement.classList.toggle('dark', value === 'dark');
    }, theme);
    await expect(page.getByRole('heading', { level: 1, name: 'Priya Shah' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the transcript' }).fill('nine');
    await page.waitForTimeout(400); // let entrance animations finish
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' | ')}`);
    expect(serious, theme).toEqual([]);
  }
});
