// `npm start` runs scripts/start.sh, which gives node the settings that the C library and V8 read
// only as the process starts (docs/operations.md, "Sizing"): glibc's malloc kept to two arenas
// unless the environment chooses a number, and, beside the embedded database, a young generation
// of two 4 MB semi-spaces unless the operator chooses a size. This runs the package's own start
// script from a copy whose dist/main.js is a probe that prints what node was given.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Allocates objects of which a tenth outlive a few collections, as requests do, until V8 has grown
// the young generation to its largest, then reports it.
const PROBE = `
import { getHeapSpaceStatistics } from 'node:v8';
const kept = [];
for (let i = 0; i < 3_000_000; i += 1) {
  const made = { i, pair: [i, i + 1] };
  if (i % 10 === 0) kept.push(made);
  if (kept.length > 50_000) kept.length = 0;
}
const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
process.stdout.write(JSON.stringify({
  pid: process.pid,
  arenas: process.env.MALLOC_ARENA_MAX ?? 'unset',
  execArgv: process.execArgv,
  youngMb: young.space_size / 1024 ** 2,
}));
`;

interface Started {
  pid: number;
  arenas: string;
  execArgv: string[];
  /** The young generation's size once grown: its two semi-spaces. */
  youngMb: number;
}

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'callboard-start-script-'));
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'dist'));
  copyFileSync(new URL('../scripts/start.sh', import.meta.url), join(root, 'scripts/start.sh'));
  writeFileSync(join(root, 'dist/main.js'), PROBE);
  writeFileSync(join(root, 'package.json'), '{"type": "module"}');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/**
 * Runs `command` from the copy's root, as npm runs a package's script, with the operator's `env`
 * and none of the runner's own settings.
 */
function run(command: string, args: string[], env: Record<string, string>): Started {
  const inherited = { ...process.env };
  delete inherited.MALLOC_ARENA_MAX;
  delete inherited.DATABASE_URL;
  delete inherited.NODE_OPTIONS;
  const result = spawnSync(command, args, {
    cwd: root,
    // `node` in the script is the node running the tests.
    env: { ...inherited, ...env, PATH: `${dirname(process.execPath)}:${inherited.PATH ?? ''}` },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  const started = JSON.parse(result.stdout) as Started;
  // The script execs node: the process started is the server's, whose memory the benchmark reads.
  expect(started.pid).toBe(result.pid);
  return started;
}

function start(env: Record<string, string>, nodeFlags: string[] = []): Started {
  return run('sh', ['scripts/start.sh', ...nodeFlags], env);
}

/** The probe run by plain node: V8's own young generation on this machine. */
function plainNode(): Started {
  return run(process.execPath, ['dist/main.js'], {});
}

const SEMI_SPACE = /^--max-semi-space-size=/u;

describe('npm start', () => {
  it('is the start script', () => {
    const { scripts } = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { scripts: { start: string } };
    expect(scripts.start).toBe('sh scripts/start.sh');
  });

  it('starts node with two malloc arenas and source maps', () => {
    const started = start({});
    expect(started.arenas).toBe('2');
    expect(started.execArgv).toContain('--enable-source-maps');
  });

  it("keeps the operator's own number of arenas", () => {
    expect(start({ MALLOC_ARENA_MAX: '4' }).arenas).toBe('4');
  });

  it('keeps the young generation small beside the embedded database only', () => {
    const embedded = start({});
    expect(embedded.execArgv).toContain('--max-semi-space-size=4');
    const postgres = start({ DATABASE_URL: 'postgres://callboard@db.example/callboard' });
    expect(postgres.execArgv.some((arg) => SEMI_SPACE.test(arg))).toBe(false);
    // V8 took the flag: the young generation grew to two 4 MB semi-spaces at most, while on
    // PostgreSQL it grew as far as V8's own choice for this machine (two of 16 MB, measured here;
    // V8 chooses less with little memory).
    expect(embedded.youngMb).toBeLessThanOrEqual(8);
    expect(postgres.youngMb).toBe(plainNode().youngMb);
  });

  it("leaves a semi-space size in NODE_OPTIONS, the operator's own, alone", () => {
    const started = start({ NODE_OPTIONS: '--max-semi-space-size=32' });
    expect(started.execArgv.some((arg) => SEMI_SPACE.test(arg))).toBe(false);
    expect(started.youngMb).toBeGreaterThan(8);
  });

  it("passes the operator's own node flags on, and a semi-space size among them wins", () => {
    const started = start({}, ['--heap-growing-percent=75', '--max-semi-space-size=2']);
    expect(started.execArgv).toContain('--heap-growing-percent=75');
    expect(started.execArgv.filter((arg) => SEMI_SPACE.test(arg))).toEqual([
      '--max-semi-space-size=2',
    ]);
    expect(started.youngMb).toBeLessThanOrEqual(4);
  });
});
