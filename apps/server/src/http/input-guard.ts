// The input boundary: every string a request brings — URL path, query, and body — is checked once
// here, before any handler runs, for what PostgreSQL cannot store or compare: NUL characters
// (text cannot hold U+0000) and unpaired UTF-16 surrogates (invalid Unicode, which jsonb refuses
// and UTF-8 cannot encode). A URL whose percent-encoding does not decode is refused too, and so is
// a JSON body nested deeper than any request of ours needs. See docs/security.md.
//
// Also here: the time zones PostgreSQL knows (a name Node accepts may be unknown to the database),
// and the translation of PostgreSQL's "invalid input" errors (SQLSTATE class 22) for the error
// handler, which must never log a query's parameters.
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { queryRows, type Db } from '../db/client.ts';
import { AppError } from './errors.ts';

/** No request body of ours is nested more than a few levels; this leaves ample room. */
export const MAX_JSON_DEPTH = 32;
/** At most this many bad fields are named in one answer. */
const MAX_REPORTED_FIELDS = 20;
/** Field names are echoed back; a 100,000-character key is shortened. */
const MAX_FIELD_NAME_LENGTH = 100;

// In a `u` regular expression a surrogate pair is one code point; \p{Cs} matches a lone half only.
const BAD_CHARACTER = /[\0\p{Cs}]/u;

/** What is wrong with a string PostgreSQL would receive, or null if nothing is. */
export function stringProblem(value: string): string | null {
  const match = BAD_CHARACTER.exec(value);
  if (!match) return null;
  return match[0] === '\0'
    ? 'must not contain a NUL character'
    : 'must not contain an unpaired surrogate (invalid Unicode)';
}

type Problems = Record<string, string>;

/** Without a prototype, so that a field named `__proto__` or `constructor` is just a field. */
const noProblems = (): Problems => Object.create(null) as Problems;

function fieldName(name: string) {
  return name.length > MAX_FIELD_NAME_LENGTH ? `${name.slice(0, MAX_FIELD_NAME_LENGTH)}…` : name;
}

function invalidRequest(problems: Problems) {
  const summary = Object.entries(problems)
    .map(([name, problem]) => `${name} ${problem}`)
    .join('; ');
  return AppError.validation(`Invalid request: ${summary}.`, { fields: problems });
}

interface PathLink {
  parent: PathLink | null;
  key: string | number;
  depth: number;
}

const pathName = (link: PathLink | null): string => {
  const keys: (string | number)[] = [];
  for (let at = link; at; at = at.parent) keys.unshift(at.key);
  return fieldName(keys.join('.') || 'body');
};

/**
 * The problems of a parsed JSON value, by field (`name`, `items.0`, or `body` for the value
 * itself): every string and every property name, at any depth. Iterative, so a deeply nested
 * value cannot exhaust the stack.
 */
export function jsonProblems(value: unknown): Problems {
  const problems = noProblems();
  let count = 0;
  const add = (name: string, problem: string) => {
    if (!(name in problems)) count += 1;
    problems[name] ??= problem;
  };
  const stack: [unknown, PathLink | null][] = [[value, null]];
  while (stack.length > 0 && count < MAX_REPORTED_FIELDS) {
    const [current, link] = stack.pop() as [unknown, PathLink | null];
    if (typeof current === 'string') {
      const problem = stringProblem(current);
      if (problem) add(pathName(link), problem);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const depth = link ? link.depth : 0;
    if (depth >= MAX_JSON_DEPTH) {
      add(pathName(link), `must not be nested more than ${MAX_JSON_DEPTH} levels deep`);
      continue;
    }
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] as [string | number, unknown];
      const keyProblem = typeof key === 'string' ? stringProblem(key) : null;
      if (keyProblem) add(pathName(link), `has a property name that ${keyProblem}`);
      else stack.push([item, { parent: link, key, depth: depth + 1 }]);
    }
  }
  return problems;
}

