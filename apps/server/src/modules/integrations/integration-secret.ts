// The integrations' credentials (docs/decisions/0015-voice-platform-webhooks.md). A Retell API key
// is needed again to verify each webhook's signature, so it is kept encrypted: AES-256-GCM under a
// key derived with HKDF-SHA256 from AUTH_SECRET and a fixed label, bound to the integration's id
// (additional data), so a ciphertext copied onto another row does not open. Changing AUTH_SECRET
// makes every stored Retell key unreadable: those integrations must be made again. A Vapi secret
// is made here and only ever compared, so only its SHA-256 is kept, like an API key's.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const LABEL = 'callboard integration secrets v1';
const FORMAT = 'v1';

export interface SecretBox {
  seal(plaintext: string, integrationId: string): string;
  /** The plaintext, or null when the ciphertext does not open (another AUTH_SECRET, tampering). */
  open(sealed: string, integrationId: string): string | null;
}

export function secretBox(authSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', authSecret, Buffer.alloc(0), LABEL, 32));
  return {
    seal(plaintext, integrationId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(integrationId));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, integrationId) {
      const [format, iv, tag, ciphertext] = sealed.split('.');
      if (format !== FORMAT || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(integrationId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** Vapi secrets: 32 random bytes, base64url, with a prefix that says what they are. */
export const VAPI_SECRET_PREFIX = 'cb_whsec_';

export function newVapiSecret(): string {
  return `${VAPI_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Hex SHA-256: the integration's credential_hash, of a Retell API key or a Vapi secret. */
export function credentialHash(credential: string): string {
  return createHash('sha256').update(credential).digest('hex');
}

/** Whether two strings (hex hashes, say) are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
