// Keyboard shortcuts: how a screen declares them, so that the cheat sheet ('?') lists every one,
// and how they are matched. A screen binds its keys with useShortcuts; the cheat sheet imports
// each screen's list (app/global-shortcuts.ts, features/calls/list-shortcuts.ts,
// features/calls/call-page-shortcuts.ts).
//
// Shortcuts are single keys or short sequences ('g' then 'd'). They never fire while the user
// types in a field, nor while a dialog, menu or list box is open over the page, so that a letter
// always does what the focused control expects. A chord such as Ctrl+K (⌘K on a Mac) types
// nothing, so it may be allowed in fields.
import { useEffect, useRef } from 'react';

export interface Shortcut {
  /**
   * The keys, pressed one after another: ['g', 'd']. A modifier held with the next key comes
   * first (['Shift', 'Enter']), or a chord is one entry joined with '+'; 'Mod' is Ctrl, or ⌘ on
   * a Mac: ['Mod+K'].
   */
  keys: string[];
  description: string;
}

export interface KeyBinding {
  keys: readonly string[];
  run: (event: KeyboardEvent) => void;
  /** Also while typing in a field (for a chord, which types nothing). */
  inFields?: boolean;
}

/** The call list's search box, which `/` focuses (it carries the attribute data-call-search). */
export const CALL_SEARCH_SELECTOR = '[data-call-search]';

/** How long the next key of a sequence may take. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/** Input types that take text; a checkbox or a button does not. */
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'password',
  'tel',
  'url',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
]);

/** True when the key would go into a field the user is typing in. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('[contenteditable=""], [contenteditable="true"]') !== null;
}

const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"], dialog[open]';

/**
 * True when a dialog, menu or pop-over is open (Radix mounts them only while open), or when
 * focus is in a list box: their own keys come first.
 */
export function isOverlayOpen(target: EventTarget | null, doc: Document = document): boolean {
  if (target instanceof Element && target.closest(`${OVERLAYS}, [role="listbox"]`)) return true;
  return doc.querySelector(OVERLAYS) !== null;
}

/** Whether ⌘ (rather than Ctrl) is the platform's command key. */
export function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/u.test(navigator.platform);
}

function normaliseKey(key: string): string {
  const plus = key.lastIndexOf('+');
  if (plus <= 0) return key; // '+' alone is a key too
  return `${key.slice(0, plus)}+${key.slice(plus + 1).toLowerCase()}`;
}

/** The event as a binding names it ('g', '?', 'Mod+k'), or null for keys no shortcut uses. */
export function eventKey(event: KeyboardEvent): string | null {
  if (event.altKey) return null;
  if (['Shift', 'Control', 'Meta', 'Alt', 'CapsLock'].includes(event.key)) return null;
  if (event.ctrlKey || event.metaKey) {
    if (event.ctrlKey && event.metaKey) return null;
    return `Mod+${event.key.toLowerCase()}`;
  }
  return event.key;
}

function startsWith(keys: readonly string[], prefix: readonly string[]): boolean {
  return (
    prefix.length <= keys.length && prefix.every((key, i) => normaliseKey(keys[i] ?? '') === key)
  );
}

/**
 * A keydown listener that runs the binding whose keys were just pressed. Pure apart from the
 * clock, so that it can be tested without a browser. A sequence's time is when the keys were
 * pressed (the events' time stamps), not when the page got round to handling them: a page busy
 * drawing a list may handle 'g' and 'a' seconds apart though they were pressed together.
 */
export interface ShortcutHandler {
  (event: KeyboardEvent): void;
  /** Whether a sequence has begun ('g' pressed) and this event could continue it. */
  continuesSequence: (event: KeyboardEvent) => boolean;
}

export function createShortcutHandler(
  bindings: () => readonly KeyBinding[],
  {
    now = (event) => event.timeStamp,
    doc,
  }: { now?: (event: KeyboardEvent) => number; doc?: Document } = {},
): ShortcutHandler {
  let pending: string[] = [];
  let pendingAt = 0;
  const continuesSequence = (event: KeyboardEvent) =>
    pending.length > 0 && now(event) - pendingAt <= SEQUENCE_TIMEOUT_MS;
  const handler = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const key = eventKey(event);
    if (key === null) return;
    if (event.repeat) {
      pending = [];
      return;
    }
    if (isOverlayOpen(event.target, doc ?? event.view?.document ?? document)) {
      pending = [];
      return;
    }
    const typing = isTypingTarget(event.target);
    const usable = bindings().filter((binding) => binding.inFields || !typing);
    const time = now(event);
    const earlier = time - pendingAt <= SEQUENCE_TIMEOUT_MS ? pending : [];
    // The key continues the sequence so far, or failing that starts a new one.
    for (const sequence of earlier.length > 0 ? [[...earlier, key], [key]] : [[key]]) {
      const exact = usable.find(
        (binding) => binding.keys.length === sequence.length && startsWith(binding.keys, sequence),
      );
      if (exact) {
        pending = [];
        event.preventDefault();
        exact.run(event);
        return;
      }
      if (usable.some((binding) => startsWith(binding.keys, sequence))) {
        pending = sequence;
        pendingAt = time;
        return;
      }
    }
    pending = [];
  };
  return Object.assign(handler, { continuesSequence });
}

/**
 * Every mounted component's bindings, in the order they were bound (a screen's before the app
 * shell's around it: effects run child first), matched by one listener. One listener, so that a
 * sequence is one: after 'g', the list's own 'a' (assign) must not take the key that completes
 * the shell's 'g a' (analytics).
 */
const mounted = new Set<{ current: readonly KeyBinding[] }>();
// One handler for the page's life, so that a sequence begun survives the screens re-mounting.
const pageHandler = createShortcutHandler(() => [...mounted].flatMap((each) => each.current));
let attached = false;

function bind(entry: { current: readonly KeyBinding[] }): () => void {
  mounted.add(entry);
  if (!attached) {
    document.addEventListener('keydown', pageHandler);
    attached = true;
  }
  return () => {
    mounted.delete(entry);
    if (mounted.size === 0) {
      document.removeEventListener('keydown', pageHandler);
      attached = false;
    }
  };
}

/**
 * Whether this key may complete a shortcut sequence the page has begun ('a' after 'g'). A screen
 * with a listener of its own (the call list's single keys) leaves such a key to the sequence,
 * whichever listener the document happens to call first.
 */
export function continuesShortcutSequence(event: KeyboardEvent): boolean {
  return attached && pageHandler.continuesSequence(event);
}

/** Binds shortcuts on the whole page while the calling component is mounted. */
export function useShortcuts(bindings: readonly KeyBinding[]): void {
  const current = useRef(bindings);
  useEffect(() => {
    current.current = bindings;
  });
  useEffect(() => bind(current), []);
}

/** How a key reads on screen: 'Mod+K' is '⌘ K' on a Mac and 'Ctrl K' elsewhere. */
export function keyLabel(key: string, apple: boolean = isApplePlatform()): string[] {
  if (key.length > 1 && key.includes('+')) {
    return key.split('+').map((part) => (part === 'Mod' ? (apple ? '⌘' : 'Ctrl') : part));
  }
  return [key];
}
