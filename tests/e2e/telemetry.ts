// Reading back what the browser and the server sent to error reporting (Sentry envelopes) and
// product analytics (PostHog events), from the loopback receiver (telemetry-receiver.ts).
import { expect, type Page } from '@playwright/test';
import type { ReceivedRequest } from './telemetry-receiver.ts';

const receiverUrl = `http://127.0.0.1:${process.env.E2E_TELEMETRY_PORT ?? ''}`;

export async function resetTelemetry(): Promise<void> {
  const response = await fetch(`${receiverUrl}/reset`, { method: 'POST' });
  expect(response.ok).toBe(true);
}

export async function receivedTelemetry(): Promise<ReceivedRequest[]> {
  const response = await fetch(`${receiverUrl}/received`);
  return (await response.json()) as ReceivedRequest[];
}

/** Every Sentry envelope received, as text (a header line, then item headers and payloads). */
export async function sentryEnvelopes(): Promise<string[]> {
  return (await receivedTelemetry())
    .filter((request) => request.url.includes('/envelope/'))
    .map((request) => request.body);
}

/** Polls until an envelope matching every test arrives; returns it. */
export async function waitForEnvelope(...tests: (string | RegExp)[]): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        found =
          (await sentryEnvelopes()).find((envelope) =>
            tests.every((test) =>
              typeof test === 'string' ? envelope.includes(test) : test.test(envelope),
            ),
          ) ?? '';
        return found !== '';
      },
      { timeout: 20_000, message: `a Sentry envelope with ${tests.join(', ')}` },
    )
    .toBe(true);
  return found;
}

export interface PostHogEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** PostHog sends JSON ({batch}), or `data=<base64 JSON>` when the page is going away. */
function eventsIn(request: ReceivedRequest): PostHogEvent[] {
  let text = request.body;
  if (text.startsWith('data=')) {
    text = Buffer.from(decodeURIComponent(text.slice('data='.length)), 'base64').toString('utf8');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return [];
  }
  if (Array.isArray(payload)) return payload as PostHogEvent[];
  if (payload && typeof payload === 'object' && 'batch' in payload) {
    return (payload as { batch: PostHogEvent[] }).batch;
  }
  return [payload as PostHogEvent];
}

export async function posthogEvents(): Promise<PostHogEvent[]> {
  return (await receivedTelemetry())
    .filter((request) => !request.url.includes('/envelope/'))
    .flatMap(eventsIn);
}

/** Polls until a PostHog event matching `find` arrives; returns it. */
export async function waitForEvent(
  description: string,
  find: (event: PostHogEvent) => boolean,
): Promise<PostHogEvent> {
  let found: PostHogEvent | undefined;
  await expect
    .poll(
      async () => {
        found = (await posthogEvents()).find(find);
        return found !== undefined;
      },
      { timeout: 20_000, message: `a PostHog event: ${description}` },
    )
    .toBe(true);
  if (!found) throw new Error(`no PostHog event: ${description}`);
  return found;
}

/**
 * PostHog drops events from browsers that look automated (navigator.webdriver, "HeadlessChrome").
 * Tests that read analytics back present this browser as an ordinary one.
 */
export async function looksLikeAPerson(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
  });
}
