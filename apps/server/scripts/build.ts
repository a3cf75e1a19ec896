// `npm run build --workspace @callboard/server`: the server as one plain-JavaScript module for
// production (dist/main.js), so that `npm start` runs it with Node alone. Running the TypeScript
// through tsx costs a loader thread and about 45 MB of memory for as long as the server runs.
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle.ts';

await bundleServer(fileURLToPath(new URL('../dist', import.meta.url)));
