// Demo and benchmark data. The demo dataset is deterministic (same `now`, same rows): two
// organisations, their members and agents, a user with no organisation, a super-admin, an
// unmapped agent and a few thousand calls over the last 90 days. Runs as the owner connection
// (RLS does not apply), never inside withTenant.
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../client.ts';
import { THEMES, type Theme } from './call-content.ts';
import {
  CallGenerator,
  lineNumber,
  type ActivityRow,
  type AgentPlan,
  type CallRow,
  type MemberPlan,
  type OrganisationPlan,
} from './call-generator.ts';
import { DEMO_RECORDINGS, type DemoRecording } from './demo-recordings.ts';
import { SeededRandom } from './random.ts';
import {
  ACCOUNTS,
  ACTIVITIES,
  AGENTS,
  CALLS,
  ORGANISATIONS,
  PROFILES,
  USERS,
  type AccountRow,
  type AgentRow,
  type OrganisationRow,
  type ProfileRow,
  type RowSink,
  type UserRow,
  insertSink,
} from './row-sink.ts';
import { withBulkSession } from './bulk-session.ts';
import { DEMO_PASSWORD } from './demo-password.ts';

export interface SeedSummary {
  organisations: number;
  users: number;
  agents: number;
  calls: number;
  activities: number;
  ms: number;
}

export { DEMO_PASSWORD } from './demo-password.ts';

export type DemoOrganisationName = 'Northwind Clinics' | 'Globex Insurance';

export interface DemoAccount {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly organisation: DemoOrganisationName | null;
  readonly role: 'admin' | 'member';
  readonly isSuperAdmin: boolean;
}

