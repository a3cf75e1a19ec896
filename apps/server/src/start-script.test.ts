// `npm start` runs the bundle with glibc's malloc kept to two arenas unless the environment already
// chooses a number (docs/operations.md, "Sizing"). The C library reads the setting once, when the
// process starts, so only the command that starts node can give it. This runs the package's own
// start command through the shell npm uses, with the bundle swapped for a probe that prints what
// node was given.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const BUNDLE = 'dist/main.js';
const PROBE = `-e "process.stdout.write(process.env.MALLOC_ARENA_MAX ?? 'unset')"`;

const startScript = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;

function arenasGiven(env: Record<string, string | undefined>): string {
  expect(startScript).toContain(BUNDLE);
  const command = startScript.replace(BUNDLE, PROBE);
  // The runner's own setting, if any, is left out: each test says what the operator set.
  const inherited = { ...process.env };
  delete inherited.MALLOC_ARENA_MAX;
  return execFileSync('sh', ['-c', command], {
    // `node` in the script is the node running the tests.
    env: { ...inherited, ...env, PATH: `${dirname(process.execPath)}:${inherited.PATH ?? ''}` },
    encoding: 'utf8',
  });
}

describe('npm start', () => {
  it('starts node with two malloc arenas', () => {
    expect(arenasGiven({})).toBe('2');
  });

  it("keeps the operator's own number of arenas", () => {
    expect(arenasGiven({ MALLOC_ARENA_MAX: '4' })).toBe('4');
  });
});
