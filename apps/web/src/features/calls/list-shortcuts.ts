// The call list's keyboard shortcuts, as the cheat sheet ('?') lists them. The list binds them
// itself; keep this list and that behaviour in step.
import type { Shortcut } from '../../lib/shortcuts.ts';

export const LIST_SHORTCUTS: Shortcut[] = [
  { keys: ['j'], description: 'Next call' },
  { keys: ['k'], description: 'Previous call' },
  { keys: ['Enter'], description: 'Open the call' },
  { keys: ['o'], description: 'Open the call' },
  { keys: ['x'], description: 'Select or deselect the call' },
  { keys: ['a'], description: 'Assign the selected calls' },
  { keys: ['s'], description: 'Change the status of the selected calls' },
  { keys: ['c'], description: 'Close the selected calls' },
];
