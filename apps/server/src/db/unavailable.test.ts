import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableCause } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises an unreachable or departing server, raw or wrapped by Drizzle', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select $1', ['secret'], refused))).toBe(
      true,
    );
    for (const code of ['57P01', '57P03', '08006', '53300', '57014']) {
      expect(isDatabaseUnavailable(withCode('server says no', code)), code).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'Query read timeout',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
  });

  it('leaves a refused value, a broken rule or our own bug alone', () => {
    for (const code of ['22P02', '23505', '42P01', '40001']) {
      expect(isDatabaseUnavailable(withCode('refused', code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('describes the cause without the query and parameters Drizzle puts in its message', () => {
    const cause = withCode('read ECONNRESET', 'ECONNRESET');
    const wrapped = new DrizzleQueryError('insert into notes values ($1)', ['private'], cause);
    expect(unavailableCause(wrapped)).toEqual({ code: 'ECONNRESET', message: 'read ECONNRESET' });
  });
});
