// Throwaway PostgreSQL clusters for tests that stop, pause or break a server: one server alone, or
// a primary and its streaming replica, each in a temporary directory on a port of its own. Never the shared server
// at TEST_DATABASE_URL. The binaries are the system's (/usr/lib/postgresql/<version>/bin, the
// newest, or PG_BIN_DIR). initdb refuses to run as root, so as root they run as the postgres
// system user that Debian's packages create.
import { execFile, spawnSync, type ExecFileOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, appendFileSync, rmSync } from 'node:fs';
import { writeFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The directory of initdb, pg_ctl and pg_basebackup; null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  const configured = process.env.PG_BIN_DIR;
  if (configured) return existsSync(join(configured, 'initdb')) ? configured : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : null;
}

/** The postgres system user's ids when running as root (initdb will not run as root). */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('running as root needs the postgres system user for initdb');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A free port from a fixed range below the kernel's ephemeral ports, so that no outgoing
 * connection is handed the port between this probe and the server's bind.
 */
async function freePort(taken: Set<number>): Promise<number> {
  const first = Number(process.env.TEST_PG_FIRST_PORT ?? 4500);
  for (let port = first; port < first + 100; port += 1) {
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${first}–${first + 99}`);
}

export interface PostgresServer {
  port: number;
  dataDir: string;
  /** A superuser URL (postgres, trust) for a database on it. */
  url: (database?: string) => string;
  start: () => Promise<void>;
  /** `immediate` is a crash: no shutdown checkpoint, connections cut. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
}

export interface ReplicatedClusters {
  primary: PostgresServer;
  replica: PostgresServer;
  /** Stops both servers (whatever state they are in) and deletes their directories. */
  remove: () => Promise<void>;
}

interface Clusters {
  /** Runs a PostgreSQL program (initdb, pg_ctl, pg_basebackup) as the server's user. */
  run: (program: string, args: string[]) => Promise<void>;
  /** A server to be, in its own directory on a free port; nothing runs yet. */
  server: (name: string) => Promise<PostgresServer>;
  /** Stops every server made (whatever state it is in) and deletes the directories. */
  remove: () => Promise<void>;
}

function clusters(): Clusters {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN_DIR)');
  const user = serverUser();
  const base = mkdtempSync(join(tmpdir(), 'callboard-pg-'));
  if (user) chownSync(base, user.uid, user.gid);
  const options: ExecFileOptions = {
    cwd: base,
    env: { PATH: process.env.PATH ?? '', LC_ALL: 'C.UTF-8' },
    ...(user ?? {}),
  };
  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(join(bin, program), args, options, (error, stdout, stderr) => {
        if (error) reject(new Error(`${program} failed: ${String(stderr) || error.message}`));
        else resolve();
      });
    });
  const taken = new Set<number>();
  const servers: PostgresServer[] = [];

  const server = async (name: string): Promise<PostgresServer> => {
    const port = await freePort(taken);
    taken.add(port);
    const dataDir = join(base, name);
    const log = join(base, `${name}.log`);
    const made: PostgresServer = {
      port,
      dataDir,
      url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
      start: () => run('pg_ctl', ['-D', dataDir, '-l', log, '-w', '-t', '120', 'start']),
      stop: (mode = 'fast') =>
        run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '120', 'stop']),
    };
    servers.push(made);
    return made;
  };

  const stopAll = () => {
    for (const each of servers) {
      if (existsSync(join(each.dataDir, 'postmaster.pid'))) {
        spawnSync(join(bin, 'pg_ctl'), ['-D', each.dataDir, '-m', 'immediate', '-w', 'stop'], {
          cwd: base,
          env: options.env,
          ...(user ?? {}),
          stdio: 'ignore',
        });
      }
    }
    rmSync(base, { recursive: true, force: true });
  };
  // If the test run itself dies, no server may outlive it.
  process.once('exit', stopAll);
  const remove = () => {
    process.off('exit', stopAll);
    stopAll();
    return Promise.resolve();
  };
  return { run, server, remove };
}

/** initdb for a throwaway: trust on loopback only, no fsync, and the given extra settings. */
async function initServer(made: Clusters, server: PostgresServer, settings: string[] = []) {
  await made.run('initdb', [
    '-D',
    server.dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  appendFileSync(
    join(server.dataDir, 'postgresql.conf'),
    [
      '',
      "listen_addresses = '127.0.0.1'",
      `port = ${server.port}`,
      "unix_socket_directories = ''",
      'max_connections = 40',
      'shared_buffers = 16MB',
      // A throwaway: durability buys nothing here, and the machine is shared.
      'fsync = off',
      ...settings,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(server.dataDir, 'pg_hba.conf'),
    'host all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
}

export interface ThrowawayServer extends PostgresServer {
  /** Stops the server (whatever state it is in) and deletes its directory. */
  remove: () => Promise<void>;
}

/**
 * One PostgreSQL server of the test's own, initialised but not started. `settings` are
 * postgresql.conf lines after the throwaway's own, which they override (e.g. `fsync = on`).
 */
export async function createThrowawayServer(settings: string[] = []): Promise<ThrowawayServer> {
  const made = clusters();
  try {
    const server = await made.server('server');
    await initServer(made, server, settings);
    return { ...server, remove: made.remove };
  } catch (error) {
    await made.remove();
    throw error;
  }
}

/**
 * A primary (wal_level replica) and a hot-standby replica streaming from it, made with
 * `pg_basebackup -R`; both started. On failure everything made so far is removed again.
 */
export async function createReplicatedClusters(): Promise<ReplicatedClusters> {
  const made = clusters();
  try {
    const primary = await made.server('primary');
    await initServer(made, primary, [
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
    ]);
    await primary.start();

    const replica = await made.server('replica');
    await made.run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      replica.dataDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    // The copied settings name the primary's port; a later line wins.
    appendFileSync(join(replica.dataDir, 'postgresql.conf'), `\nport = ${replica.port}\n`);
    await replica.start();
    return { primary, replica, remove: made.remove };
  } catch (error) {
    await made.remove();
    throw error;
  }
}
