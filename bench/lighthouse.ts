// Lighthouse's mobile profile (its default: a mid-range phone on a slow 4G link, simulated) for
// /auth, signed out, and /dashboard, signed in, in Debian's Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../tests/e2e/chromium.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/seed.ts';

export interface LighthouseScore {
  page: string;
  /** 0–100. */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  unusedJsKb: number;
}

/** Lighthouse talks to the browser over this port (the persistent context is its default one). */
const DEBUGGING_PORT = 9339;

async function audit(url: string): Promise<Omit<LighthouseScore, 'page'>> {
  const result = await lighthouse(url, {
    port: DEBUGGING_PORT,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  // A signed-out visit to /dashboard ends on /auth: that would be a score for the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const unused = lhr.audits['unused-javascript']?.details;
  const unusedBytes =
    unused && 'overallSavingsBytes' in unused ? Number(unused.overallSavingsBytes ?? 0) : 0;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    speedIndexMs: value('speed-index'),
    unusedJsKb: Math.round(unusedBytes / 1024),
  };
}

/**
 * `/auth` first, signed out; then signs in through the page and audits `/dashboard`. Lighthouse
 * clears the HTTP cache, cache storage and service workers before each page but keeps cookies
 * (and local storage), so the second audit is a signed-in visit with nothing cached.
 */
export async function measureLighthouse(baseUrl: string, email: string) {
  const profile = mkdtempSync(join(tmpdir(), 'callboard-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
    baseURL: baseUrl,
  });
  try {
    const auth = await audit(`${baseUrl}/auth`);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard**');
    await page.close();
    const dashboard = await audit(`${baseUrl}/dashboard`);
    return [
      { page: '/auth', ...auth },
      { page: '/dashboard (signed in)', ...dashboard },
    ] satisfies LighthouseScore[];
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
