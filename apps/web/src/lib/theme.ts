// Light, dark or system (docs/product.md, "Constants"), stored under 'theme'.
// public/theme-init.js applies the stored choice before first paint with the same rules; keep the
// two in step.
import { useSyncExternalStore } from 'react';

export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;
export const DEFAULT_THEME: Theme = 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME; // storage blocked (private mode, policy)
  }
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

function systemPrefersDark(): boolean {
  // Every browser has matchMedia; test environments (jsdom) may not.
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const resolved = resolveTheme(theme, theme === 'system' && systemPrefersDark());
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

const listeners = new Set<() => void>();
let currentTheme: Theme | null = null;

function getTheme(): Theme {
  currentTheme ??= readStoredTheme();
  return currentTheme;
}

export function setTheme(theme: Theme): void {
  currentTheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted; still applied for this visit.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme and a setter. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getTheme, () => DEFAULT_THEME);
  return [theme, setTheme];
}

/**
 * Keeps the page in step with the system setting (while 'system' is chosen) and with a theme
 * chosen in another tab. Returns stop.
 */
export function watchTheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onSystemChange = () => {
    if (getTheme() === 'system') applyTheme('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    currentTheme = isTheme(event.newValue) ? event.newValue : DEFAULT_THEME;
    applyTheme(currentTheme);
    for (const listener of listeners) listener();
  };
  media.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
