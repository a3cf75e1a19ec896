// Invitation tokens: 32 random bytes in the link; only their SHA-256 is stored, so a database
// leak does not leak usable links.
import { createHash, randomBytes } from 'node:crypto';

export function newInvitationToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}