/**
 * Throws 400 VALIDATION_FAILED naming each bad field if a parsed JSON value holds a string
 * PostgreSQL cannot take (see stringProblem) or is nested more than MAX_JSON_DEPTH levels deep.
 */
export function assertCleanJson(value: unknown): void {
  const problems = jsonProblems(value);
  if (Object.keys(problems).length > 0) throw invalidRequest(problems);
}

/** decodeURIComponent that says "no" instead of guessing: malformed or non-UTF-8 escapes. */
function strictDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** `a=1&b=2` as a form or query string is read: `+` is a space, every escape must decode. */
function formProblems(text: string, where: 'query' | 'body'): Problems {
  const problems = noProblems();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const split = pair.indexOf('=');
    const rawName = split === -1 ? pair : pair.slice(0, split);
    const rawValue = split === -1 ? '' : pair.slice(split + 1);
    const name = strictDecode(rawName.replaceAll('+', ' '));
    const value = strictDecode(rawValue.replaceAll('+', ' '));
    if (name === null || stringProblem(name)) {
      problems[where] ??= 'has a parameter name that is not valid percent-encoded text';
      continue;
    }
    const field = fieldName(name);
    if (value === null) problems[field] ??= 'is not valid percent-encoded UTF-8';
    else {
      const problem = stringProblem(value);
      if (problem) problems[field] ??= problem;
    }
  }
  return problems;
}

function urlProblems(url: string): Problems {
  const { pathname, search } = new URL(url);
  const problems = noProblems();
  for (const segment of pathname.split('/')) {
    const decoded = strictDecode(segment);
    if (decoded === null) problems.path = 'is not valid percent-encoded UTF-8';
    else {
      const problem = stringProblem(decoded);
      if (problem && !('path' in problems)) problems.path = problem;
    }
  }
  return { ...problems, ...formProblems(search.slice(1), 'query') };
}

const FORM_TYPE = /^application\/x-www-form-urlencoded/iu;

/**
 * A body as any of its readers may take it: as a form when it says it is one, and as JSON whenever
 * it parses (our handlers parse JSON whatever the Content-Type says); otherwise the text itself.
 */
function bodyProblems(text: string, contentType: string): Problems {
  const isForm = FORM_TYPE.test(contentType);
  const problems = isForm ? formProblems(text, 'body') : noProblems();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: whoever reads it refuses it as such; a NUL is still refused here.
    const problem = isForm ? null : stringProblem(text);
    return problem ? { ...problems, body: problem } : problems;
  }
  return { ...problems, ...jsonProblems(parsed) };
}

/**
 * A GET or HEAD has no body here: the server adapter gives it none. Asking for one anyway makes
 * the adapter build the full web Request (headers, signal) it otherwise does without
 * (docs/architecture.md, "API").
 */
