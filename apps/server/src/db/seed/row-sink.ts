// The tables a seed writes, as column lists with a row-to-values mapping, and the batched
// `INSERT … SELECT FROM unnest(…)` writer that works through any Drizzle handle (PGlite and
// PostgreSQL, inside a transaction). copy-sink.ts is the faster writer for PostgreSQL.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { ActivityRow, CallRow } from './call-generator.ts';

export type Cell = string | number | boolean | null;
type ColumnType = 'text' | 'uuid' | 'timestamptz' | 'bool' | 'int4' | 'jsonb';

export interface TableSpec<Row> {
  name: string;
  columns: readonly (readonly [name: string, type: ColumnType])[];
  cells: (row: Row) => Cell[];
}

export interface RowSink {
  /** Writes the rows in order; a generator is consumed as it is written. */
  write<Row>(table: TableSpec<Row>, rows: Iterable<Row>): Promise<void>;
}

const DAY = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
let cachedDay = Number.NaN;
let cachedDate = '';

/**
 * An ISO 8601 UTC timestamp, as Date#toISOString gives, but several times faster for the
 * millions of whole-second timestamps a large seed writes (the date part is cached).
 */
function iso(ms: number): string {
  const day = Math.floor(ms / DAY);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDate = new Date(day * DAY).toISOString().slice(0, 11);
  }
  const rest = ms - day * DAY;
  if (rest % 1000 !== 0) return new Date(ms).toISOString();
  const seconds = rest / 1000;
  return `${cachedDate}${TWO_DIGITS[Math.floor(seconds / 3600)] ?? '00'}:${TWO_DIGITS[Math.floor(seconds / 60) % 60] ?? '00'}:${TWO_DIGITS[seconds % 60] ?? '00'}Z`;
}

export interface OrganisationRow {
  id: string;
  name: string;
  created_at: number;
}
export interface UserRow {
  id: string;
  name: string;
  email: string;
  created_at: number;
}
export interface AccountRow {
  id: string;
  user_id: string;
  password: string;
  created_at: number;
}
export interface ProfileRow {
  id: string;
  organisation_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  role: 'admin' | 'member';
  is_super_admin: boolean;
  created_at: number;
}
export interface AgentRow {
  agent_id: string;
  organisation_id: string | null;
  display_name: string;
  created_at: number;
}

export const ORGANISATIONS: TableSpec<OrganisationRow> = {
  name: 'organisations',
  columns: [
    ['id', 'uuid'],
    ['name', 'text'],
    ['created_at', 'timestamptz'],
  ],
  cells: (row) => [row.id, row.name, iso(row.created_at)],
};

