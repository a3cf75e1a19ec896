// The real server (main.ts, through tsx) in a process of its own, for the tests that need one: a
// production start, or the server's memory read from /proc while it works.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  child: ChildProcess;
  /** What the process has written so far (stdout and stderr). */
  readonly output: string;
  /** Ends the process (SIGTERM) and waits for it; resolves to its exit code. */
  stop: () => Promise<number | null>;
}

/** A process's resident set size now, in kB. */
export function rssKb(pid: number): number {
  const line = /VmRSS:\s+(\d+)\s+kB/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the server on a free loopback port and resolves once /readyz answers; rejects with the
 * server's output if it exits first. `env` comes on top of a fresh AUTH_SECRET, logged mail and no
 * web build; NODE_ENV and the database are the caller's to say.
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  nodeArgs?: string[];
  /** Unset: a free one. */
  port?: number;
  /** A bundle's main.js (test/server-bundle.ts) to run with plain Node; unset: main.ts via tsx. */
  entry?: string;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const entry = options.entry ? [options.entry] : ['--import', 'tsx', MAIN];
  const noWeb = mkdtempSync(join(tmpdir(), 'callboard-no-web-'));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      AUTH_SECRET: randomBytes(32).toString('base64'),
      MAIL_TRANSPORT: 'log',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: noWeb,
      // No load balancer to wait for: stop at once (docs/operations.md, "Shutdown").
      SHUTDOWN_DRAIN_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', () => rmSync(noWeb, { recursive: true, force: true }));
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`))),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    base,
    child,
    get output() {
      return output;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const ended = new Promise<number | null>((resolve) =>
        child.once('exit', (code) => resolve(code)),
      );
      child.kill('SIGTERM');
      return ended;
    },
  };
}
