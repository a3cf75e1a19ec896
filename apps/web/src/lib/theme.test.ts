// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  watchTheme,
  DEFAULT_THEME,
  readStoredTheme,
  resolveTheme,
  setTheme,
  THEME_STORAGE_KEY,
} from './theme.ts';

function prefersDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});
afterEach(() => vi.unstubAllGlobals());

describe('theme (docs/product.md, "Constants")', () => {
  it("defaults to 'system' under the key 'theme'", () => {
    expect(THEME_STORAGE_KEY).toBe('theme');
    expect(DEFAULT_THEME).toBe('system');
    expect(readStoredTheme()).toBe('system');
    localStorage.setItem('theme', 'purple');
    expect(readStoredTheme()).toBe('system');
    localStorage.setItem('theme', 'dark');
    expect(readStoredTheme()).toBe('dark');
  });

  it('resolves system from the OS setting', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('puts the dark class on <html> and stores the choice', () => {
    prefersDark(true);
    applyTheme('system');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    setTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

describe('system theme follows the operating system live', () => {
  it('re-applies on an OS change while system is chosen, and ignores it otherwise', () => {
    let dark = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({
        get matches() {
          return dark;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      })),
    );
    setTheme('system');
    const stop = watchTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(false);

    dark = true;
    for (const listener of listeners) listener();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');

    setTheme('light');
    dark = false;
    for (const listener of listeners) listener();
    dark = true;
    for (const listener of listeners) listener();
    expect(document.documentElement.classList.contains('dark')).toBe(false);

    stop();
    expect(listeners.size).toBe(0);
  });
});
