// Password hashing for better-auth, at most one hash per core at a time. Each scrypt hash
// (better-auth's N=16384, r=16) takes about 32 MB and ~100 ms of a core; left alone, a burst of
// sign-ins runs one per libuv thread (4), which adds no throughput on two cores but holds 128 MB
// and starves the thread pool that file and DNS work share.
import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import pLimit from 'p-limit';

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
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

export const passwordHashing = limitPasswordHashing(Math.max(1, availableParallelism()));
