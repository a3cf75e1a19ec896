// `npm run build --workspace @callboard/server`: the server as one plain-JavaScript module for
// production (dist/main.js), so that `npm start` runs it with Node alone. Running the TypeScript
// through tsx costs a loader thread and about 45 MB of memory for as long as the server runs.
// The workspace's own code (and the contract, which ships as TypeScript) is bundled; every npm
// dependency stays in node_modules. The SQL migrations are copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
const { dependencies } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  dependencies: Record<string, string>;
};
const bundled = new Set(['@callboard/contract']);

rmSync(new URL('dist', root), { recursive: true, force: true });
await build({
  absWorkingDir: new URL('.', root).pathname,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(dependencies).filter((name) => !bundled.has(name)),
  logLevel: 'warning',
});
// db/migrate.ts finds them next to itself: src/db/migrations, and dist/migrations once bundled.
cpSync(new URL('src/db/migrations', root), new URL('dist/migrations', root), { recursive: true });
