// `npm run db:seed [-- --reset] [-- --calls N --orgs M] [-- --remove-demo-accounts]`: loads the
// demo data or a large dataset for benchmarks into the configured database (DATABASE_URL, else
// PGlite in DATA_DIR), or removes the demo sign-ins from it.
import { parseArgs } from 'node:util';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ConfigError, loadConfig } from '../../config.ts';
import { databaseTarget, openDatabase, queryRows, type Db } from '../client.ts';
import { migrateDatabase, withStartupLock } from '../migrate.ts';
import * as schema from '../schema.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemoData,
  seedDemoDataIfEmpty,
  seedLargeDataset,
  type SeedSummary,
} from './seed.ts';

const USAGE = `Usage: npm run db:seed [-- options]

  (no options)            load the demo data into an empty database
  --reset                 delete every row from every table first, then load the demo data
  --remove-demo-accounts  delete the demo sign-ins (README) and everything that is theirs;
                          production refuses to start while one has the published password
  --calls N --orgs M      add a benchmark dataset: N calls over M new organisations
                          ("Bench Org 001"…; the first holds about 10% of the calls);
                          with --reset, the database is emptied first and gets no demo data
  -h, --help              show this message

The database is DATABASE_URL if set, else the embedded one in DATA_DIR (default ./data).`;

class UsageError extends Error {}

interface Command {
  reset: boolean;
  removeDemoAccounts: boolean;
  large: { calls: number; organisations: number } | null;
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const parsed = /^\d[\d_]*$/.test(value) ? Number(value.replaceAll('_', '')) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new UsageError(
      `${flag} needs a whole number from ${min} to ${max.toLocaleString('en')}, got "${value}"`,
    );
  }
  return parsed;
}

function parseCommand(args: string[]): Command | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        reset: { type: 'boolean', default: false },
        'remove-demo-accounts': { type: 'boolean', default: false },
        calls: { type: 'string' },
        orgs: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) return 'help';
  if ((values.calls === undefined) !== (values.orgs === undefined)) {
    throw new UsageError('--calls and --orgs go together');
  }
  const large =
    values.calls !== undefined && values.orgs !== undefined
      ? {
          calls: wholeNumber('--calls', values.calls, 1, 100_000_000),
          organisations: wholeNumber('--orgs', values.orgs, 1, 9999),
        }
      : null;
  const removeDemoAccounts = values['remove-demo-accounts'];
  if (removeDemoAccounts && (values.reset || large)) {
    throw new UsageError('--remove-demo-accounts goes alone');
  }
  return { reset: values.reset, removeDemoAccounts, large };
}

/** Deletes the demo users; their profiles, sessions and credentials go with them (cascade). */
async function removeDemoAccounts(db: Db): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await queryRows<{ email: string }>(
    db,
    sql`delete from users where lower(email) in (${sql.join(
      emails.map((email) => sql`${email}`),
      sql`, `,
    )}) returning email`,
  );
  return rows.map((row) => row.email).sort();
}

async function resetDatabase(db: Db): Promise<void> {
  const tables = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
  process.stderr.write(`Emptied ${tables.length} tables.\n`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function describe(summary: SeedSummary): string {
  const count = (value: number) => value.toLocaleString('en');
  return (
    `${count(summary.organisations)} organisations, ${count(summary.users)} users, ${count(summary.agents)} agents, ` +
    `${count(summary.calls)} calls and ${count(summary.activities)} activities in ${seconds(summary.ms)}`
  );
}

function printDemoAccounts(password: string): void {
  const lines = DEMO_ACCOUNTS.map((account) => {
    const where = account.isSuperAdmin
      ? 'super-admin'
      : account.organisation
        ? `${account.organisation}, ${account.role}`
        : 'no organisation';
    return `  ${account.email.padEnd(26)} ${where}`;
  });
  process.stdout.write(`Demo accounts (password: ${password}):\n${lines.join('\n')}\n`);
}

function progressPrinter(): (done: number, total: number) => void {
  const started = performance.now();
  let nextPercent = 0;
  return (done, total) => {
    const percent = total === 0 ? 100 : (done / total) * 100;
    if (done > 0 && percent < nextPercent && done < total) return;
    nextPercent = Math.floor(percent / 5) * 5 + 5;
    const elapsed = performance.now() - started;
    const rate = elapsed > 0 ? Math.round((done / elapsed) * 1000) : 0;
    process.stderr.write(
      `  ${percent.toFixed(0).padStart(3)}%  ${done.toLocaleString('en').padStart(11)} / ${total.toLocaleString('en')} calls` +
        `  ${rate.toLocaleString('en')} calls/s  ${seconds(elapsed)}\n`,
    );
  };
}

async function run(args: string[]): Promise<number> {
  let command;
  try {
    command = parseCommand(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`db:seed: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  const config = loadConfig();
  const target = databaseTarget(config);
  process.stderr.write(
    `Database: ${target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`}\n`,
  );
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
    if (command.removeDemoAccounts) {
      const removed = await removeDemoAccounts(database.db);
      process.stdout.write(
        removed.length > 0
          ? `Removed ${removed.length} demo accounts: ${removed.join(', ')}.\n`
          : 'No demo accounts to remove.\n',
      );
      return 0;
    }
    if (command.reset) await resetDatabase(database.db);

    if (command.large) {
      const { calls, organisations } = command.large;
      process.stderr.write(
        `Loading ${calls.toLocaleString('en')} calls over ${organisations} organisations…\n`,
      );
      const summary = await seedLargeDataset(database.db, {
        calls,
        organisations,
        onProgress: progressPrinter(),
      });
      process.stdout.write(`Loaded ${describe(summary)}.\n`);
      return 0;
    }

    const password = config.DEMO_PASSWORD;
    // Under the start-up lock, as a starting server loads it: never twice at once.
    const summary = await withStartupLock(database, () =>
      command.reset
        ? seedDemoData(database.db, { password })
        : seedDemoDataIfEmpty(database.db, { password }),
    );
    if (!summary) {
      process.stderr.write(
        'The database already has data, so nothing was loaded. Run with --reset to empty it and load the demo data.\n',
      );
      return 1;
    }
    process.stdout.write(`Loaded the demo data: ${describe(summary)}.\n`);
    printDemoAccounts(password === DEMO_PASSWORD ? DEMO_PASSWORD : 'the DEMO_PASSWORD you set');
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(
      `db:seed failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}
