// Password hashing for better-auth, with one core left for everything else. Each scrypt hash
// (better-auth's N=16384, r=16) takes about 32 MB and ~100 ms of a core. Left alone, a burst of
// sign-ins runs one per libuv thread (4): on two cores that adds no throughput, holds 128 MB and
// starves the thread pool that file and DNS work share. One hash per core still took both cores
// of a two-core server, so the pages of everyone already signed in waited behind the burst
// (docs/decisions/0038-password-hashing-leaves-a-core.md).
import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import pLimit from 'p-limit';

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/** How many hashes run at once on a machine with `cores` cores: all but one, and at least one. */
export function hashConcurrency(cores: number): number {
  return Math.max(1, cores - 1);
}

export function limitPasswordHashing(
  concurrency: number,
  inner: PasswordHashing = { hash: hashPassword, verify: verifyPassword },
): PasswordHashing {
  const limit = pLimit(concurrency);
  return {
    hash: (password) => limit(() => inner.hash(password)),
    verify: (data) => limit(() => inner.verify(data)),
  };
}

/**
 * The server's password hashing: `configured` hashes at once (PASSWORD_HASH_CONCURRENCY), or one
 * less than the cores Node sees. Node counts the machine's cores, not a container's CPU quota.
 */
export function createPasswordHashing(configured?: number): PasswordHashing {
  return limitPasswordHashing(configured ?? hashConcurrency(availableParallelism()));
}
