// In development the auth secret is generated once and kept in the data folder, so sessions and
// signing keys survive a restart without any set-up. Production must set AUTH_SECRET (config.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function resolveAuthSecret(config: {
  AUTH_SECRET?: string | undefined;
  DATA_DIR: string;
}): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = join(config.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
