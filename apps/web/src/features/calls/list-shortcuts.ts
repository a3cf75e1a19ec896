// The call list's own keyboard shortcuts, declared once: the list acts on them
// (hooks/use-list-shortcuts.ts) and a cheat sheet can list them. They are single keys without
// modifiers, so they never fire while someone types in a field or while a dialog, menu or picker
// is open (`shortcutsBlocked`).

import { isTypingTarget, type Shortcut } from '../../lib/shortcuts.ts';

/** One key, as KeyboardEvent.key reports it, in the cheat sheet's shape (lib/shortcuts.ts). */
export interface ListShortcut extends Shortcut {
  keys: [string];
}

export const LIST_SHORTCUTS = [
  { keys: ['j'], description: 'Next call' },
  { keys: ['k'], description: 'Previous call' },
  { keys: ['o'], description: 'Open the call (also Enter)' },
  { keys: ['x'], description: 'Select or deselect the call' },
  { keys: ['a'], description: 'Assign the selected calls' },
  { keys: ['s'], description: 'Set the status of the selected calls' },
  { keys: ['c'], description: 'Close the selected calls (or the current one)' },
] as const satisfies readonly ListShortcut[];

export type ListShortcutKey = (typeof LIST_SHORTCUTS)[number]['keys'][0];

const KEYS = new Set<string>(LIST_SHORTCUTS.map((shortcut) => shortcut.keys[0]));

export function isListShortcut(key: string): key is ListShortcutKey {
  return KEYS.has(key);
}

/** Something that has the keyboard to itself: a dialog, a menu, a picker's list. */
const OVERLAY =
  '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], dialog[open]';

/** Whether a key press must be left alone rather than taken as a list shortcut. */
export function shortcutsBlocked(event: KeyboardEvent): boolean {
  return (
    event.defaultPrevented ||
    event.ctrlKey ||
    event.metaKey ||
    event.altKey ||
    event.isComposing ||
    isTypingTarget(event.target) ||
    document.querySelector(OVERLAY) !== null
  );
}
