// The production bundle (scripts/bundle.ts, what `npm start` runs) built for one test file, so that
// tests which start many server processes start them with plain Node rather than through tsx's
// loader (about a third less CPU per start). It lies under node_modules/.cache, inside the
// repository, where the bundle's external dependencies resolve.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../scripts/bundle.ts';

const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));

export interface ServerBundle {
  /** The bundle's main.js, for startServerProcess's `entry`. */
  main: string;
  remove: () => void;
}

export async function buildServerBundle(): Promise<ServerBundle> {
  const dir = join(cache, `callboard-test-server-${randomBytes(6).toString('hex')}`);
  await bundleServer(dir);
  return {
    main: join(dir, 'main.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
