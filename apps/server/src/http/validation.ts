// Turns a request's input into typed values with the contract's schemas, or a 400 that names
// every bad field: `{"error": {"code": "VALIDATION_FAILED", "message", "fields": {name: problem}}}`.
import type { Context } from 'hono';
import { z } from 'zod';
import type * as core from 'zod/v4/core';
import { AppError } from './errors.ts';

/** A batch of 1,000 bad items is not answered with 10,000 fields: the first this many. */
export const MAX_REPORTED_FIELDS = 100;

/**
 * `status` 422 is for a body refused whole for problems in its items (the ingestion API's batch):
 * UNPROCESSABLE, with the same `fields`.
 */
export function parseInput<Schema extends core.$ZodType>(
  schema: Schema,
  input: unknown,
  status: 400 | 422 = 400,
): core.output<Schema> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  let more = 0;
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') || 'body';
    if (name in fields) continue;
    if (Object.keys(fields).length < MAX_REPORTED_FIELDS) fields[name] = issue.message;
    else more += 1;
  }
  const summary =
    Object.entries(fields)
      .map(([name, problem]) => `${name} ${problem}`)
      .join('; ') + (more > 0 ? `; and ${more} more` : '');
  if (status === 422) {
    throw new AppError('UNPROCESSABLE', `Invalid request, nothing was stored: ${summary}.`, {
      fields,
    });
  }
  throw AppError.validation(`Invalid request: ${summary}.`, { fields });
}

/**
 * The request's JSON body. Its strings were checked at the input boundary (input-guard.ts, which
 * runs on every /api route before any handler); what remains is the schema's job.
 */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw AppError.validation('The request body must be JSON.');
  }
}
