// The ingestion journey (docs/ingestion.md): an admin creates an API key in the admin area and
// reads it from the show-once dialog; a system sends a call with it; a member of the organisation
// finds that call on the dashboard, a member of another does not; once revoked, the key is refused.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const ADMIN = 'ava.admin@northwind.test';
const MEMBER = 'mia@northwind.test';
const OTHER_ORGANISATION = 'gia@globex.test';

/** Serious and critical axe findings on the page as it is, once its animations have finished. */
async function accessibilityFindings(page: Page, name: string): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished)),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
      return `${name}: ${violation.id} (${String(violation.impact)}) ${violation.help} — ${targets}`;
    });
}

/** Signs in and types into the dashboard's search; the list follows once the search applies. */
async function searchCallsAs(page: Page, email: string, text: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard/u);
  await page.getByPlaceholder('Search calls…').fill(text);
}

interface IngestAnswer {
  calls: { external_id: string; call_id: string; result: string }[];
}

test('an admin creates an API key, a system sends a call with it, and the organisation sees the call', async ({
  page,
  browser,
  request,
}) => {
  // Three people sign in, one after another: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const keyName = `Journey sender ${run}`;
  const callerName = `Ingest Journey ${run}`;
  const externalId = `e2e-ingest-${run}`;
  const findings: string[] = [];

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard/u);
  await page.goto('/admin?tab=api-keys');
  await expect(page.getByRole('tab', { name: 'API keys', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'API keys', exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading API keys' })).toBeHidden();
  findings.push(...(await accessibilityFindings(page, 'API keys tab')));

  await page.getByRole('button', { name: 'Create key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill(keyName);
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  const field = shown.getByRole('textbox', { name: 'API key' });
  await expect(field).toHaveValue(/^cb_live_[\w-]{43}$/u);
  await expect(field).toBeFocused();
  const key = await field.inputValue();
  await expect(shown).toContainText('It will not be shown again');
  findings.push(...(await accessibilityFindings(page, 'new key dialog (light)')));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/u);
  findings.push(...(await accessibilityFindings(page, 'new key dialog (dark)')));
  await page.emulateMedia({ colorScheme: 'light' });

  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
  await expect(page.getByText(key)).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: keyName });
  await expect(row).toContainText(`${key.slice(0, 14)}…`);
  await expect(row).toContainText('Never');

  // The organisation's system sends a call that ended a moment ago.
  const now = Date.now();
  const sent = await request.post('/api/v1/ingest/calls', {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      calls: [
        {
          external_id: externalId,
          agent_id: 'nw-agent-1',
          started_at: new Date(now - 150_000).toISOString(),
          ended_at: new Date(now - 30_000).toISOString(),
          direction: 'inbound',
          from_number: '+441632960777',
          to_number: '+441632960001',
          caller_name: callerName,
          summary: 'Asked to move Thursday’s appointment to the afternoon.',
          sentiment: 'neutral',
        },
      ],
    },
  });
  expect(sent.status()).toBe(200);
  const answer = (await sent.json()) as IngestAnswer;
  expect(answer.calls).toHaveLength(1);
  expect(answer.calls[0]).toMatchObject({ external_id: externalId, result: 'created' });
  const callId = answer.calls[0]?.call_id ?? '';
  expect(callId).toMatch(/^call_/u);

  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Never');

  // A member of the organisation finds it among the open calls.
  const mia = await browser.newContext();
  const miaPage = await mia.newPage();
  await searchCallsAs(miaPage, MEMBER, callerName);
  const rows = miaPage.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(callerName);
  // A searched list's links carry the words (?q=…), for the call page to mark them.
  await rows.first().locator(`a[href^="/call/${callId}?"]`).click();
  await expect(miaPage).toHaveURL(new RegExp(`/call/${callId}\\?q=`, 'u'));
  await expect(miaPage.getByText(callerName).first()).toBeVisible();
  await mia.close();

  // A member of another organisation does not.
  const gia = await browser.newContext();
  const giaPage = await gia.newPage();
  await searchCallsAs(giaPage, OTHER_ORGANISATION, callerName);
  await expect(
    giaPage.getByRole('heading', { name: 'No calls match these filters' }),
  ).toBeVisible();
  await gia.close();

  // Revoked, the key is refused from the next request on.
  await page.getByRole('button', { name: `Revoke the key ${keyName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke “${keyName}”?` });
  await expect(confirm).toContainText('Systems using it will be refused from their next request.');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`API key “${keyName}” revoked`, { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  const refused = await request.post('/api/v1/ingest/calls', {
    headers: { Authorization: `Bearer ${key}` },
    data: { calls: [] },
  });
  expect(refused.status()).toBe(401);

  expect(findings).toEqual([]);
});
