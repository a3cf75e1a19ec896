// Packages the server needs only now and then are loaded when first used, not when it starts, so
// that a server's memory holds them only once it needs them (docs/operations.md, "Sizing"). This
// reads the production bundle's static imports: a static import of one of them would load it at
// start.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, type ServerBundle } from './test/server-bundle.ts';

/** Mail over SMTP, the common-password list, backup files, error reporting (with SENTRY_DSN). */
const LOADED_WHEN_USED = ['nodemailer', '@zxcvbn-ts/language-common', 'tar', '@sentry/node'];

describe('the server bundle', () => {
  let bundle: ServerBundle;
  let source: string;

  beforeAll(async () => {
    bundle = await buildServerBundle();
    source = readFileSync(bundle.main, 'utf8');
  }, 60_000);

  afterAll(() => bundle.remove());

  it('imports the packages it seldom needs only when it needs them', () => {
    const staticImports = [
      ...source.matchAll(/^import\b[^;]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gmu),
    ].map((match) => match[1] ?? match[2]);
    // The pattern reads the bundle's imports at all: the web framework is one of them.
    expect(staticImports).toContain('hono');
    for (const name of LOADED_WHEN_USED) expect(staticImports, name).not.toContain(name);
  });
});
