import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CONTRACT_MODULE, homeChunks } from './chunk-groups.ts';

// react-router's package exports name only its development build, which keeps its development
// warnings (and their code) in a production bundle; its production build sits beside it.
const reactRouterBuilds = join(
  dirname(createRequire(import.meta.url).resolve('react-router')),
  '..',
);

// `npm run dev` serves the SPA on 5173 and hands /api to the API server on 3000, so the session
// cookie stays first-party. `npm run build` writes dist/, which the API server serves itself.
const home = homeChunks(join(import.meta.dirname, 'src/main.tsx'));

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/u,
              replacement: join(reactRouterBuilds, 'production/index.mjs'),
            },
            {
              find: /^react-router\/dom$/u,
              replacement: join(reactRouterBuilds, 'production/dom-export.mjs'),
            },
          ]
        : [],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000' },
    },
  },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // Each of Lucide's icon modules builds its React component when it loads. The product
        // draws the icons itself from their data (components/ui/icons.tsx), so the components, and
        // Lucide's code that renders them, need not be in the build at all.
        manualPureFunctions: ['createLucideIcon'],
        // The contract's modules only declare schemas and constants: loading one does nothing
        // beyond its exports. Said so, the build leaves out what the app does not use, and a page
        // loads (and builds the zod schemas of) only the contract's modules it reads, not every
        // module its index names (docs/architecture.md, "Front end").
        moduleSideEffects: [{ test: CONTRACT_MODULE, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads on every first visit anyway: one chunk
          // compresses better than the handful of small ones the automatic split makes of it,
          // which keeps the sign-in page's first download small (docs/architecture.md, "Front end").
          // The signed-in home's modules are grouped too: 16 requests before the first rows
          // instead of 36 (chunk-groups.ts).
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: home.contract, debugName: "the home's contract modules", entriesAware: true },
            {
              name: home.shared,
              debugName: 'what the home shares with signed-out pages',
              includeDependenciesRecursively: false,
            },
            {
              name: home.home,
              debugName: 'the signed-in home',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
