// The server as one plain-JavaScript module (main.js, with a source map and the SQL migrations
// beside it) in `outDir`: what `npm run build` makes in dist/ for production, and what the tests
// that start server processes run. The workspace's own code (and the contract, which ships as
// TypeScript) is bundled; every npm dependency stays external, so `outDir` must lie inside the
// repository, where Node finds node_modules.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));

export async function bundleServer(outDir: string): Promise<void> {
  const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const bundled = new Set(['@callboard/contract']);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['src/main.ts'],
    outfile: join(outDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: Object.keys(dependencies).filter((name) => !bundled.has(name)),
    logLevel: 'warning',
  });
  // db/migrate.ts finds them next to itself: src/db/migrations, and <outDir>/migrations once
  // bundled.
  cpSync(join(root, 'src/db/migrations'), join(outDir, 'migrations'), { recursive: true });
}
