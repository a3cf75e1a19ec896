// Starts the real server (the same entry point as npm start) as a child process for a benchmark,
// and samples its resident memory and CPU time from /proc while it runs.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/seed.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Resident memory now, in MB. */
  rssMb: () => number;
  stop: () => Promise<void>;
}

export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<ServerProcess> {
  const url = `http://localhost:${port}`;
  // The production bundle (built by `npm run build`, which the bench runs first), started by the
  // script that `npm start` runs, with the settings node takes only at start (docs/operations.md,
  // "Sizing"). The script execs node, so the child's process is the server's.
  const child = spawn('sh', ['apps/server/scripts/start.sh'], {
    cwd: root,
    env: {
      ...process.env,
      // The script's `node` is the one running the bench, whose version the report records.
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: url,
      LOG_LEVEL: 'error',
      SEED_DEMO_DATA: 'false',
      // Production wants an SMTP server; the benchmark sends no mail worth delivering.
      MAIL_TRANSPORT: 'log',
      // No load balancer to drain from: stop at once (docs/operations.md).
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    process: child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid ?? 0}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/u.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim());

/** Fields 14–17 of /proc/PID/stat: user and system time, of the process and its reaped children. */
function cpuTicks(pid: number, withChildren: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return withChildren ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0; // gone between the listing and the read
  }
}

/**
 * A process's CPU time so far, user and system, in seconds; with its children, those it has
 * waited for.
 */
export function processCpuSeconds(pid: number, withChildren = false): number {
  return cpuTicks(pid, withChildren) / CLOCK_TICKS;
}

/**
 * CPU seconds the PostgreSQL cluster in `dataDir` has used: the postmaster, the backends it has
 * reaped and those still running (found by their parent id).
 */
export function postgresCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = cpuTicks(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === postmaster) ticks += cpuTicks(Number(entry), false);
    } catch {
      // gone
    }
  }
  return ticks / CLOCK_TICKS;
}

export interface Session {
  cookie: string;
  token: string;
  userId: string;
  sessionId: string;
}

/** Signs a demo user in as the browser does: the session cookie, then an access token. */
export async function signIn(server: ServerProcess, email: string): Promise<Session> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const tokenResponse = await fetch(`${server.url}/api/auth/token`, { headers: { cookie } });
  const { token } = (await tokenResponse.json()) as { token: string };
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  return { cookie, token, userId: payload.sub, sessionId: payload.sid };
}
