// API keys: `cb_live_` and 32 random bytes (base64url). The prefix lets secret scanners recognise a
// leaked key; only the key's SHA-256 is stored (docs/decisions/0014-api-keys-and-idempotent-ingestion.md).
// A fast hash is enough for a secret with 256 bits of entropy: nothing can be guessed, so there is
// nothing for a slow hash to slow down, and a lookup by hash needs no comparison in our code.
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '@callboard/contract';

export function newApiKey() {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key in an `Authorization: Bearer …` header, if it has a key's form at all. */
export function apiKeyFromHeader(header: string | undefined): string | null {
  const token = header?.match(/^Bearer\s+(\S+)$/iu)?.[1];
  return token && API_KEY_PATTERN.test(token) ? token : null;
}
