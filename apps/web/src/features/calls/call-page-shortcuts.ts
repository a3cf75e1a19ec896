// The call page's keys (hooks/use-call-page-keys.ts handles them). None fires while typing in a
// field, and Esc not while a dialog or menu is open.
import type { Shortcut } from '../../lib/shortcuts.ts';

export const CALL_PAGE_SHORTCUTS: Shortcut[] = [
  { keys: ['['], description: 'Previous call in the list you came from' },
  { keys: [']'], description: 'Next call in the list you came from' },
  { keys: ['Esc'], description: 'Back to the list' },
  { keys: ['Enter'], description: 'Next match, in the transcript search' },
  { keys: ['Shift', 'Enter'], description: 'Previous match, in the transcript search' },
];
