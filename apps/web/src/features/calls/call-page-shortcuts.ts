// The call page's keyboard shortcuts, as the cheat sheet ('?') lists them. The call page binds
// them itself; keep this list and that behaviour in step.
import type { Shortcut } from '../../lib/shortcuts.ts';

export const CALL_PAGE_SHORTCUTS: Shortcut[] = [
  { keys: ['['], description: 'Previous call in the list' },
  { keys: [']'], description: 'Next call in the list' },
  { keys: ['Escape'], description: 'Back to the list' },
];
