// `npm run db:backup [-- --out FILE]` and `npm run db:restore -- FILE [--force]`: backups of the
// embedded database in DATA_DIR (docs/operations.md, "Backups and restore"). A PostgreSQL server
// (DATABASE_URL) is backed up with pg_dump instead; these commands say so and stop.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import {
  BackupError,
  readAuthSecret,
  restoreBackup,
  runningServer,
  snapshotFromServer,
  snapshotOffline,
  writeBackup,
  fileTimestamp,
} from './backup.ts';

const USAGE = `Usage:
  npm run db:backup [-- --out FILE]       copy the embedded database (and DATA_DIR's auth
                                          secret) into FILE, default callboard-backup-<time>.tar;
                                          while the server runs, it takes the copy itself
  npm run db:restore -- FILE [--force]    restore FILE into DATA_DIR, which must be empty unless
                                          --force (what it replaces is moved to
                                          DATA_DIR/before-restore-<time>/); stop the server first

DATA_DIR is the server's (default ./data). For a PostgreSQL server (DATABASE_URL), use pg_dump and
pg_restore: docs/operations.md, "Backups and restore".`;

class UsageError extends Error {}

/** npm runs workspace scripts in apps/server; a file named on the command line is the caller's. */
function callerPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

async function backup(args: string[], dataDir: string): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: { out: { type: 'string' } },
  });
  const out = callerPath(values.out ?? `callboard-backup-${fileTimestamp()}.tar`);
  const server = runningServer(dataDir);
  const pgdata = server ? await snapshotFromServer(server) : await snapshotOffline(dataDir);
  const authSecret = readAuthSecret(dataDir);
  await writeBackup(out, { pgdata, authSecret });
  const size = (statSync(out).size / (1024 * 1024)).toFixed(1);
  process.stdout.write(
    `Backed up ${dataDir} ${server ? `from the running server (pid ${server.pid})` : '(no server was running)'} to ${out} (${size} MB)${authSecret === null ? '; the server takes AUTH_SECRET from its environment: keep it with the backup' : ', with its auth secret'}.\n`,
  );
}

async function restore(args: string[], dataDir: string): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new UsageError('db:restore needs one backup file');
  const summary = await restoreBackup({ file: callerPath(file), dataDir, force: values.force });
  const lines = [
    `Restored the backup of ${summary.manifest.created_at} into ${dataDir}: ${summary.calls} calls in ${summary.organisations} organisations.`,
  ];
  if (summary.movedAside) lines.push(`What it replaced is in ${summary.movedAside}.`);
  if (!summary.manifest.auth_secret) {
    lines.push('The backup holds no auth secret: start the server with the AUTH_SECRET it had.');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let config;
  try {
    // Only where the database is matters here; the rest of the server's settings need not be set.
    config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  if (config.DATABASE_URL) {
    process.stderr.write(
      `DATABASE_URL is set: back up and restore a PostgreSQL server with pg_dump and pg_restore (docs/operations.md, "Backups and restore").\n`,
    );
    return 1;
  }
  try {
    if (command === 'backup') await backup(args, config.DATA_DIR);
    else if (command === 'restore') await restore(args, config.DATA_DIR);
    else throw new UsageError(`unknown command "${command ?? ''}"`);
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`db:${command ?? ''}: ${(error as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof BackupError) {
      process.stderr.write(`db:${command ?? ''}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
