// The database schema, as Drizzle sees it. Migrations are generated from this file
// (`npm run db:generate --workspace @callboard/server`); row-level security, policies, grants,
// functions and triggers are defined in db/sql/ and reach migrations through
// `npm run db:sql-migration` (docs/decisions/0011-current-sql-definitions.md). Column names are
// the API's names.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (call_log.search_vector). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What the call list's search reads (docs/search.md): the caller's name, the call id, both
 * numbers in the forms people type them (functions/call_log_phone_tokens.sql), the summary and
 * every transcript turn's text, with the 'simple' configuration (no stemming, any language).
 * Kept by PostgreSQL itself, so every path that writes a call (API, ingestion, import, seed) is
 * searchable. Notes are searched through their own index on call_activity.
 */
const CALL_SEARCH_DOCUMENT = sql`to_tsvector('simple'::regconfig,
    coalesce(caller_name, '') || ' ' || call_id || ' '
    || call_log_phone_tokens(from_number) || ' ' || call_log_phone_tokens(to_number) || ' '
    || coalesce(summary, ''))
  || jsonb_to_tsvector('simple'::regconfig,
    coalesce(jsonb_path_query_array(transcript, '$[*].text'), '[]'::jsonb), '["string"]'::jsonb)`;

/** The list's status order for sorting: the work's order, not the alphabet's. */
export const CALL_STATUS_RANK = sql`(CASE status WHEN 'New' THEN 0 WHEN 'In progress' THEN 1 ELSE 2 END)`;

const id = () =>
  uuid('id')
    .default(sql`gen_random_uuid()`)
    .primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();

// ---------------------------------------------------------------------------------------------
// Identity: owned by better-auth (field names are its own). Not tenant data; the application
// role cannot read these tables.
// ---------------------------------------------------------------------------------------------

export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').default(false).notNull(),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Whether sign-in asks for a second factor (better-auth's two-factor plugin keeps it). */
  twoFactorEnabled: boolean('two_factor_enabled').default(false).notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * When the user last confirmed it was them in this session (password or code), after signing
     * in; sensitive actions need this or the sign-in within REAUTHENTICATION_WINDOW_SECONDS
     * (docs/security.md, "Re-authentication"). better-auth does not know this column.
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const jwks = pgTable('jwks', {
  id: id(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
});

/**
 * A user's authenticator-app secret and backup codes, both encrypted with AUTH_SECRET
 * (better-auth's two-factor plugin; docs/security.md, "Two-factor sign-in"). `verified` is false
 * between enrolment and the first code; `last_totp_step` is the time step of the last code
 * accepted, so that no code works twice.
 */
export const twoFactors = pgTable('two_factors', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
});

/** Fixed-window counters for rate limits (better-auth's per-address rules and our per-account rule). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

// Outgoing mail, written in the transaction that causes it and delivered after it commits
// (lib/mail-queue.ts): a rolled-back transaction sends nothing, and a slow or failing mail server
// holds no transaction open and is retried. callboard_app may only add rows; the text holds live
// reset and invitation links until it is sent, and is then cleared.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body_text: text('body_text').notNull(),
    body_html: text('body_html'),
    created_at: createdAt(),
    attempts: integer('attempts').default(0).notNull(),
    /** When the next attempt may start; a claimed row is pushed ahead by the claim's lease. */
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** Set when the last attempt failed and no more will be made. */
    failed_at: timestamp('failed_at', { withTimezone: true }),
    last_error: text('last_error'),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.sent_at} is null and ${table.failed_at} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Tenant data. Every table here has row-level security keyed on the caller's live session
