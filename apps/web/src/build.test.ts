// @vitest-environment node
// The production build's chunks (chunk-groups.ts): the dashboard's code arrives in a few files, the
// sign-in page's download does not grow with it, and no chunk imports one that imports it back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachable } from '../chunk-groups.ts';

const WEB = join(import.meta.dirname, '..');

describe('the web build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'callboard-web-build-'));
  let chunks: Map<string, Rolldown.OutputChunk>;

  beforeAll(async () => {
    const result = (await build({
      root: WEB,
      configFile: join(WEB, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    })) as Rolldown.RolldownOutput;
    chunks = new Map(
      result.output
        .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
        .map((chunk) => [chunk.fileName, chunk]),
    );
  }, 120_000);

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  /** The files a chunk needs before it runs: itself and what it imports, directly or not. */
  const needs = (fileName: string) =>
    reachable([fileName], (name) => chunks.get(name)?.imports ?? []);

  /** The chunk that holds a page's module. */
  function pageChunk(page: string): string {
    const found = [...chunks.values()].find((chunk) =>
      chunk.moduleIds.some((id) => id.endsWith(`/src/app/routes/${page}`)),
    );
    if (!found) throw new Error(`no chunk holds ${page}`);
    return found.fileName;
  }

  const entry = () => [...chunks.values()].find((chunk) => chunk.isEntry)?.fileName ?? '';

  it('imports no chunk that imports it back', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (name: string, path: string[]) => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'open') {
        cycles.push([...path.slice(path.indexOf(name)), name].join(' → '));
        return;
      }
      state.set(name, 'open');
      for (const imported of chunks.get(name)?.imports ?? []) visit(imported, [...path, name]);
      state.set(name, 'done');
    };
    for (const name of chunks.keys()) visit(name, []);
    expect(chunks.size).toBeGreaterThan(10);
    expect(cycles).toEqual([]);
  });

  it('loads the dashboard and the signed-in layout in at most 20 files beside the entry', () => {
    const entryFiles = needs(entry());
    const home = new Set([
      ...needs(pageChunk('signed-in.tsx')),
      ...needs(pageChunk('dashboard.tsx')),
    ]);
    const beside = [...home].filter((name) => !entryFiles.has(name));
    // Left to the bundler's own split, they took 36.
    expect(beside.length).toBeGreaterThan(1);
    expect(beside.length).toBeLessThanOrEqual(20);
  });

  it('keeps the home’s own chunks out of the sign-in page’s download', () => {
    const signIn = [...needs(pageChunk('auth.tsx'))];
    const home = [...needs(pageChunk('dashboard.tsx'))].filter((name) =>
      /^assets\/(?:signed-in|shared)-/u.test(name),
    );
    expect(home.length).toBeGreaterThan(0);
    expect(signIn.filter((name) => home.includes(name))).toEqual([]);
  });
});