/** Every demo sign-in; each uses DEMO_PASSWORD. The README lists them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'ava.admin@northwind.test',
    firstName: 'Ava',
    lastName: 'Whitfield',
    organisation: 'Northwind Clinics',
    role: 'admin',
    isSuperAdmin: false,
  },
  {
    email: 'mia@northwind.test',
    firstName: 'Mia',
    lastName: 'Okafor',
    organisation: 'Northwind Clinics',
    role: 'member',
    isSuperAdmin: false,
  },
  {
    email: 'leo@northwind.test',
    firstName: 'Leo',
    lastName: 'Marsh',
    organisation: 'Northwind Clinics',
    role: 'member',
    isSuperAdmin: false,
  },
  {
    email: 'gus.admin@globex.test',
    firstName: 'Gus',
    lastName: 'Pereira',
    organisation: 'Globex Insurance',
    role: 'admin',
    isSuperAdmin: false,
  },
  {
    email: 'gia@globex.test',
    firstName: 'Gia',
    lastName: 'Romano',
    organisation: 'Globex Insurance',
    role: 'member',
    isSuperAdmin: false,
  },
  {
    email: 'nora@nowhere.test',
    firstName: 'Nora',
    lastName: 'Quinn',
    organisation: null,
    role: 'member',
    isSuperAdmin: false,
  },
  {
    email: 'root@callboard.test',
    firstName: 'Rowan',
    lastName: 'Achebe',
    organisation: null,
    role: 'member',
    isSuperAdmin: true,
  },
];

interface DemoOrganisation {
  name: DemoOrganisationName;
  theme: Theme;
  agents: { agentId: string; displayName: string; persona: string }[];
}

const DEMO_ORGANISATIONS: readonly DemoOrganisation[] = [
  {
    name: 'Northwind Clinics',
    theme: THEMES.clinic,
    agents: [
      { agentId: 'nw-agent-1', displayName: 'Front desk (AI)', persona: 'Aria' },
      { agentId: 'nw-agent-2', displayName: 'Appointments line (AI)', persona: 'Nell' },
      { agentId: 'nw-agent-3', displayName: 'Prescriptions line', persona: 'Hannah' },
      { agentId: 'nw-agent-4', displayName: 'Billing line', persona: 'Marcus' },
    ],
  },
  {
    name: 'Globex Insurance',
    theme: THEMES.insurance,
    agents: [
      { agentId: 'gx-agent-1', displayName: 'Claims intake (AI)', persona: 'Max' },
      { agentId: 'gx-agent-2', displayName: 'Policy services', persona: 'Dana' },
      { agentId: 'gx-agent-3', displayName: 'After-hours line (AI)', persona: 'Iris' },
    ],
  },
];

// An agent that belongs to no organisation yet: a prospect's trial line, visible only to
// super-admins until someone maps it.
const STRAY_AGENT = {
  agentId: 'stray-agent-1',
  displayName: 'Trial line (unmapped)',
  persona: 'Sky',
};
const STRAY_ORGANISATION_NAME = 'Hollybank Dental';
const STRAY_CALLS = 40;

// Changing the seed changes every demo id and row.
const DEMO_SEED = 'callboard-demo-v1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// An advisory-lock key of our own, held while the demo data loads.
const SEED_LOCK = 727_274_001;

interface Directory {
  organisations: OrganisationRow[];
  users: UserRow[];
  accounts: AccountRow[];
  profiles: ProfileRow[];
  agents: AgentRow[];
}

function emptyDirectory(): Directory {
  return { organisations: [], users: [], accounts: [], profiles: [], agents: [] };
}

function addPerson(
  directory: Directory,
  ids: SeededRandom,
  person: {
    email: string;
    firstName: string;
    lastName: string;
    organisationId: string | null;
    role: 'admin' | 'member';
    isSuperAdmin: boolean;
    createdAt: number;
    passwordHash: string;
  },
): string {
  const id = ids.uuid();
  directory.users.push({
    id,
    name: `${person.firstName} ${person.lastName}`,
    email: person.email,
    created_at: person.createdAt,
  });
  directory.accounts.push({
    id: ids.uuid(),
    user_id: id,
    password: person.passwordHash,
    created_at: person.createdAt,
  });
  directory.profiles.push({
    id,
    organisation_id: person.organisationId,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    role: person.role,
    is_super_admin: person.isSuperAdmin,
    created_at: person.createdAt,
  });
  return id;
}

async function writeDirectory(sink: RowSink, directory: Directory): Promise<void> {
  await sink.write(ORGANISATIONS, directory.organisations);
  await sink.write(USERS, directory.users);
  await sink.write(ACCOUNTS, directory.accounts);
  await sink.write(PROFILES, directory.profiles);
  // Agents before calls: the call_log trigger takes each call's organisation from its mapping.
  await sink.write(AGENTS, directory.agents);
}

/**
 * Generates `count` calls for one organisation and writes them `chunk` at a time: the calls as
 * they are generated (so a COPY stream overlaps generation with the server's work), then the
 * chunk's activities, which refer to them. The first calls are the `recorded` ones.
 */
async function writeCalls(
  sink: RowSink,
  generator: CallGenerator,
  count: number,
  chunk: number,
  options: {
    recorded?: readonly DemoRecording[];
    onChunk?: (calls: number, activities: number) => void;
  } = {},
): Promise<{ calls: number; activities: number }> {
  let activityTotal = 0;
  const recorded = options.recorded ?? [];
  for (let done = 0; done < count;) {
    const size = Math.min(chunk, count - done);
    const activities: ActivityRow[] = [];
    await sink.write(CALLS, generateCalls(generator, size, activities, recorded.slice(done)));
    await sink.write(ACTIVITIES, activities);
    done += size;
    activityTotal += activities.length;
    options.onChunk?.(size, activities.length);
  }
  return { calls: count, activities: activityTotal };
}

function* generateCalls(
  generator: CallGenerator,
  count: number,
  activities: ActivityRow[],
  recorded: readonly DemoRecording[],
): Generator<CallRow> {
  for (let i = 0; i < count; i++) {
    const generated = generator.generate(recorded[i]);
    for (const activity of generated.activities) activities.push(activity);
    yield generated.call;
  }
}

function startOfHour(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR) * HOUR);
}