export function hasNoBody(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Middleware for /api/*: refuses a request whose URL or body carries a string PostgreSQL cannot
 * take, before any handler (ours or better-auth's) reads it. Bodies are read after the body-size
 * limits; Hono keeps the text, so later readers do not read the stream again. Identity routes
 * (/api/auth) answer in better-auth's shape `{code, message}`, the rest in ours.
 */
export function inputGuard(): MiddlewareHandler {
  return async (c, next) => {
    let problems = urlProblems(c.req.url);
    if (Object.keys(problems).length === 0 && !hasNoBody(c.req.method) && c.req.raw.body !== null) {
      problems = bodyProblems(await c.req.text(), c.req.header('content-type') ?? '');
    }
    if (Object.keys(problems).length > 0) {
      const error = invalidRequest(problems);
      if (c.req.path.startsWith('/api/auth/')) {
        return c.json({ code: 'VALIDATION_ERROR', message: error.message }, 400);
      }
      throw error;
    }
    await next();
  };
}

// ---------------------------------------------------------------------------------------------
// Time zones: the viewer's zone goes into `at time zone`, which refuses names that Node's ICU
// still accepts (US/Pacific-New, Canada/East-Saskatchewan). The database's list is read once per
// database handle and kept for the life of the process.
// ---------------------------------------------------------------------------------------------

const timeZonesByDb = new WeakMap<Db, Promise<ReadonlySet<string>>>();

async function readTimeZones(db: Db): Promise<ReadonlySet<string>> {
  const rows = await queryRows<{ name: string }>(db, sql`select name from pg_timezone_names`);
  // PostgreSQL matches zone names without regard to case.
  return new Set(rows.map((row) => row.name.toLowerCase()));
}

/** Whether PostgreSQL knows this zone name (as pg_timezone_names lists it, in any case). */
export async function isKnownTimeZone(db: Db, timeZone: string): Promise<boolean> {
  let known = timeZonesByDb.get(db);
  if (!known) {
    known = readTimeZones(db);
    timeZonesByDb.set(db, known);
    // A failed read is not remembered: the next request tries again.
    known.catch(() => timeZonesByDb.delete(db));
  }
  return (await known).has(timeZone.toLowerCase());
}

/** 400 VALIDATION_FAILED naming `field` unless PostgreSQL knows the zone. */
export async function assertKnownTimeZone(db: Db, timeZone: string, field = 'tz'): Promise<void> {
  if (await isKnownTimeZone(db, timeZone)) return;
  throw invalidRequest({
    [field]: 'must be a time zone the database knows, such as Europe/London',
  });
}

// ---------------------------------------------------------------------------------------------
// Database errors, for the application's error handler.
// ---------------------------------------------------------------------------------------------

/** The fields of a PostgreSQL error (pg's DatabaseError, PGlite's) that are safe to log. */
export interface DatabaseErrorSummary {
  code: string;
  message: string;
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/u;

function isDriverError(value: unknown): value is Record<string, unknown> & { code: string } {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.code === 'string' &&
    SQLSTATE.test(candidate.code) &&
    typeof candidate.severity === 'string'
  );
}

/**
 * The PostgreSQL error behind `error`, whether raw (pg, PGlite) or wrapped by Drizzle
 * (DrizzleQueryError, whose `cause` it is), or null for any other error.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorSummary | null {
  let current: unknown = error;
  for (let hops = 0; hops < 5 && current; hops += 1) {
    if (isDriverError(current)) {
      const text = (name: string) => {
        const value = current && (current as Record<string, unknown>)[name];
        return typeof value === 'string' && value !== '' ? value : undefined;
      };
      const summary: DatabaseErrorSummary = {
        code: current.code,
        message: (text('message') ?? '').slice(0, 300),
      };
      for (const name of ['severity', 'routine', 'table', 'column', 'constraint'] as const) {
        const value = text(name);
        if (value) summary[name] = value;
      }
      return summary;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** SQLSTATE class 22 (data exception): the database refused a value it was given. */
export function isInvalidInput(summary: DatabaseErrorSummary): boolean {
  return summary.code.startsWith('22');
}

/** The 400 for a value the database refused: names the column when the database says which. */
export function invalidInputError(summary: DatabaseErrorSummary): AppError {
  if (summary.column) return invalidRequest({ [summary.column]: 'is not valid' });
  return AppError.validation('A value in the request is not valid.');
}

/**
 * An error to report in place of a database error: its SQLSTATE and message and the stack's
 * frames, without the query text and parameters that a DrizzleQueryError's message carries.
 */
export function redactedDatabaseError(error: unknown, summary: DatabaseErrorSummary): Error {
  const redacted = new Error(`${summary.code}: ${summary.message}`);
  redacted.name = 'DatabaseError';
  const stack = error instanceof Error ? error.stack : undefined;
  if (stack) {
    const frames = stack.split('\n').filter((line) => line.startsWith('    at '));
    redacted.stack = [`${redacted.name}: ${redacted.message}`, ...frames].join('\n');
  }
  return redacted;
}
