// The server as an operator starts it in production (NODE_ENV=production, a fresh database, no
// demo data asked for): a separate process over real HTTP, so that its memory can be measured
// apart from the test runner's. docs/security.md lists what is checked here.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/seed.ts';
import { rssKb, startServerProcess, type ServerProcess } from './test/server-process.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

interface DatabaseForProcess {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

const databases: { name: string; create: () => Promise<DatabaseForProcess> }[] = [
  {
    name: 'PGlite',
    create: () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'callboard-production-'));
      return Promise.resolve({
        env: { DATA_DIR: dataDir },
        drop: () => {
          rmSync(dataDir, { recursive: true, force: true });
          return Promise.resolve();
        },
      });
    },
  },
  ...(serverUrl
    ? [
        {
          name: 'PostgreSQL',
          create: async () => {
            const name = `callboard_test_${randomBytes(6).toString('hex')}`;
            const admin = new pg.Client({ connectionString: serverUrl });
            await admin.connect();
            await admin.query(`create database ${name}`);
            await admin.end();
            const url = new URL(serverUrl);
            url.pathname = `/${name}`;
            return {
              env: { DATABASE_URL: url.toString() },
              drop: async () => {
                const dropper = new pg.Client({ connectionString: serverUrl });
                await dropper.connect();
                await dropper.query(`drop database if exists ${name} with (force)`);
                await dropper.end();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(databases)('production mode [$name]', ({ create }) => {
  let database: DatabaseForProcess;
  let server: ServerProcess;
  let child: ChildProcess;
  let base: string;

  beforeAll(async () => {
    database = await create();
    server = await startServerProcess({ env: { NODE_ENV: 'production', ...database.env } });
    ({ child, base } = server);
  }, 90_000);

  afterAll(async () => {
    await server.stop();
    await database.drop();
  });

  it('has no demo accounts: the published password signs nobody in', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
      });
      expect(response.status, account.email).toBe(401);
    }
  });

  it('has no development routes', async () => {
    const response = await fetch(`${base}/api/dev/outbox`);
    expect(response.status).toBe(404);
  });

  it('sends HSTS and keeps API JSON out of caches', async () => {
    for (const path of ['/api/v1/me', '/api/config', '/api/auth/token', '/api/v1/openapi.json']) {
      const response = await fetch(`${base}${path}`, { headers: { origin: base } });
      expect(response.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/u);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('answers an 8 MB sign-in body with 413 at once, without holding it in memory', async () => {
    const pid = child.pid;
    if (pid === undefined) throw new Error('no server process');
    const before = rssKb(pid);
    const started = performance.now();
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: Buffer.alloc(8 * 1024 * 1024, 'a'),
    });
    const elapsedMs = performance.now() - started;
    const body = (await response.json()) as { error: { code: string } };
    expect(response.status).toBe(413);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(elapsedMs).toBeLessThan(1000);
    expect(rssKb(pid) - before).toBeLessThan(50 * 1024);
  });

  it('stops reading a streamed body without a length once it passes the limit', async () => {
    // A raw socket: fetch may report the server's early close as EPIPE before reading the answer.
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (sent < 8 * 1024 * 1024 && received === '' && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`)) {
            socket.once('drain', pump);
            return;
          }
        }
        if (!socket.destroyed && received === '') socket.write('0\r\n\r\n');
      };
      socket.on('data', (data: Buffer) => (received += data.toString()));
      socket.on('error', () => undefined); // EPIPE once the server has answered and closed
      socket.on('close', () => (received ? resolve(received) : reject(new Error('no answer'))));
      socket.on('connect', () => {
        socket.write(
          `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `Origin: ${base}\r\nContent-Type: application/json\r\n` +
            'Transfer-Encoding: chunked\r\n\r\n',
        );
        pump();
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /u);
    expect(answer).toContain('PAYLOAD_TOO_LARGE');
  });
});