/**
 * Loads the demo dataset into an empty, migrated database, in one transaction. Throws if the
 * database already has organisations.
 */
export async function seedDemoData(
  db: Db,
  options: { callsPerOrganisation?: number; now?: Date; logger?: Logger; password?: string } = {},
): Promise<SeedSummary> {
  const summary = await seedDemo(db, options);
  if (!summary)
    throw new Error('seedDemoData needs an empty database, but it already has organisations');
  return summary;
}

/**
 * Seeds the demo dataset only into a database with no organisations; returns null otherwise.
 * Safe to call at every start, from any number of replicas at once.
 */
export async function seedDemoDataIfEmpty(
  db: Db,
  options: { logger?: Logger; password?: string } = {},
): Promise<SeedSummary | null> {
  if (await hasOrganisations(db)) return null;
  return seedDemo(db, options);
}

async function hasOrganisations(db: Pick<Db, 'execute'>): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from organisations) as found`,
  );
  return row?.found ?? false;
}

async function seedDemo(
  db: Db,
  options: { callsPerOrganisation?: number; now?: Date; logger?: Logger; password?: string },
): Promise<SeedSummary | null> {
  const started = performance.now();
  const now = (options.now ?? startOfHour(new Date())).getTime();
  const callsPerOrganisation = options.callsPerOrganisation ?? 3000;
  if (!Number.isInteger(callsPerOrganisation) || callsPerOrganisation < 0) {
    throw new Error(`callsPerOrganisation must be a whole number ≥ 0, got ${callsPerOrganisation}`);
  }
  // One hash for every demo user: scrypt is deliberately slow.
  const passwordHash = await hashPassword(options.password ?? DEMO_PASSWORD);

  const ids = new SeededRandom(`${DEMO_SEED}/ids`);
  const directory = emptyDirectory();
  const plans: OrganisationPlan[] = [];
  for (const [index, organisation] of DEMO_ORGANISATIONS.entries()) {
    const id = ids.uuid();
    directory.organisations.push({
      id,
      name: organisation.name,
      created_at: now - (400 - index * 30) * DAY,
    });
    plans.push({
      id,
      name: organisation.name,
      theme: organisation.theme,
      agents: organisation.agents.map((agent, agentIndex) => ({
        ...agent,
        lineNumber: lineNumber(organisation.theme.homeCountry, index * 10 + agentIndex + 1),
      })),
      members: [],
    });
    for (const agent of organisation.agents) {
      directory.agents.push({
        agent_id: agent.agentId,
        organisation_id: id,
        display_name: agent.displayName,
        created_at: now - (390 - index * 30) * DAY,
      });
    }
  }
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const plan = plans.find((candidate) => candidate.name === account.organisation);
    const id = addPerson(directory, ids, {
      ...account,
      organisationId: plan?.id ?? null,
      createdAt: now - (380 - index * 20) * DAY,
      passwordHash,
    });
    plan?.members.push({ id, role: account.role });
  }
  directory.agents.push({
    agent_id: STRAY_AGENT.agentId,
    organisation_id: null,
    display_name: STRAY_AGENT.displayName,
    created_at: now - 120 * DAY,
  });
  const stray: OrganisationPlan = {
    id: null,
    name: STRAY_ORGANISATION_NAME,
    theme: THEMES.clinic,
    agents: [{ ...STRAY_AGENT, lineNumber: lineNumber('GB', 90) }],
    members: [],
  };

  let calls = 0;
  let activities = 0;
  const seeded = await db.transaction(async (tx) => {
    // Replicas starting together on an empty database: one seeds, the others find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasOrganisations(tx)) return false;
    const sink = insertSink(tx);
    await writeDirectory(sink, directory);
    const loads = [
      ...plans.map((plan) => ({ plan, count: callsPerOrganisation })),
      { plan: stray, count: STRAY_CALLS },
    ];
    for (const { plan, count } of loads) {
      const random = new SeededRandom(`${DEMO_SEED}/calls/${plan.name}`);
      const generator = new CallGenerator(random, plan, now, {
        callerPool: Math.ceil(count / 3),
        placeholderRecordings: false,
      });
      const recorded = DEMO_RECORDINGS.filter((recording) => recording.organisation === plan.name);
      const written = await writeCalls(sink, generator, count, 1000, {
        recorded: recorded.slice(0, count),
      });
      calls += written.calls;
      activities += written.activities;
    }
    return true;
  });
  if (!seeded) return null;
  const summary: SeedSummary = {
    organisations: directory.organisations.length,
    users: directory.users.length,
    agents: directory.agents.length,
    calls,
    activities,
    ms: Math.round(performance.now() - started),
  };
  options.logger?.debug(summary, 'seeded the demo data');
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Benchmark data
// ---------------------------------------------------------------------------------------------

const BENCH_PERSONAS = ['Aria', 'Max', 'Nova', 'Sam', 'Juno', 'Remy', 'Tess', 'Kai'];
const BENCH_AGENT_NAMES = {
  clinic: [
    'Front desk (AI)',
    'Appointments line (AI)',
    'Prescriptions line',
    'Billing line',
    'Out-of-hours line (AI)',
  ],
  insurance: [
    'Claims intake (AI)',
    'Policy services',
    'Billing line',
    'Sales line',
    'After-hours line (AI)',
  ],
} as const;
const BENCH_AGENTS_PER_ORGANISATION = 5;
const BENCH_MEMBERS_PER_ORGANISATION = 3;
const BENCH_FIRST_ORGANISATION_SHARE = 0.1;
const BENCH_CHUNK = 20_000;

/** How many calls each organisation gets: the first about a tenth, the rest evenly. */
export function benchDistribution(calls: number, organisations: number): number[] {
  if (organisations === 1) return [calls];
  const first = Math.round(calls * BENCH_FIRST_ORGANISATION_SHARE);
  const rest = calls - first;
  const each = Math.floor(rest / (organisations - 1));
  const extra = rest - each * (organisations - 1);
  return [
    first,
    ...Array.from({ length: organisations - 1 }, (_, i) => each + (i < extra ? 1 : 0)),
  ];
}

/**
 * Loads `calls` calls over `organisations` new organisations ("Bench Org 001"…), each with five
 * agents, an admin (admin@bench-001.test) and three members (member1@bench-001.test…), password
 * DEMO_PASSWORD. The first organisation holds about 10% of the calls. On PostgreSQL it streams
 * with COPY in one transaction; on PGlite it uses batched inserts.
 */
export async function seedLargeDataset(
  db: Db,
  options: {
    calls: number;
    organisations: number;
    logger?: Logger;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<SeedSummary> {
  const { calls: total, organisations: count } = options;
  if (!Number.isInteger(total) || total < 0)
    throw new Error(`calls must be a whole number ≥ 0, got ${total}`);
  if (!Number.isInteger(count) || count < 1 || count > 9999) {
    throw new Error(`organisations must be a whole number from 1 to 9999, got ${count}`);
  }
  const started = performance.now();
  const now = startOfHour(new Date()).getTime();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const width = Math.max(3, String(count).length);
  const ids = new SeededRandom(`callboard-bench/ids/${count}`);
  const names = new SeededRandom(`callboard-bench/names/${count}`);
  const directory = emptyDirectory();
  const plans: OrganisationPlan[] = [];
  for (let index = 0; index < count; index++) {
    const number = String(index + 1).padStart(width, '0');
    const theme = index % 2 === 0 ? THEMES.clinic : THEMES.insurance;
    const id = ids.uuid();
    const name = `Bench Org ${number}`;
    directory.organisations.push({ id, name, created_at: now - 365 * DAY });
    const agents: AgentPlan[] = Array.from(
      { length: BENCH_AGENTS_PER_ORGANISATION },
      (_, agentIndex) => ({
        agentId: `bench-${number}-agent-${agentIndex + 1}`,
        displayName:
          BENCH_AGENT_NAMES[theme.key][agentIndex % BENCH_AGENT_NAMES[theme.key].length] ?? 'Agent',
        persona: names.pick(BENCH_PERSONAS),
        lineNumber: lineNumber(theme.homeCountry, agentIndex + 1),
      }),
    );
    for (const agent of agents) {
      directory.agents.push({
        agent_id: agent.agentId,
        organisation_id: id,
        display_name: agent.displayName,
        created_at: now - 360 * DAY,
      });
    }
    const members: MemberPlan[] = [];
    for (let member = 0; member <= BENCH_MEMBERS_PER_ORGANISATION; member++) {
      const role = member === 0 ? 'admin' : 'member';
      const memberId = addPerson(directory, ids, {
        email: member === 0 ? `admin@bench-${number}.test` : `member${member}@bench-${number}.test`,
        firstName: names.pick(theme.firstNames),
        lastName: names.pick(theme.lastNames),
        organisationId: id,
        role,
        isSuperAdmin: false,
        createdAt: now - 360 * DAY,
        passwordHash,
      });
      members.push({ id: memberId, role });
    }
    plans.push({ id, name, theme, agents, members });
  }

  const [existing] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from organisations where name = ${directory.organisations[0]?.name ?? ''}) as found`,
  );
  if (existing?.found) {
    throw new Error(
      'benchmark organisations already exist in this database; reset it first (--reset)',
    );
  }

  const distribution = benchDistribution(total, count);
  let done = 0;
  let activities = 0;
  options.onProgress?.(0, total);
  await withBulkSession(db, async ({ sink, skipRowChecks, execute, deferIndexes }) => {
    await writeDirectory(sink, directory);
    const skipped = await skipRowChecks();
    options.logger?.debug({ skipped }, 'row checks during the bulk load');
    // Analytics' timeline is cheaper rebuilt once than kept batch by batch (below); the table
    // locks this takes last only as long as the load's own transaction.
    if (!skipped) {
      await execute(sql`alter table call_log disable trigger call_timeline_after_call_insert`);
      await execute(
        sql`alter table call_activity disable trigger call_timeline_after_activity_insert`,
      );
    }
    // The two tables' indexes, but for their keys, are built once from the loaded rows at the
    // end of this transaction (deferIndexes says why).
    const restoreIndexes = await deferIndexes(['call_log', 'call_activity']);
    for (const [index, plan] of plans.entries()) {
      const calls = distribution[index] ?? 0;
      const generator = new CallGenerator(
        new SeededRandom(`callboard-bench/calls/${plan.name}`),
        plan,
        now,
        {
          callerPool: Math.min(5000, Math.ceil(calls / 3)),
          brief: true,
        },
      );
      const written = await writeCalls(sink, generator, calls, BENCH_CHUNK, {
        onChunk: (chunkCalls) => {
          done += chunkCalls;
          options.onProgress?.(done, total);
        },
      });
      activities += written.activities;
    }
    await restoreIndexes();
    if (!skipped) {
      await execute(sql`alter table call_log enable trigger call_timeline_after_call_insert`);
      await execute(
        sql`alter table call_activity enable trigger call_timeline_after_activity_insert`,
      );
    }
  });
  // The call_counts triggers did not fire while row checks were skipped (and are cheaper as one
  // recount than as a trigger per COPY batch anyway); nor did analytics' timeline triggers
  // (docs/analytics.md, "Rebuild"). Right after the load the tables have no statistics, so the
  // rebuild's statements are costed high enough for PostgreSQL to compile them to machine code,
  // about a second per batch of 100,000 calls that the statements do not win back: jit is off.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`select call_counts_rebuild()`);
    await tx.execute(sql`select call_timeline_rebuild()`);
  });
  const summary: SeedSummary = {
    organisations: count,
    users: directory.users.length,
    agents: directory.agents.length,
    calls: total,
    activities,
    ms: Math.round(performance.now() - started),
  };
  options.logger?.debug(summary, 'seeded a large dataset');
  return summary;
}
