// Backups of the embedded database (docs/operations.md, "Backups and restore";
// docs/decisions/0023-metrics-and-embedded-backups.md). PGlite is one process's in-memory
// PostgreSQL over DATA_DIR/pglite, so no second process may open those files while the server runs.
// The running server therefore takes the copy itself (Database.snapshot, between transactions) and
// hands it over POST /ops/backup, with a random token it writes into DATA_DIR beside its address:
// whoever can read DATA_DIR can copy the database anyway. Without a running server, the CLI opens
// the folder itself.
//
// A backup file is a tar of three members: callboard-backup.json (what it is), pgdata.tar.gz
// (PGlite's own dump of its data directory, which PGlite loads back) and, when DATA_DIR holds
// one, auth-secret: without it the signing keys and integration secrets in the database could
// not be decrypted.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { openDatabase } from './client.ts';

/** In DATA_DIR while a server runs on it: its pid, its address and the backup token. */
export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';
const AUTH_SECRET_FILE = 'auth-secret';
const PGLITE_DIR = 'pglite';
const MANIFEST = 'callboard-backup.json';
const PGDATA = 'pgdata.tar.gz';
const FORMAT = 'callboard-pglite-backup';

const endpointSchema = z.object({
  pid: z.number().int().positive(),
  url: z.url(),
  token: z.string().min(32),
});
export type BackupEndpoint = z.infer<typeof endpointSchema>;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  /** Whether DATA_DIR's auth secret is in the file. */
  auth_secret: z.boolean(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Something the operator must fix; the CLI prints the message and exits 1. */
export class BackupError extends Error {}

/** Writes the running server's backup address into DATA_DIR, readable by its owner only. */
export function writeBackupEndpoint(dataDir: string, endpoint: BackupEndpoint): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, BACKUP_ENDPOINT_FILE);
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(endpoint)}\n`, { mode: 0o600 });
  renameSync(partial, file);
}

/** Removes the address when it is still this process's (a newer server may have replaced it). */
export function removeBackupEndpoint(dataDir: string, pid: number): void {
  const file = join(dataDir, BACKUP_ENDPOINT_FILE);
  try {
    const endpoint = endpointSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    if (endpoint.pid === pid) rmSync(file, { force: true });
  } catch {
    // gone or unreadable: nothing of ours to remove
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server running on DATA_DIR, or null when none is (a stale file is ignored). */
export function runningServer(dataDir: string): BackupEndpoint | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, BACKUP_ENDPOINT_FILE), 'utf8');
  } catch {
    return null;
  }
  const endpoint = endpointSchema.safeParse(JSON.parse(text));
  return endpoint.success && isRunning(endpoint.data.pid) ? endpoint.data : null;
}

/** PGlite's tarball of the running server's database, taken between transactions. */
export async function snapshotFromServer(endpoint: BackupEndpoint): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(new URL('/ops/backup', endpoint.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}` },
    });
  } catch (error) {
    throw new BackupError(
      `The server on this DATA_DIR (pid ${endpoint.pid}) does not answer at ${endpoint.url}: ${(error as Error).message}`,
    );
  }
  if (!response.ok) {
    throw new BackupError(
      `The server on this DATA_DIR (pid ${endpoint.pid}) refused the backup: HTTP ${response.status}.`,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** PGlite's tarball of a database no server has open. */
export async function snapshotOffline(dataDir: string): Promise<Uint8Array> {
  const directory = join(dataDir, PGLITE_DIR);
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${directory}.`);
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: directory });
  try {
    if (!database.snapshot) throw new Error('PGlite always has a snapshot');
    return new Uint8Array(await (await database.snapshot()).arrayBuffer());
  } finally {
    await database.close();
  }
}

function withStaging<T>(parent: string, work: (staging: string) => Promise<T>): Promise<T> {
  const staging = mkdtempSync(join(parent, '.callboard-backup-'));
  return work(staging).finally(() => rmSync(staging, { recursive: true, force: true }));
}

/** Writes the backup file (whole, or not at all: it is renamed into place when complete). */
export async function writeBackup(
  out: string,
  parts: { pgdata: Uint8Array; authSecret: string | null },
): Promise<BackupManifest> {
  const manifest: BackupManifest = {
    format: FORMAT,
    version: 1,
    created_at: new Date().toISOString(),
    auth_secret: parts.authSecret !== null,
  };
  await withStaging(tmpdir(), async (staging) => {
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(staging, PGDATA), parts.pgdata);
    const members = [MANIFEST, PGDATA];
    if (parts.authSecret !== null) {
      writeFileSync(join(staging, AUTH_SECRET_FILE), `${parts.authSecret}\n`, { mode: 0o600 });
      members.push(AUTH_SECRET_FILE);
    }
    const partial = `${out}.partial`;
    // tar is loaded here, not when the server starts, which only writes its endpoint file.
    const tar = await import('tar');
    await tar.create({ file: partial, cwd: staging, portable: true }, members);
    renameSync(partial, out);
  });
  return manifest;
}

/** DATA_DIR's auth secret, when the server keeps it there (no AUTH_SECRET in its environment). */
export function readAuthSecret(dataDir: string): string | null {
  const file = join(dataDir, AUTH_SECRET_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

interface BackupContents {
  manifest: BackupManifest;
  pgdata: Uint8Array<ArrayBuffer>;
  authSecret: string | null;
}

async function readBackup(file: string, staging: string): Promise<BackupContents> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const tar = await import('tar');
  try {
    await tar.extract({
      file,
      cwd: staging,
      strict: true,
      filter: (path) => [MANIFEST, PGDATA, AUTH_SECRET_FILE].includes(path),
    });
  } catch (error) {
    throw new BackupError(`${file} is not a Callboard backup: ${(error as Error).message}`);
  }
  const manifest = manifestSchema.safeParse(
    existsSync(join(staging, MANIFEST))
      ? (JSON.parse(readFileSync(join(staging, MANIFEST), 'utf8')) as unknown)
      : null,
  );
  if (!manifest.success || !existsSync(join(staging, PGDATA))) {
    throw new BackupError(`${file} is not a Callboard backup of the embedded database.`);
  }
  return {
    manifest: manifest.data,
    pgdata: readFileSync(join(staging, PGDATA)),
    authSecret: manifest.data.auth_secret ? readAuthSecret(staging) : null,
  };
}

export interface RestoreSummary {
  manifest: BackupManifest;
  calls: number;
  organisations: number;
  /** Where what the restore replaced was moved, if anything was. */
  movedAside: string | null;
}

/**
 * Restores a backup into DATA_DIR: refused while a server runs on it, and over an existing
 * database or auth secret without `force` (which then moves them into before-restore-<time>/).
 * The database is loaded and checked in a folder beside the target before anything is replaced.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  force: boolean;
}): Promise<RestoreSummary> {
  const { file, dataDir, force } = options;
  const running = runningServer(dataDir);
  if (running) {
    throw new BackupError(
      `A server (pid ${running.pid}) is running on ${dataDir}: stop it before restoring.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const present = readdirSync(dataDir).filter((name) => name !== BACKUP_ENDPOINT_FILE);
  if (present.length > 0 && !force) {
    throw new BackupError(
      `${dataDir} is not empty (${present.slice(0, 5).join(', ')}): restore into an empty DATA_DIR, or add --force to move what it replaces aside.`,
    );
  }
  return withStaging(dataDir, async (staging) => {
    const backup = await readBackup(file, staging);
    const restored = join(staging, PGLITE_DIR);
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({
      dataDir: restored,
      loadDataDir: new File([backup.pgdata], PGDATA, { type: 'application/x-gzip' }),
    });
    let counts;
    try {
      const result = await client.query<{ calls: number; organisations: number }>(
        'select (select count(*) from call_log)::int as calls, (select count(*) from organisations)::int as organisations',
      );
      counts = result.rows[0];
    } finally {
      await client.close();
    }
    if (!counts) throw new BackupError(`${file} holds no Callboard database.`);

    const replaced = [PGLITE_DIR, ...(backup.authSecret === null ? [] : [AUTH_SECRET_FILE])];
    const moving = replaced.filter((name) => existsSync(join(dataDir, name)));
    let movedAside: string | null = null;
    if (moving.length > 0) {
      movedAside = join(dataDir, `before-restore-${fileTimestamp()}`);
      mkdirSync(movedAside);
      for (const name of moving) renameSync(join(dataDir, name), join(movedAside, name));
    }
    renameSync(restored, join(dataDir, PGLITE_DIR));
    if (backup.authSecret !== null) {
      writeFileSync(join(dataDir, AUTH_SECRET_FILE), `${backup.authSecret}\n`, { mode: 0o600 });
    }
    return { manifest: backup.manifest, ...counts, movedAside };
  });
}

/** Now, as a file name may hold it: 2026-11-24T17-30-00-000Z. */
export function fileTimestamp(): string {
  return new Date().toISOString().replace(/[:.]/gu, '-');
}
