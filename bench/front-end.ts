// Front-end measurements in headless Chromium against the running server: what a first visit
// downloads, how fast the dashboard shows rows, and whether "load all" stays virtualised.
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../tests/e2e/chromium.ts';
import { median } from './statistics.ts';

export interface FrontEndResult {
  authInitialJsGzipKb: number;
  authInitialCssGzipKb: number;
  dashboardJsGzipKb: number;
  dashboardCssGzipKb: number;
  /**
   * As the test driver sees it: from its call to open the page to the page's word that the first
   * row is painted (see FIRST_ROW_WATCH).
   */
  firstRowsMedianMs: number;
  firstRowsSamplesMs: number[];
  /**
   * By the browser's own clock: from the start of navigation to the first row, painted (see
   * FIRST_ROW_WATCH). The driver's figure adds its own round trips to the browser. Absent from
   * older runs.
   */
  firstRowsPaintMedianMs?: number;
  firstRowsPaintSamplesMs?: number[];
  /**
   * How the driver learnt of the first row: 'console', from the page (FIRST_ROW_WATCH). Absent
   * from older runs, whose driver waited with a Playwright locator, run in the page itself.
   */
  firstRowsSignal?: 'console';
  dashboardDomNodes: number;
  /**
   * Medians over the same 10 visits: when each step on the way to the first rows began and ended.
   * Absent from runs before it was measured.
   */
  waterfall?: WaterfallStep[];
  loadAll: {
    rows: number;
    firstRowsMs: number;
    domNodesAtTop: number;
    maxDomNodesWhileScrolling: number;
    scrollMs: number;
    lastRowRendered: boolean;
  };
}

export interface WaterfallStep {
  step: string;
  /** Milliseconds from the start of navigation, median of the visits. */
  startMs: number;
  endMs: number;
}

/**
 * The requests on the way to the first rows, in the order a visit makes them, by their path (the
 * page itself is the navigation).
 */
const STEPS: [string, RegExp | null][] = [
  ['the page (HTML)', null],
  // Preloaded by the HTML, so it leaves beside the entry script.
  ['access token (GET /api/auth/token)', /^\/api\/auth\/token$/u],
  ['entry script', /^\/assets\/index-[^/]*\.js$/u],
  ['GET /api/config', /^\/api\/config$/u],
  // The signed-in layout's and the dashboard's own code, one chunk (apps/web/chunk-groups.ts).
  // Earlier runs timed the dashboard's chunk under the same name.
  ['dashboard script', /^\/assets\/signed-in-[^/]*\.js$/u],
  ['GET /api/v1/me', /^\/api\/v1\/me$/u],
  ['GET /api/v1/calls (page 1)', /^\/api\/v1\/calls$/u],
];

/** A rendered call row: the loading skeleton is a table of placeholder rows too. */
const CALL_ROW = 'tbody tr[data-row-index]';

/** What FIRST_ROW_WATCH says on the page's console, followed by the time. */
const ROW_PAINTED = 'callboard-bench: first row painted at ';

/**
 * Run in every page before its own scripts: notes, by the page's clock (zero at the start of
 * navigation), when the first call row has been painted. A requestAnimationFrame callback runs
 * before the frame's style, layout and paint; a message posted from it is handled after them.
 * It says so on the console, which the driver hears without running anything in the page: a
 * locator's wait would load Playwright's own script into the page while it is still starting,
 * and time its compilation as the app's (25 ms and more of the main thread in a trace).
 */
const FIRST_ROW_WATCH = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('${CALL_ROW}')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => console.debug('${ROW_PAINTED}' + performance.now());
      channel.port2.postMessage(null);
    });
  }).observe(document, { subtree: true, childList: true });
