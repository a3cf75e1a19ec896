// The HTTP shell around the API: health, the error envelope, the development outbox and the SPA.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { buildServer } from '../server.ts';
import { testDatabaseKinds } from '../test/databases.ts';

const pglite = testDatabaseKinds[0];
if (!pglite) throw new Error('PGlite is always a test database');

function fakeWebRoot() {
  const root = mkdtempSync(join(tmpdir(), 'callboard-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><title>Callboard</title><div id="root"></div>',
  );
  writeFileSync(
    join(root, 'auth.html'),
    '<!doctype html><title>Sign in</title><div id="root"></div><div id="static-page"><form method="post"></form></div>',
  );
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'index-abc123.js.br'), 'brotli copy');
  writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), 'gzip copy');
  return root;
}

describe('HTTP shell', () => {
  let database: Database;
  let webRoot: string;
  let app: Awaited<ReturnType<typeof buildServer>>['app'];
  let productionApp: typeof app;

  beforeAll(async () => {
    database = await pglite.create();
    const common = {
      APP_URL: 'http://localhost:3000',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SEED_DEMO_DATA: 'false',
    };
    const logger = pino({ level: 'silent' });
    webRoot = fakeWebRoot();
    app = (
      await buildServer({
        config: loadConfig({ ...common, NODE_ENV: 'test' }),
        logger,
        database,
        webRoot,
      })
    ).app;
    productionApp = (
      await buildServer({
        config: loadConfig({ ...common, NODE_ENV: 'production', MAIL_TRANSPORT: 'log' }),
        logger,
        database,
        webRoot,
      })
    ).app;
  });
  afterAll(async () => {
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('reports liveness and readiness', async () => {
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
  });

  it('once shutting down: not ready, and every answer closes its connection', async () => {
    const stopping = await buildServer({
      config: loadConfig({
        APP_URL: 'http://localhost:3000',
        AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        SEED_DEMO_DATA: 'false',
        NODE_ENV: 'test',
      }),
      logger: pino({ level: 'silent' }),
      database,
      webRoot: null,
    });
    expect((await stopping.app.request('/healthz')).headers.get('connection')).toBeNull();
    stopping.shutdown.stopping = true;
    const ready = await stopping.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'stopping' });
    expect(ready.headers.get('connection')).toBe('close');
    const healthy = await stopping.app.request('/healthz');
    expect(healthy.status).toBe(200);
    expect(healthy.headers.get('connection')).toBe('close');
    const unknown = await stopping.app.request('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('connection')).toBe('close');
  });

  it('answers unknown API paths with the error envelope', async () => {
    const response = await app.request('/api/v1/nothing-here', {
      headers: { authorization: 'Bearer x' },
    });
    expect(response.status).toBe(401);
    const unknown = await app.request('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such API endpoint.' },
    });
  });

  it('gives every response a request id', async () => {
    const response = await app.request('/healthz');
    expect(response.headers.get('x-request-id')).toMatch(/.{8,}/u);
  });

  it('has no development outbox in production, nor for a client whose address is unknown', async () => {
    // In-process requests have no socket address, so they are not known to come from this machine
    // (secure-defaults.test.ts shows a loopback client over real HTTP is answered).
    expect((await app.request('/api/dev/outbox')).status).toBe(404);
    expect((await productionApp.request('/api/dev/outbox')).status).toBe(404);
  });

  it('does not answer /metrics with the web app', async () => {
    const response = await productionApp.request('/metrics');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('serves the SPA: hashed assets cached for good, HTML never cached stale', async () => {
    const asset = await productionApp.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/dashboard', '/call/abc', '/update-password?token=x']) {
      const page = await productionApp.request(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      expect(await page.text(), path).toContain('<div id="root">');
    }
    // A missing asset is a 404, not the SPA: a stale page must see its chunk fail to load.
    expect((await productionApp.request('/assets/missing.js')).status).toBe(404);
  });

  it('serves the sign-in page with its markup, and sends a form posted before the app ran back to it', async () => {
    for (const path of ['/auth', '/auth?next=%2Fanalytics', '/auth/']) {
      const page = await productionApp.request(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      expect(await page.text(), path).toContain('<div id="static-page">');
    }
    expect(await (await productionApp.request('/dashboard')).text()).not.toContain('static-page');
    const posted = await productionApp.request('/auth?next=%2Fanalytics', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=someone%40example.com&password=secret',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/auth?next=%2Fanalytics');
    expect(posted.headers.get('cache-control')).toBe('no-store');
    const trailing = await productionApp.request('/auth/', { method: 'POST' });
    expect(trailing.status).toBe(303);
    expect(trailing.headers.get('location')).toBe('/auth');
  });

  it('documents every /api/v1 route in the OpenAPI document', async () => {
    const response = await app.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = app.routes
      .filter((route) => route.path.startsWith('/api/v1/') && route.method !== 'ALL')
      .filter((route) => route.path !== '/api/v1/openapi.json')
      .map(
        (route) =>
          `${route.method.toLowerCase()} ${route.path.slice('/api/v1'.length).replace(/:(\w+)/gu, '{$1}')}`,
      );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const [method = '', path = ''] = route.split(' ');
      expect(document.paths[path]?.[method], route).toBeDefined();
    }
  });

  it('sends the build’s compressed copy of an asset to a client that accepts it', async () => {
    const asset = (acceptEncoding: string) =>
      productionApp.request('/assets/index-abc123.js', {
        headers: { 'accept-encoding': acceptEncoding },
      });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe('brotli copy');
    const gzip = await asset('gzip, deflate');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe('gzip copy');
    const plain = await asset('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('compresses responses for clients that accept it', async () => {
    const response = await productionApp.request('/api/v1/openapi.json', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const plain = await productionApp.request('/api/v1/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
