// Bulk triage on the call list (docs/decisions/0019-bulk-actions.md): Mia selects five calls with
// the keyboard and assigns them to Leo in one action, then undoes it; an admin deletes calls in
// bulk and undoes that. Checked through the API as well as on screen. Screenshots of the
// selection and its toolbar (light, dark, 1440 and 390 px) go to test-results/bulk-screens/.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/** Pages loading on a busy machine (not what is measured here). */
const LOADING = { timeout: 30_000 };

interface Activity {
  type: string;
  actor_id: string | null;
  new_assignee_id: string | null;
}
interface CallDetail {
  call_id: string;
  assignee_id: string | null;
  deleted_flag: boolean | null;
  activity: Activity[];
}

/** An API client signed in as `email` (the browser's token stays in its own memory). */
async function apiAs(request: APIRequestContext, email: string) {
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  const { token } = (await (await request.get('/api/auth/token')).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string) => {
      const response = await request.get(`/api/v1${path}`, { headers });
      expect(response.ok(), path).toBe(true);
      return (await response.json()) as T;
    },
  };
}

async function shoot(page: Page, name: string) {
  const path = (suffix: string) => `test-results/bulk-screens/${name}-${suffix}.png`;
  const size = page.viewportSize();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/u : /^(?!.*\bdark\b)/u,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: path(`${theme}-1440`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path(`${theme}-390`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

/** Serious or critical axe findings on the page as it is, in both themes. */
async function axeFindings(page: Page): Promise<string[]> {
  const findings: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForTimeout(400); // let entrance animations finish
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
      findings.push(`${theme}: ${violation.id} ${violation.help} — ${targets}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
}

/** The call ids of the list's rows, from their links. */
async function rowIds(page: Page, count: number): Promise<string[]> {
  const links = page.getByRole('table').locator('tbody tr').getByRole('link');
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const href = await links.nth(index).getAttribute('href');
    ids.push(decodeURIComponent(href?.split('/call/')[1] ?? ''));
  }
  return ids;
}

test('Mia selects five calls with the keyboard, assigns them to Leo at once, and undoes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'mia@northwind.test');
  await expect(page).toHaveURL(/\/dashboard/u, LOADING);
  await page.goto('/dashboard?status=open&assignee=unassigned');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.first().getByRole('link')).toBeVisible(LOADING);
  const ids = await rowIds(page, 5);
  const api = await apiAs(request, 'mia@northwind.test');
  const me = await api.get<{ id: string }>('/me');
  const members = await api.get<{ members: { id: string; email: string }[] }>(
    '/organisation/members',
  );
  const leoId = members.members.find((member) => member.email === 'leo@northwind.test')?.id;

  // j lands on the first row, x selects it; then four times: j to the next, x.
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('x');
  for (let index = 1; index < 5; index++) {
    await page.keyboard.press('j');
    await expect(rows.nth(index)).toBeFocused();
    await page.keyboard.press('x');
  }
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar.getByText('5 selected')).toBeVisible();
  for (let index = 0; index < 5; index++) {
    await expect(rows.nth(index).getByRole('checkbox')).toBeChecked();
  }
  await expect(rows.nth(5).getByRole('checkbox')).not.toBeChecked();
  await shoot(page, 'selection');
  // a opens the assign list. Typing there is typing, not a shortcut (x selects nothing).
  await page.keyboard.press('a');
  const picker = page.getByRole('dialog', { name: 'Assign' });
  await expect(picker).toBeVisible();
  await page.keyboard.type('x');
  await expect(picker.getByRole('combobox')).toHaveValue('x');
  await expect(toolbar.getByText('5 selected')).toBeVisible();
  await page.keyboard.press('Backspace');
  // Pick Leo.
  await page.keyboard.type('Leo');
  await page.keyboard.press('Enter');

  const toast = page.getByText('5 calls assigned to Leo Marsh', { exact: true });
  await expect(toast).toBeVisible(LOADING);
  // The toast waits while the pointer rests on it (checking the API takes a while here).
  await toast.hover();
  await expect(toolbar).toBeHidden();
  // One ASSIGNED activity per call, by Mia, to Leo.
  for (const id of ids) {
    const call = await api.get<CallDetail>(`/calls/${encodeURIComponent(id)}`);
    expect(call.assignee_id).toBe(leoId);
    const mine = call.activity.filter(
      (entry) => entry.type === 'ASSIGNED' && entry.actor_id === me.id,
    );
    expect(mine.map((entry) => entry.new_assignee_id)).toEqual([leoId]);
  }

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone', { exact: true })).toBeVisible(LOADING);
  for (const id of ids) {
    const call = await api.get<CallDetail>(`/calls/${encodeURIComponent(id)}`);
    expect(call.assignee_id).toBeNull();
    const mine = call.activity.filter(
      (entry) => entry.type === 'ASSIGNED' && entry.actor_id === me.id,
    );
    // The undo is history too: assigned to Leo, then back to nobody.
    expect(mine.map((entry) => entry.new_assignee_id)).toEqual([leoId, null]);
  }
  // The calls are back in the unassigned view.
  await expect(rows.first().getByRole('link')).toBeVisible();
  expect(await rowIds(page, 5)).toEqual(ids);
});

test('an admin deletes calls in bulk and undoes it; the page and every match can be selected', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ava.admin@northwind.test');
  await expect(page).toHaveURL(/\/dashboard/u, LOADING);
  await page.goto('/dashboard?status=open&pageSize=25');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.first().getByRole('link')).toBeVisible(LOADING);

  // The header checkbox selects the page; then every matching call can be.
  await page.getByRole('checkbox', { name: 'Select every call on this page' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar.getByText('25 selected')).toBeVisible();
  const selectAll = page.getByRole('button', { name: /^Select all [\d,]+ matching calls$/u });
  await expect(selectAll).toBeVisible();
  await selectAll.click();
  await expect(
    page.getByText(/^All [\d,]+ calls matching this view are selected\.$/u),
  ).toBeVisible();
  await shoot(page, 'all-matching');
  // The checkboxes, the bar and the toolbar pass axe, as every screen does (shell.spec.ts).
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Clear selection' }).first().click();
  await expect(toolbar).toBeHidden();

  // A click and a shift-click select a range of three.
  const ids = await rowIds(page, 3);
  await rows.nth(0).locator('[data-column="select"]').click();
  await rows
    .nth(2)
    .locator('[data-column="select"]')
    .click({ modifiers: ['Shift'] });
  await expect(toolbar.getByText('3 selected')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 3 calls?' });
  await confirm.getByRole('button', { name: 'Delete 3 calls' }).click();
  await expect(page.getByText('3 calls deleted', { exact: true })).toBeVisible(LOADING);
  await page.getByText('3 calls deleted', { exact: true }).hover();

  const api = await apiAs(request, 'ava.admin@northwind.test');
  for (const id of ids) {
    const call = await api.get<CallDetail>(`/calls/${encodeURIComponent(id)}`);
    expect(call.deleted_flag).toBe(true);
  }
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone', { exact: true })).toBeVisible(LOADING);
  for (const id of ids) {
    const call = await api.get<CallDetail>(`/calls/${encodeURIComponent(id)}`);
    expect(call.deleted_flag).toBe(false);
  }
});