`;

/**
 * Opens /dashboard in a new tab and times the first painted row: as the driver sees it (from its
 * call to open the page to the page's word), and by the page's clock, with each step in STEPS
 * from the page's Resource Timing (the first request for each path).
 */
async function timedVisit(page: Page) {
  const painted = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(ROW_PAINTED),
  });
  const started = performance.now();
  // Awaited together: a failed navigation must not leave the wait for the word unhandled.
  const [message] = await Promise.all([painted, page.goto('/dashboard', { waitUntil: 'commit' })]);
  const rowsMs = Math.round(performance.now() - started);
  const paintMs = Number(message.text().slice(ROW_PAINTED.length));
  // Read once the row is painted: from here on, running script in the page measures nothing.
  const timing = await page.evaluate(() => ({
    page: performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined,
    resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (entry) => ({
        path: new URL(entry.name).pathname,
        startMs: entry.startTime,
        endMs: entry.responseEnd,
      }),
    ),
  }));
  const times = new Map<string, { startMs: number; endMs: number }>();
  for (const [step, path] of STEPS) {
    const entry = path
      ? timing.resources.find((resource) => path.test(resource.path))
      : timing.page && { startMs: timing.page.startTime, endMs: timing.page.responseEnd };
    if (entry) {
      times.set(step, { startMs: Math.round(entry.startMs), endMs: Math.round(entry.endMs) });
    }
  }
  return { rowsMs, paintMs: Math.round(paintMs), times };
}

/** Gzip size of every script and stylesheet the page downloads while `load` runs. */
async function downloads(page: Page, load: () => Promise<void>) {
  const sizes = { js: 0, css: 0 };
  const pending: Promise<void>[] = [];
  const listener = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body, { level: 9 }).length;
      }),
    );
  };
  page.on('response', listener);
  await load();
  await Promise.all(pending);
  page.off('response', listener);
  return { js: Math.round(sizes.js / 102.4) / 10, css: Math.round(sizes.css / 102.4) / 10 };
}

const rows = (page: Page) => page.locator(CALL_ROW);
/** Resolves after the browser has painted twice: the virtualiser has reacted to the last scroll. */
const nextPaint = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

export async function measureFrontEnd(baseUrl: string, email: string): Promise<FrontEndResult> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    await context.addInitScript({ content: FIRST_ROW_WATCH });
    const page = await context.newPage();
    const auth = await downloads(page, async () => {
      await page.goto('/auth', { waitUntil: 'networkidle' });
    });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('callboard-demo-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await rows(page).first().waitFor();

    const fresh = await context.newPage();
    // Not 'networkidle': the dashboard keeps its live-updates stream open (docs/live-updates.md).
    const dashboard = await downloads(fresh, async () => {
      await fresh.goto('/dashboard', { waitUntil: 'load' });
      await rows(fresh).first().waitFor();
    });
    await fresh.close();

    const samples: number[] = [];
    const paintSamples: number[] = [];
    const stepTimes = new Map<string, { starts: number[]; ends: number[] }>();
    for (let run = 0; run < 10; run += 1) {
      const tab = await context.newPage();
      const visit = await timedVisit(tab);
      samples.push(visit.rowsMs);
      paintSamples.push(visit.paintMs);
      for (const [step, time] of visit.times) {
        const collected = stepTimes.get(step) ?? { starts: [], ends: [] };
        collected.starts.push(time.startMs);
        collected.ends.push(time.endMs);
        stepTimes.set(step, collected);
      }
      await tab.close();
    }
    // Steps with no entry in any visit (a request still under way when the page's entries were
    // read) are left out; the medians are of the visits that have them.
    const waterfall: WaterfallStep[] = STEPS.flatMap(([step]) => {
      const collected = stepTimes.get(step);
      return collected
        ? [{ step, startMs: median(collected.starts), endMs: median(collected.ends) }]
        : [];
    });
    waterfall.push({
      step: 'first row painted',
      startMs: median(paintSamples),
      endMs: median(paintSamples),
    });
    const counted = await context.newPage();
    await counted.goto('/dashboard');
    await rows(counted).first().waitFor();
    const dashboardDomNodes = await domNodes(counted);
    await counted.close();

    // "Load all" over a date range holding at least 10,000 calls.
    const end = new Date();
    const start = new Date(end.getTime() - 10 * 86_400_000);
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const all = await context.newPage();
    const startedAll = performance.now();
    await all.goto(`/dashboard?status=all&from=${day(start)}&to=${day(end)}&loadAll=true`);
    await rows(all).first().waitFor({ timeout: 60_000 });
    const firstRowsMs = Math.round(performance.now() - startedAll);
    // aria-rowcount counts the header row as well.
    const total =
      (await all.evaluate(() =>
        Number(document.querySelector('table')?.getAttribute('aria-rowcount') ?? 1),
      )) - 1;
    const domNodesAtTop = await domNodes(all);
    let maxDomNodes = domNodesAtTop;
    const scrollStarted = performance.now();
    for (let step = 1; step <= 20; step += 1) {
      await all.evaluate((fraction) => {
        window.scrollTo(0, document.documentElement.scrollHeight * fraction);
      }, step / 20);
      await nextPaint(all);
      maxDomNodes = Math.max(maxDomNodes, await domNodes(all));
    }
    const scrollMs = Math.round(performance.now() - scrollStarted);
    // At the bottom, the last call must be on screen: virtualisation rendered the whole list.
    const lastRowRendered =
      (await all.locator(`tbody tr[data-row-index="${total - 1}"]`).count()) === 1;
    return {
      authInitialJsGzipKb: auth.js,
      authInitialCssGzipKb: auth.css,
      dashboardJsGzipKb: dashboard.js,
      dashboardCssGzipKb: dashboard.css,
      firstRowsMedianMs: median(samples),
      firstRowsSamplesMs: samples,
      firstRowsPaintMedianMs: median(paintSamples),
      firstRowsPaintSamplesMs: paintSamples,
      firstRowsSignal: 'console',
      dashboardDomNodes,
      waterfall,
      loadAll: {
        rows: total,
        firstRowsMs,
        domNodesAtTop,
        maxDomNodesWhileScrolling: maxDomNodes,
        scrollMs,
        lastRowRendered,
      },
    };
  } finally {
    await browser.close();
  }
}
