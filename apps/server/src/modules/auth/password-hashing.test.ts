import { describe, expect, it } from 'vitest';
import {
  createPasswordHashing,
  hashConcurrency,
  limitPasswordHashing,
} from './password-hashing.ts';

describe('password hashing', () => {
  it('runs at most the given number of hashes at once, and every one finishes', async () => {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const slow = (result: string) => {
      running += 1;
      most = Math.max(most, running);
      return new Promise<string>((resolve) => {
        release.push(() => {
          running -= 1;
          resolve(result);
        });
      });
    };
    const hashing = limitPasswordHashing(2, {
      hash: (password) => slow(`hashed:${password}`),
      verify: ({ hash, password }) => slow(String(hash === `hashed:${password}`)).then(Boolean),
    });
    const all = Promise.all(['a', 'b', 'c', 'd', 'e'].map((password) => hashing.hash(password)));
    // Let the queue settle, then release the hashes one at a time.
    for (let done = 0; done < 5; done += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(2);
      release.shift()?.();
    }
    expect(await all).toEqual(['hashed:a', 'hashed:b', 'hashed:c', 'hashed:d', 'hashed:e']);
    expect(most).toBe(2);
  });

  it('leaves one core for everything else, and hashes on a single-core machine too', () => {
    expect(hashConcurrency(1)).toBe(1);
    expect(hashConcurrency(2)).toBe(1);
    expect(hashConcurrency(8)).toBe(7);
  });

  it('hashes and verifies real passwords with better-auth’s scrypt', async () => {
    const passwordHashing = createPasswordHashing();
    const hash = await passwordHashing.hash('correct horse battery staple');
    expect(await passwordHashing.verify({ hash, password: 'correct horse battery staple' })).toBe(
      true,
    );
    expect(await passwordHashing.verify({ hash, password: 'correct horse battery stable' })).toBe(
      false,
    );
  });
});