// (app_organisation_id() and friends; see migrations/0010_least_privilege.sql).
// ---------------------------------------------------------------------------------------------

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text('name').notNull(),
    /**
     * ISO 3166 country whose local phone forms the organisation's people type ("07700 499194"
     * for GB): the call search reads a number in that form as the international one.
     */
    phone_country: text('phone_country').notNull().default('GB'),
    /** Members without two-factor sign-in must set it up before anything else (the admin area). */
    require_two_factor: boolean('require_two_factor').notNull().default(false),
    /**
     * Members whose address is in one of the organisation's single sign-on domains sign in through
     * its identity provider only (docs/security.md, "Single sign-on").
     */
    require_sso: boolean('require_sso').notNull().default(false),
    created_at: createdAt(),
  },
  (table) => [
    check('organisations_phone_country_check', sql`${table.phone_country} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * An organisation's OpenID Connect identity provider (better-auth's SSO plugin; docs/security.md,
 * "Single sign-on"): one per organisation. `oidc_config` holds the discovered endpoints, the
 * client id and the client secret, and is never sent to a browser; `domain` is the plugin's
 * copy of the domains (sso_domains decides which organisation a domain belongs to).
 */
export const ssoProviders = pgTable('sso_providers', {
  id: id(),
  providerId: text('provider_id').notNull().unique(),
  issuer: text('issuer').notNull(),
  domain: text('domain').notNull(),
  oidcConfig: text('oidc_config'),
  samlConfig: text('saml_config'),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .unique()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The email domains that sign in through an organisation's identity provider. The domain is the
 * key: one domain belongs to one organisation, first come first served.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [
    index('sso_domains_organisation_id_idx').on(table.organisation_id),
    check('sso_domains_domain_check', sql`${table.domain} = lower(${table.domain})`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisation_id: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    is_super_admin: boolean('is_super_admin').notNull().default(false),
    /** Email me when a call is assigned to me or I am mentioned (the profile page; off by default). */
    notify_by_email: boolean('notify_by_email').notNull().default(false),
    /** The call list's columns this person shows, in order; null: the default set. */
    call_list_columns: text('call_list_columns').array(),
    created_at: createdAt(),
  },
  (table) => [
    index('profiles_organisation_id_idx').on(table.organisation_id),
    uniqueIndex('profiles_email_key').on(sql`lower(${table.email})`),
    check('profiles_role_check', sql`${table.role} in ('admin', 'member')`),
  ],
);

export const agentMapping = pgTable(
  'agent_mapping',
  {
    agent_id: text('agent_id').primaryKey(),
    // Null: the agent is known but belongs to no organisation; its calls are visible to nobody
    // but super-admins.
    organisation_id: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    display_name: text('display_name'),
    created_at: createdAt(),
  },
  (table) => [index('agent_mapping_organisation_id_idx').on(table.organisation_id)],
);

export const CALL_STATUSES = ['New', 'In progress', 'Closed'] as const;

export const callLog = pgTable(
  'call_log',
  {
    call_id: text('call_id').primaryKey(),
    agent_id: text('agent_id').notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull().default('New'),
    // Null or false: not deleted (the product's rule, kept for data ingested from older systems).
    deleted_flag: boolean('deleted_flag'),
    end_datetime: timestamp('end_datetime', { withTimezone: true }).notNull(),
    assignee_id: uuid('assignee_id').references(() => profiles.id, { onDelete: 'set null' }),
    start_datetime: timestamp('start_datetime', { withTimezone: true }),
    duration_seconds: integer('duration_seconds'),
    direction: text('direction', { enum: ['inbound', 'outbound'] }),
    from_number: text('from_number'),
    to_number: text('to_number'),
    caller_name: text('caller_name'),
    summary: text('summary'),
    transcript:
      jsonb('transcript').$type<{ speaker: string; text: string; at_seconds: number }[]>(),
    recording_url: text('recording_url'),
    sentiment: text('sentiment', { enum: ['positive', 'neutral', 'negative'] }),
    disconnection_reason: text('disconnection_reason'),
    // Ingested calls only (docs/ingestion.md): the sender's id for the call, unique within the
    // organisation, which makes sending a call again an update; and the sender's own fields.
    external_id: text('external_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    // Raised by one on every change a reader can see (functions/call_log_bump_version.sql): the
    // version a write carries to be refused, not applied, when someone changed the call since
    // the writer read it (docs/live-updates.md).
    version: integer('version').notNull().default(1),
    search_vector: tsvector('search_vector').generatedAlwaysAs(CALL_SEARCH_DOCUMENT),
    // Denormalised from agent_mapping by a trigger (migrations/0001): the tenant key for RLS
    // and for the list index. Null while the agent is unmapped.
    organisation_id: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    // The list's index, call_log_list_idx (organisation_id, end_datetime DESC, call_id DESC)
    // INCLUDE (status, deleted_flag, assignee_id, agent_id, duration_seconds, sentiment,
    // disconnection_reason), is created by hand (migrations 0003, 0004): drizzle-kit cannot
    // express INCLUDE. It serves page 1 in index order, and the tab counts and analytics as
    // index-only scans. call_activity has two partial covering indexes of the same kind (0004).
    // Deleted calls have their own partial index in the same order, call_log_deleted_idx (0009).
    index('call_log_agent_id_idx').on(table.agent_id),
    // The ingestion API's upsert key. Calls from the seed and older systems have none (NULLs
    // never collide).
    uniqueIndex('call_log_external_id_key').on(table.organisation_id, table.external_id),
    index('call_log_assignee_id_idx').on(table.assignee_id),
    // The list's search (docs/search.md): every organisation's documents in one index; a search
    // that matches many calls is answered from call_log_list_idx in the list's order instead.
    index('call_log_search_idx').using('gin', table.search_vector).with({ fastupdate: false }),
    // The list's sort orders (docs/search.md, "Sorting"): each column's index gives the first
    // page in order, ties newest first. Deleted calls are the admin's rare view, left out.
    index('call_log_sort_duration_idx')
      .on(
        table.organisation_id,
        table.duration_seconds.desc().nullsLast(),
        table.end_datetime.desc().nullsFirst(),
        table.call_id.desc().nullsFirst(),
      )
      .where(sql`${table.deleted_flag} is not true`),
    index('call_log_sort_caller_idx')
      .on(
        table.organisation_id,
        sql`lower(${table.caller_name}) asc nulls last`,
        table.end_datetime.desc().nullsFirst(),
        table.call_id.desc().nullsFirst(),
      )
      .where(sql`${table.deleted_flag} is not true`),
    index('call_log_sort_status_idx')
      .on(
        table.organisation_id,
        CALL_STATUS_RANK,
        table.end_datetime.desc().nullsFirst(),
        table.call_id.desc().nullsFirst(),
      )
      .where(sql`${table.deleted_flag} is not true`),
    // Sorting by agent or assignee name walks the few agents or members in name order and
    // each one's calls newest first; these also serve the agent and assignee filters.
    index('call_log_agent_list_idx')
      .on(
        table.organisation_id,
        table.agent_id,
        table.end_datetime.desc().nullsFirst(),
        table.call_id.desc().nullsFirst(),
      )
      .where(sql`${table.deleted_flag} is not true`),
    // A status tab or status filter in the default order: the list index cannot tell a closed
    // call from an open one without its row, so the Closed tab stepped over every open call
    // newer than its page (docs/search.md, "Sorting").
    index('call_log_status_list_idx')
      .on(
        table.organisation_id,
        table.status,
        table.end_datetime.desc().nullsFirst(),
        table.call_id.desc().nullsFirst(),
      )
      .where(sql`${table.deleted_flag} is not true`),
    index('call_log_assignee_list_idx')
      .on(
        table.organisation_id,
        table.assignee_id,
        table.end_datetime.desc().nullsFirst(),
        table.call_id.desc().nullsFirst(),
      )
      .where(sql`${table.deleted_flag} is not true`),
    check('call_log_status_check', sql`${table.status} in ('New', 'In progress', 'Closed')`),
    check(
      'call_log_direction_check',
      sql`${table.direction} is null or ${table.direction} in ('inbound', 'outbound')`,
    ),
    check(
      'call_log_sentiment_check',
      sql`${table.sentiment} is null or ${table.sentiment} in ('positive', 'neutral', 'negative')`,
    ),
  ],
);

/**
 * How many calls each organisation has per status and deleted state, kept exact by statement
 * triggers on call_log (migration 0006), so the list's totals and tab counts need no count(*)
 * over the organisation's calls when no other filter applies.
 */
export const callCounts = pgTable(
  'call_counts',
  {
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    deleted: boolean('deleted').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisation_id, table.status, table.deleted] })],
);

/**
 * Analytics' source (docs/analytics.md): for each call that is counted (in an organisation, not
 * deleted), one row for its arrival (`arrival`: the call ended at `at`) and one for each instant
 * its status or assignee changed. Derived from call_log and call_activity by
 * functions/call_timeline_refresh.sql whenever either changes; never written otherwise.
 * `open_delta` / `unassigned_delta`: what the row's instant did to the open backlog and to the
 * unassigned open calls. A close (a change to Closed at `at`) carries `close_seconds` (from the
 * call's end), `previous_close_at` (the call's close before it, if any) and `close_bucket` (its
 * bucket in the close histogram, functions/call_close_bucket.sql).
 */
export const callTimeline = pgTable(
  'call_timeline',
  {
    call_id: text('call_id').notNull(),
    arrival: boolean('arrival').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    organisation_id: uuid('organisation_id').notNull(),
    agent_id: text('agent_id').notNull(),
    // Arrival rows: the call's current values.
    status: text('status'),
    assignee_id: uuid('assignee_id'),
    sentiment: text('sentiment'),
    duration_seconds: integer('duration_seconds'),
    disconnection_reason: text('disconnection_reason'),
    open_delta: integer('open_delta').notNull(),
    unassigned_delta: integer('unassigned_delta').notNull(),
    close_seconds: doublePrecision('close_seconds'),
    previous_close_at: timestamp('previous_close_at', { withTimezone: true }),
    // A plain column rather than an index on the expression: under row-level security only
    // leakproof conditions bound an index scan, and the function is not (docs/analytics.md).
    close_bucket: integer('close_bucket').generatedAlwaysAs(sql`call_close_bucket(close_seconds)`),
  },
  // Its indexes but the key are written by hand in migrations, for INCLUDE and WHERE: the one on
  // (organisation_id, at) carries every column a period's edges read, so that they are read from
  // the index alone (migrations/0042_analytics_covering_timeline_index.sql: call_timeline_edges_idx).
  (table) => [primaryKey({ columns: [table.call_id, table.arrival, table.at] })],
);

/** An hourly rollup's calls received by current status in each quarter of the hour. */
const receivedByQuarter = () => ({
  new_0: integer('new_0').notNull(),
  new_1: integer('new_1').notNull(),
  new_2: integer('new_2').notNull(),
  new_3: integer('new_3').notNull(),
  in_progress_0: integer('in_progress_0').notNull(),
  in_progress_1: integer('in_progress_1').notNull(),
  in_progress_2: integer('in_progress_2').notNull(),
  in_progress_3: integer('in_progress_3').notNull(),
  closed_0: integer('closed_0').notNull(),
  closed_1: integer('closed_1').notNull(),
  closed_2: integer('closed_2').notNull(),
  closed_3: integer('closed_3').notNull(),
});

/**
 * call_timeline summed per organisation, agent and UTC hour (functions/call_timeline_rollup.sql):
 * calls received by current status in each quarter of the hour (so that time zones with
 * half- and quarter-hour offsets can be assembled), durations, sentiments, and the backlog's
 * changes.
 */
export const callHourly = pgTable(
  'call_hourly',
  {
    organisation_id: uuid('organisation_id').notNull(),
    agent_id: text('agent_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...receivedByQuarter(),
    duration_total: bigint('duration_total', { mode: 'number' }).notNull(),
    with_duration: integer('with_duration').notNull(),
    positive: integer('positive').notNull(),
    neutral: integer('neutral').notNull(),
    negative: integer('negative').notNull(),
    open_delta: integer('open_delta').notNull(),
    unassigned_delta: integer('unassigned_delta').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisation_id, table.hour, table.agent_id] })],
);

/**
 * call_hourly's calls received summed over the organisation's agents, per UTC hour (the same
 * triggers keep both): the calls per local day and hour of the week read an hour's one row here,
 * not a row per agent, when no agent is chosen (docs/analytics.md).
 */
export const callHourlyTotals = pgTable(
  'call_hourly_totals',
  {
    organisation_id: uuid('organisation_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...receivedByQuarter(),
  },
  (table) => [primaryKey({ columns: [table.organisation_id, table.hour] })],
);

/**
 * call_hourly's sums per UTC day, for the figures that need no local time: a long period reads
 * its whole days here and hourly rows for the hours at its ends only.
 */
export const callDaily = pgTable(
  'call_daily',
  {
    organisation_id: uuid('organisation_id').notNull(),
    agent_id: text('agent_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull(),
    duration_total: bigint('duration_total', { mode: 'number' }).notNull(),
    with_duration: integer('with_duration').notNull(),
    positive: integer('positive').notNull(),
    neutral: integer('neutral').notNull(),
    negative: integer('negative').notNull(),
    open_delta: integer('open_delta').notNull(),
    unassigned_delta: integer('unassigned_delta').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisation_id, table.day, table.agent_id] })],
);

/** Calls received per organisation, agent, UTC hour and disconnection reason (null: none). */
export const callHourlyReasons = pgTable(
  'call_hourly_reasons',
  {
    organisation_id: uuid('organisation_id').notNull(),
    agent_id: text('agent_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    reason: text('reason'),
    calls: integer('calls').notNull(),
  },
  (table) => [
    unique('call_hourly_reasons_key')
      .on(table.organisation_id, table.hour, table.agent_id, table.reason)
      .nullsNotDistinct(),
  ],
);

/**
 * call_hourly_reasons summed per UTC day: a long period reads its whole days here and hourly rows
 * for the hours at its ends only, so its cost does not grow with the calls per hour.
 */
export const callDailyReasons = pgTable(
  'call_daily_reasons',
  {
    organisation_id: uuid('organisation_id').notNull(),
    agent_id: text('agent_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    reason: text('reason'),
    calls: integer('calls').notNull(),
  },
  (table) => [
    unique('call_daily_reasons_key')
      .on(table.organisation_id, table.day, table.agent_id, table.reason)
      .nullsNotDistinct(),
  ],
);

/**
 * The closes in call_timeline per organisation, agent (null: all the organisation's agents), UTC
 * day of the close and bucket of time to close (functions/call_close_bucket.sql): the histogram
 * from which the exact median time to close is found (docs/analytics.md).
 */
export const callDailyCloses = pgTable(
  'call_daily_closes',
  {
    organisation_id: uuid('organisation_id').notNull(),
    agent_id: text('agent_id'),
    day: timestamp('day', { withTimezone: true }).notNull(),
    bucket: integer('bucket').notNull(),
    closes: integer('closes').notNull(),
  },
  (table) => [
    unique('call_daily_closes_key')
      .on(table.organisation_id, table.agent_id, table.day, table.bucket)
      .nullsNotDistinct(),
  ],
);

/** Open calls now per organisation, agent and assignee (null: unassigned). */
export const callWorkload = pgTable(
  'call_workload',
  {
    organisation_id: uuid('organisation_id').notNull(),
    agent_id: text('agent_id').notNull(),
    assignee_id: uuid('assignee_id'),
    calls: integer('calls').notNull(),
  },
  (table) => [
    unique('call_workload_key')
      .on(table.organisation_id, table.agent_id, table.assignee_id)
      .nullsNotDistinct(),
  ],
);

export const ACTIVITY_TYPES = ['ASSIGNED', 'STATUS_CHANGED', 'NOTE'] as const;

export const callActivity = pgTable(
  'call_activity',
  {
    id: id(),
    call_id: text('call_id')
      .notNull()
      .references(() => callLog.call_id, { onDelete: 'cascade' }),
    // The call's organisation, kept in step with call_log by the agent-mapping trigger
    // (migrations/0001): the tenant key for RLS, so a call's history moves with the call.
    organisation_id: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    actor_id: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    previous_assignee_id: uuid('previous_assignee_id'),
    new_assignee_id: uuid('new_assignee_id'),
    previous_status: text('previous_status'),
    new_status: text('new_status'),
    body: text('body'),
    /** A note's mentions, as profile ids (the body writes each as `@{id}`). */
    mentions: uuid('mentions').array(),
    created_at: createdAt(),
  },
  (table) => [
    index('call_activity_call_id_idx').on(table.call_id, table.created_at),
    index('call_activity_organisation_created_idx').on(table.organisation_id, table.created_at),
    // The list's search over notes (docs/search.md).
    index('call_activity_note_search_idx')
      .using('gin', sql`to_tsvector('simple'::regconfig, coalesce(${table.body}, ''))`)
      .with({ fastupdate: false })
      .where(sql`${table.type} = 'NOTE'`),
    check('call_activity_type_check', sql`${table.type} in ('ASSIGNED', 'STATUS_CHANGED', 'NOTE')`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    token_hash: text('token_hash').notNull().unique(),
    invited_by: uuid('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [index('invitations_organisation_id_idx').on(table.organisation_id)],
);

/**
 * An organisation's keys for the ingestion API (docs/decisions/0014-api-keys-and-idempotent-ingestion.md).
 * Only the SHA-256 of a key is kept; callboard_app may not even read that column, so the hash a
 * tenant transaction presents (app_enter_api_key) can only come from someone holding the key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters (`cb_live_` and 6 more), to tell keys apart in a list. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    key_hash: text('key_hash').notNull().unique(),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** When a batch was last accepted with it, to the minute. */
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [index('api_keys_organisation_id_idx').on(table.organisation_id)],
);

/**
 * An organisation's connection to a voice platform (modules/integrations): the platform posts its
 * calls to /api/v1/webhooks/{kind}/{id}. Retell signs with the organisation's Retell API key, kept
 * here encrypted (AES-256-GCM, secret_ciphertext) since verifying needs the key itself; Vapi sends
 * a secret Callboard made, kept only as its SHA-256. credential_hash is the SHA-256 of either
 * credential: what a webhook's transaction presents to be the integration (app_enter_integration),
 * which callboard_app can neither read nor forge (docs/decisions/0015-voice-platform-webhooks.md).
 */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['retell', 'vapi'] }).notNull(),
    name: text('name').notNull(),
    /** Retell: `v1.<iv>.<tag>.<ciphertext>` (base64url) of the API key; Vapi: null. */
    secret_ciphertext: text('secret_ciphertext'),
    /** Retell: the API key's last 4 characters, to recognise it; Vapi: null. */
    secret_hint: text('secret_hint'),
    /** Hex SHA-256 of the Retell API key or of the Vapi secret. */
    credential_hash: text('credential_hash').notNull(),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (table) => [index('integrations_organisation_id_idx').on(table.organisation_id)],
);

/**
 * What became of each webhook request to an integration, kept briefly for its admins: at most
 * DELIVERIES_KEPT per integration and DELIVERY_DAYS_KEPT days (modules/webhooks). Written on the
 * owner connection, like rate_limits, since a rejected request has no principal to write as.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    received_at: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
    event_type: text('event_type'),
    platform_call_id: text('platform_call_id'),
    status: text('status', { enum: ['accepted', 'ignored', 'rejected'] }).notNull(),
    http_status: integer('http_status').notNull(),
    error: text('error'),
    call_id: text('call_id'),
  },
  (table) => [
    index('webhook_deliveries_integration_received_idx').on(
      table.integration_id,
      table.received_at,
    ),
  ],
);

/**
 * Who did what to an organisation (or, with organisation_id null, to the platform): membership,
 * roles, invitations, agents and deleted calls. Assignments and status changes are in
 * call_activity; the admin audit view reads both.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    organisation_id: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    actor_id: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (table) => [
    index('audit_log_organisation_created_idx').on(table.organisation_id, table.created_at),
  ],
);

export const NOTIFICATION_KINDS = ['assigned', 'mentioned'] as const;

/**
 * What a user is told (the header's bell): a call assigned to them, or a mention in a note.
 * Written with the activity that causes it, in its transaction (modules/notifications).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Who is told. */
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    call_id: text('call_id')
      .notNull()
      .references(() => callLog.call_id, { onDelete: 'cascade' }),
    /** Who did it. */
    actor_id: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    activity_id: uuid('activity_id').references(() => callActivity.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    read_at: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.user_id, table.created_at),
    index('notifications_user_unread_idx')
      .on(table.user_id)
      .where(sql`${table.read_at} is null`),
    check('notifications_kind_check', sql`${table.kind} in ('assigned', 'mentioned')`),
  ],
);

/**
 * Who has a call open right now, one row per open event stream showing a call (modules/events).
 * Written on the owner connection by the server holding the stream; a row whose seen_at is older
 * than two heartbeats belongs to a stream that is gone.
 */
export const callPresence = pgTable(
  'call_presence',
  {
    stream_id: uuid('stream_id').primaryKey(),
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    call_id: text('call_id')
      .notNull()
      .references(() => callLog.call_id, { onDelete: 'cascade' }),
    seen_at: timestamp('seen_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index('call_presence_call_idx').on(table.organisation_id, table.call_id)],
);

/**
 * A saved view of the call list: a name and the list's URL state (filters, tab, sort), and the
 * columns it shows. Personal views are their owner's; shared ones the whole organisation's, kept
 * by their creator and the organisation's admins (tables/saved_views.sql).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    organisation_id: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    owner_id: uuid('owner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    shared: boolean('shared').notNull().default(false),
    name: text('name').notNull(),
    /** The list's URL query string, without the page ("status=open&assignee=me&sort=-duration"). */
    query: text('query').notNull(),
    /** The columns shown, in order; null: the viewer's own. */
    columns: text('columns').array(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('saved_views_organisation_idx').on(table.organisation_id, table.owner_id),
    uniqueIndex('saved_views_personal_name_key')
      .on(table.owner_id, sql`lower(${table.name})`)
      .where(sql`not ${table.shared}`),
    uniqueIndex('saved_views_shared_name_key')
      .on(table.organisation_id, sql`lower(${table.name})`)
      .where(sql`${table.shared}`),
    check('saved_views_name_check', sql`length(${table.name}) between 1 and 60`),
    check('saved_views_query_check', sql`length(${table.query}) <= 2000`),
  ],
);

/**
 * better-auth's tables: who people are and how they sign in. callboard_app has no privilege on any
 * of them (the API reaches the few facts it needs through checked functions); those that name an
 * organisation (single sign-on's) are closed to it like the rest, rather than row-secured.
 */
export const IDENTITY_TABLES = [
  'users',
  'sessions',
  'accounts',
  'verifications',
  'jwks',
  'two_factors',
  'sso_providers',
  'sso_domains',
] as const;

/**
 * The tables that hold one organisation's data; each has RLS enabled and forced, by its file in
 * db/sql/tables/ (`npm run db:sql-migration` writes the standard one for a table added here).
 */
export const TENANT_TABLES = [
  'organisations',
  'profiles',
  'agent_mapping',
  'call_log',
  'call_activity',
  'call_counts',
  'call_timeline',
  'call_hourly',
  'call_hourly_totals',
  'call_hourly_reasons',
  'call_daily',
  'call_daily_reasons',
  'call_daily_closes',
  'call_workload',
  'invitations',
  'api_keys',
  'audit_log',
  'integrations',
  'webhook_deliveries',
  'notifications',
  'call_presence',
  'saved_views',
] as const;
