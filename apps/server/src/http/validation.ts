// Turns a request's input into typed values with the contract's schemas, or a 400 that names
// every bad field: `{"error": {"code": "VALIDATION_FAILED", "message", "fields": {name: problem}}}`.
import type { Context } from 'hono';
import { z } from 'zod';
import type * as core from 'zod/v4/core';
import { AppError } from './errors.ts';

export function parseInput<Schema extends core.$ZodType>(
  schema: Schema,
  input: unknown,
): core.output<Schema> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') || 'body';
    fields[name] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .map(([name, problem]) => `${name} ${problem}`)
    .join('; ');
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
