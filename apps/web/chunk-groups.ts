// How the build groups the code of the signed-in home: the signed-in layout and the dashboard
// (docs/decisions/0046-the-signed-in-home-in-few-chunks.md). Left to itself, the bundler makes a
// chunk of every set of modules that the same lazy modules share: the dashboard needed 36 files
// besides the entry, each a request that the page's main thread starts, waits for and links
// before the first rows can render. Grouped, it needs 16.
import { basename } from 'node:path';

/** What the bundler tells a group's name function about a module. */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

/**
 * What a signed-in visit starts with: the signed-in layout, the dashboard, and the module that
 * hands the call list's first request (sent before the dashboard's code has loaded) to the
 * dashboard's query cache.
 */
const HOME_MODULES = ['signed-in.tsx', 'dashboard.tsx', 'prefetch-call-list.ts'];
/** The sign-in page, whose first download is kept small (docs/benchmarks.md). */
const SIGN_IN_PAGE = 'auth.tsx';
/** The pages only a signed-in visit reaches, the home's among them. */
const SIGNED_IN_PAGES = [
  ...HOME_MODULES,
  'analytics.tsx',
  'admin.tsx',
  'profile.tsx',
  'call.tsx',
  'test-sentry.tsx',
];

/** A module of the contract package (its schemas and route declarations). */
export const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/]/u;

/** Every node reached from `from` by following `next`, `from` included. */
export function reachable(from: Iterable<string>, next: (node: string) => readonly string[]) {
  const reached = new Set<string>();
  const pending = [...from];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (reached.has(node)) continue;
    reached.add(node);
    pending.push(...next(node));
  }
  return reached;
}

/** Every module `from` imports, directly or through others; dynamic imports are not followed. */
function staticallyReached(graph: ModuleGraph, from: Iterable<string>): Set<string> {
  return reachable(from, (id) => graph.getModuleInfo(id)?.importedIds ?? []);
}

/** Every module the app loads with `import()`, with the modules that load it so. */
function lazyModules(graph: ModuleGraph, entry: string): Map<string, Set<string>> {
  const lazy = new Map<string, Set<string>>();
  const all = reachable([entry], (id) => {
    const info = graph.getModuleInfo(id);
    return info ? [...info.importedIds, ...info.dynamicallyImportedIds] : [];
  });
  for (const id of all) {
    for (const target of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
      lazy.set(target, (lazy.get(target) ?? new Set()).add(id));
    }
  }
  return lazy;
}

/**
 * Sorts what the home's modules import (beyond the entry's chunk) into three chunk groups, named by
 * the three functions this returns (the name functions of the bundler's groups):
 *
 * - `signed-in`: what nothing outside the signed-in area uses. Outside are the signed-out pages
 *   (sign-in, sign-up, an invitation, …) and what the app loads lazily from anywhere else (a
 *   toast, the telemetry).
 * - `shared`: what the home shares with the outside, but not with the sign-in page, whose own
 *   modules keep the bundler's split: its first download stays as it was.
 * - `contract`: the contract's modules, split by the pages that use them (`entriesAware`), as
 *   the bundler would, but in chunks of their own. Left to the bundler, the contract's modules
 *   that only the home uses went into the small chunks that stand for the home's pages, which
 *   import the `signed-in` chunk and were imported by it: a cycle between chunks.
 *
 * The chunks import one another one way only: a `signed-in` module imports `signed-in`,
 * `shared`, contract, sign-in page and entry modules; a `shared` module all of those but
 * `signed-in` ones (what an outside module imports is outside too); the sign-in page's modules
 * import only one another and the entry's; the contract's only the contract and zod. Neither
 * group needs its modules' dependencies pulled in with them (`includeDependenciesRecursively`),
 * and the web build's test checks the built chunks for cycles. A page not listed above counts as
 * outside, which at worst leaves its modules in the bundler's split. `entry` is the app's entry
 * module (src/main.tsx).
 */
export function homeChunks(entry: string) {
  type Chunk = 'signed-in' | 'shared' | 'contract';
  // The bundler hands every name function the same graph for one build.
  const sortedFor = new WeakMap<ModuleGraph, Record<Chunk, Set<string>>>();
  function sort(graph: ModuleGraph): Record<Chunk, Set<string>> {
    const known = sortedFor.get(graph);
    if (known) return known;
    const lazy = lazyModules(graph, entry);
    const lazyIds = [...lazy.keys()];
    const pages = (names: readonly string[]) =>
      lazyIds.filter((id) => names.includes(basename(id)));
    // Inside: the signed-in pages, and what only their code loads lazily (a dialog, the command
    // palette), which is always loaded after the home's chunk.
    const inside = new Set(pages(SIGNED_IN_PAGES));
    for (let grown = true; grown;) {
      grown = false;
      const reached = staticallyReached(graph, inside);
      for (const [id, loaders] of lazy) {
        if (inside.has(id) || ![...loaders].every((loader) => reached.has(loader))) continue;
        inside.add(id);
        grown = true;
      }
    }
    const outside = staticallyReached(
      graph,
      lazyIds.filter((id) => !inside.has(id)),
    );
    const signIn = staticallyReached(graph, pages([SIGN_IN_PAGE]));
    const sorted: Record<Chunk, Set<string>> = {
      'signed-in': new Set(),
      shared: new Set(),
      contract: new Set(),
    };
    for (const id of staticallyReached(graph, pages(HOME_MODULES))) {
      if (CONTRACT_MODULE.test(id)) sorted.contract.add(id);
      else if (!outside.has(id)) sorted['signed-in'].add(id);
      else if (!signIn.has(id)) sorted.shared.add(id);
    }
    sortedFor.set(graph, sorted);
    return sorted;
  }
  /** A group's name function: the chunk's name for its modules, null for the rest. */
  const named = (chunk: Chunk) => (id: string, graph: ModuleGraph) =>
    sort(graph)[chunk].has(id) ? chunk : null;
  return { home: named('signed-in'), shared: named('shared'), contract: named('contract') };
}