export const USERS: TableSpec<UserRow> = {
  name: 'users',
  columns: [
    ['id', 'uuid'],
    ['name', 'text'],
    ['email', 'text'],
    ['email_verified', 'bool'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ],
  cells: (row) => [row.id, row.name, row.email, true, iso(row.created_at), iso(row.created_at)],
};

/** better-auth's email-and-password account: provider 'credential', account id = user id. */
export const ACCOUNTS: TableSpec<AccountRow> = {
  name: 'accounts',
  columns: [
    ['id', 'uuid'],
    ['account_id', 'text'],
    ['provider_id', 'text'],
    ['user_id', 'uuid'],
    ['password', 'text'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ],
  cells: (row) => [
    row.id,
    row.user_id,
    'credential',
    row.user_id,
    row.password,
    iso(row.created_at),
    iso(row.created_at),
  ],
};

export const PROFILES: TableSpec<ProfileRow> = {
  name: 'profiles',
  columns: [
    ['id', 'uuid'],
    ['organisation_id', 'uuid'],
    ['first_name', 'text'],
    ['last_name', 'text'],
    ['email', 'text'],
    ['role', 'text'],
    ['is_super_admin', 'bool'],
    ['created_at', 'timestamptz'],
  ],
  cells: (row) => [
    row.id,
    row.organisation_id,
    row.first_name,
    row.last_name,
    row.email,
    row.role,
    row.is_super_admin,
    iso(row.created_at),
  ],
};

export const AGENTS: TableSpec<AgentRow> = {
  name: 'agent_mapping',
  columns: [
    ['agent_id', 'text'],
    ['organisation_id', 'uuid'],
    ['display_name', 'text'],
    ['created_at', 'timestamptz'],
  ],
  cells: (row) => [row.agent_id, row.organisation_id, row.display_name, iso(row.created_at)],
};

export const CALLS: TableSpec<CallRow> = {
  name: 'call_log',
  columns: [
    ['call_id', 'text'],
    ['agent_id', 'text'],
    ['status', 'text'],
    ['deleted_flag', 'bool'],
    ['end_datetime', 'timestamptz'],
    ['assignee_id', 'uuid'],
    ['start_datetime', 'timestamptz'],
    ['duration_seconds', 'int4'],
    ['direction', 'text'],
    ['from_number', 'text'],
    ['to_number', 'text'],
    ['caller_name', 'text'],
    ['summary', 'text'],
    ['transcript', 'jsonb'],
    ['recording_url', 'text'],
    ['sentiment', 'text'],
    ['disconnection_reason', 'text'],
    ['organisation_id', 'uuid'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ],
  cells: (row) => [
    row.call_id,
    row.agent_id,
    row.status,
    row.deleted_flag,
    iso(row.end_datetime),
    row.assignee_id,
    iso(row.start_datetime),
    row.duration_seconds,
    row.direction,
    row.from_number,
    row.to_number,
    row.caller_name,
    row.summary,
    row.transcript,
    row.recording_url,
    row.sentiment,
    row.disconnection_reason,
    row.organisation_id,
    iso(row.created_at),
    iso(row.updated_at),
  ],
};

export const ACTIVITIES: TableSpec<ActivityRow> = {
  name: 'call_activity',
  columns: [
    ['id', 'uuid'],
    ['call_id', 'text'],
    ['organisation_id', 'uuid'],
    ['type', 'text'],
    ['actor_id', 'uuid'],
    ['previous_assignee_id', 'uuid'],
    ['new_assignee_id', 'uuid'],
    ['previous_status', 'text'],
    ['new_status', 'text'],
    ['body', 'text'],
    ['created_at', 'timestamptz'],
  ],
  cells: (row) => [
    row.id,
    row.call_id,
    row.organisation_id,
    row.type,
    row.actor_id,
    row.previous_assignee_id,
    row.new_assignee_id,
    row.previous_status,
    row.new_status,
    row.body,
    iso(row.created_at),
  ],
};

function unnestInsert<Row>(table: TableSpec<Row>, rows: readonly Row[]): SQL {
  const columns = table.columns.map(() => [] as Cell[]);
  for (const row of rows) {
    const cells = table.cells(row);
    for (let i = 0; i < columns.length; i++) columns[i]?.push(cells[i] ?? null);
  }
  const names = table.columns.map(([name]) => `"${name}"`).join(', ');
  const aliases = table.columns.map((_, i) => `c${i}`);
  const selected = table.columns
    .map(([, type], i) => (type === 'jsonb' ? `c${i}::jsonb` : `c${i}`))
    .join(', ');
  const arrays = sql.join(
    table.columns.map(
      ([, type], i) =>
        sql`${sql.param(columns[i])}::${sql.raw(type === 'jsonb' ? 'text' : type)}[]`,
    ),
    sql`, `,
  );
  return sql`INSERT INTO ${sql.raw(`"${table.name}" (${names})`)} SELECT ${sql.raw(selected)} FROM unnest(${arrays}) AS t(${sql.raw(aliases.join(', '))})`;
}

/** Batched multi-row inserts through any Drizzle handle (a transaction included). */
export function insertSink(db: Pick<Db, 'execute'>, batchSize = 1000): RowSink {
  return {
    async write(table, rows) {
      let batch = [];
      for (const row of rows) {
        batch.push(row);
        if (batch.length === batchSize) {
          await db.execute(unnestInsert(table, batch));
          batch = [];
        }
      }
      if (batch.length > 0) await db.execute(unnestInsert(table, batch));
    },
  };
}
