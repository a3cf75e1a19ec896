// A real load balancer for tests: HAProxy (Debian's `haproxy` package) as a child process, with a
// generated configuration in a temporary folder, in front of server processes on loopback. It
// checks each server's /readyz, as docs/operations.md ("Shutdown and rolling deploys") asks of a
// load balancer, and says in X-Served-By which server answered.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';

export interface LoadBalancer {
  /** http://127.0.0.1:<port> */
  base: string;
  stop: () => Promise<void>;
}

export interface Backend {
  name: string;
  port: number;
}

/** Health checks every CHECK_INTERVAL_MS; a server is out after 2 failures, in after 2 passes. */
export const CHECK_INTERVAL_MS = 250;
export const CHECK_FALL = 2;

export async function startHaproxy(port: number, backends: Backend[]): Promise<LoadBalancer> {
  if (!existsSync(HAPROXY)) {
    throw new Error(`${HAPROXY} is missing: apt-get install -y haproxy (README, "Tests")`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'callboard-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 1000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      // A busy machine may take a while to answer: a slow check is not a failed one.
      '  timeout check 5s',
      // A refused connection (a replica stopping) is tried again, on another server.
      '  retries 3',
      '  option redispatch 1',
      'frontend web',
      `  bind 127.0.0.1:${port}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      '  http-response set-header X-Served-By %s',
      `  default-server check inter ${CHECK_INTERVAL_MS}ms fall ${CHECK_FALL} rise 2`,
      ...backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port}`),
      '',
    ].join('\n'),
  );
  // -db: stay in the foreground, a child this process can stop.
  const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`haproxy exited (${code}):\n${output}`))),
  );
  const wait = { settled: false };
  const listening = (async () => {
    while (!wait.settled) {
      try {
        await fetch(`${base}/healthz`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  })();
  try {
    await Promise.race([listening, exited]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    wait.settled = true;
  }
  return {
    base,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await ended;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
