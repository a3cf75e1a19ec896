// Keyboard shortcuts as the cheat sheet lists them: each screen declares its own list beside its
// code (for example features/calls/call-page-shortcuts.ts).

export interface Shortcut {
  /** The keys, in the order they are pressed ("[", "]", "Esc"). */
  keys: string[];
  description: string;
}
