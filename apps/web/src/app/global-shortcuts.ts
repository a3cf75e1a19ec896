// The shortcuts that work on every signed-in page (bound in app/keyboard-shortcuts.tsx).
import type { Shortcut } from '../lib/shortcuts.ts';

export const GLOBAL_SHORTCUTS = {
  search: { keys: ['/'], description: 'Search calls' },
  dashboard: { keys: ['g', 'd'], description: 'Go to the dashboard' },
  analytics: { keys: ['g', 'a'], description: 'Go to analytics' },
  palette: { keys: ['Mod+K'], description: 'Open the command palette' },
  cheatSheet: { keys: ['?'], description: 'Show keyboard shortcuts' },
} as const satisfies Record<string, Shortcut>;
