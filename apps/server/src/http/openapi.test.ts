// The generated OpenAPI document passes Redocly's recommended lint with no errors (the same rules
// as `npx @redocly/cli lint --extends=recommended`, run in process and offline), and every
// operation has an operationId (an error here, a warning in the recommended set).
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.ts';

describe('the OpenAPI document', () => {
  it('has no errors under Redocly’s recommended rules', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'operation-operationId': 'error' },
    });
    const problems = await lintFromString({
      source: JSON.stringify(openApiDocument()),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('names every operation verb-noun, once', () => {
    const ids = Object.values(openApiDocument().paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        typeof operation === 'object' && operation && 'operationId' in operation
          ? [operation.operationId]
          : [],
      ),
    );
    expect(ids.length).toBeGreaterThan(30);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+[A-Z][A-Za-z]*$/u);
  });
});
