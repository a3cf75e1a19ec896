import { describe, expect, it } from 'vitest';
import { safeRedirectPath, signInPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('accepts in-app paths with their query and hash', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard');
    expect(safeRedirectPath('/call/abc?tab=transcript#t=30')).toBe('/call/abc?tab=transcript#t=30');
  });

  it.each([
    null,
    '',
    'dashboard',
    'https://evil.test/',
    '//evil.test/path',
    '/\\evil.test',
    'javascript:alert(1)',
    '/dash\nboard',
    // Dot segments that normalise to a host-relative `//…` path.
    '/.//evil.test/phish',
    '/..//evil.test',
    '/a/..//evil.test',
    '/./\\evil.test',
    '/.\\/evil.test',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('does not send anyone back to the signed-out screens', () => {
    expect(safeRedirectPath('/auth')).toBeNull();
    expect(safeRedirectPath('/auth?next=/auth')).toBeNull();
    expect(safeRedirectPath('/update-password?token=x')).toBeNull();
    expect(safeRedirectPath('/')).toBeNull();
  });
});

describe('signInPath', () => {
  it('remembers where the user was going', () => {
    expect(signInPath('/dashboard?status=closed')).toBe(
      '/auth?next=%2Fdashboard%3Fstatus%3Dclosed',
    );
  });

  it('drops targets that are not safe', () => {
    expect(signInPath('//evil.test')).toBe('/auth');
    expect(signInPath(null)).toBe('/auth');
  });
});
