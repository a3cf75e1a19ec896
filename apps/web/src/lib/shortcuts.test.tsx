// @vitest-environment jsdom
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  continuesShortcutSequence,
  createShortcutHandler,
  keyLabel,
  SEQUENCE_TIMEOUT_MS,
  useShortcuts,
  type KeyBinding,
} from './shortcuts.ts';

let clock = 0;
let ran: string[] = [];

function bindings(): KeyBinding[] {
  return [
    { keys: ['/'], run: () => ran.push('search') },
    { keys: ['?'], run: () => ran.push('help') },
    { keys: ['g', 'd'], run: () => ran.push('dashboard') },
    { keys: ['g', 'a'], run: () => ran.push('analytics') },
    { keys: ['Mod+K'], run: () => ran.push('palette'), inFields: true },
  ];
}

/** Presses keys on `target` (the body by default) through a handler on the document. */
function setUp() {
  const handler = createShortcutHandler(bindings, { now: () => clock });
  document.addEventListener('keydown', handler);
  return () => document.removeEventListener('keydown', handler);
}

function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

let tearDown: () => void;
beforeEach(() => {
  clock = 0;
  ran = [];
  document.body.innerHTML = '';
  tearDown = setUp();
});
afterEach(() => tearDown());

describe('global shortcuts', () => {
  it('runs a single-key shortcut and keeps the key from doing anything else', () => {
    const event = press('/');
    expect(ran).toEqual(['search']);
    expect(event.defaultPrevented).toBe(true);
  });

  it('times a sequence by when the keys were pressed, not by when the page handled them', () => {
    tearDown();
    const handler = createShortcutHandler(bindings);
    document.addEventListener('keydown', handler);
    tearDown = () => document.removeEventListener('keydown', handler);
    const g = new KeyboardEvent('keydown', { key: 'g', bubbles: true, cancelable: true });
    const a = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    document.body.dispatchEvent(g);
    // The page was busy for ten seconds between handling the two keys, pressed together.
    const later = Date.now() + 10_000;
    const clockSpy = vi.spyOn(Date, 'now').mockReturnValue(later);
    const performanceSpy = vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 10_000);
    document.body.dispatchEvent(a);
    clockSpy.mockRestore();
    performanceSpy.mockRestore();
    expect(ran).toEqual(['analytics']);
  });

  it('runs a sequence: g then d', () => {
    press('g');
    expect(ran).toEqual([]);
    press('d');
    expect(ran).toEqual(['dashboard']);
  });

  it('forgets the first key of a sequence after the timeout', () => {
    press('g');
    clock += SEQUENCE_TIMEOUT_MS + 1;
    press('d');
    expect(ran).toEqual([]);
  });

  it('starts again when a key breaks a sequence', () => {
    press('g');
    press('x');
    press('a');
    expect(ran).toEqual([]);
    press('g');
    press('g');
    press('a');
    expect(ran).toEqual(['analytics']);
  });

  it.each([
    ['a text input', () => Object.assign(document.createElement('input'), { type: 'text' })],
    ['a search input', () => Object.assign(document.createElement('input'), { type: 'search' })],
    ['a text area', () => document.createElement('textarea')],
    ['a select', () => document.createElement('select')],
    [
      'an editable element',
      () => {
        const div = document.createElement('div');
        div.setAttribute('contenteditable', 'true');
        div.append(document.createElement('span'));
        return div.firstElementChild ?? div;
      },
    ],
  ])('does nothing while the user types in %s', (_name, make) => {
    const field = make();
    document.body.append(field.closest('[contenteditable]') ?? field);
    const slash = press('/', field);
    press('?', field);
    press('g', field);
    press('d', field);
    expect(ran).toEqual([]);
    expect(slash.defaultPrevented).toBe(false); // the character is typed
  });

  it('still opens the palette with Ctrl+K or ⌘K from a field', () => {
    const input = document.createElement('input');
    document.body.append(input);
    press('k', input, { ctrlKey: true });
    press('K', input, { metaKey: true, shiftKey: true });
    expect(ran).toEqual(['palette', 'palette']);
  });

  it('works from a checkbox or a button, which take no text', () => {
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    document.body.append(checkbox);
    press('/', checkbox);
    expect(ran).toEqual(['search']);
  });

  it('does nothing when a modifier changes the key', () => {
    press('d', document.body, { altKey: true });
    press('/', document.body, { ctrlKey: true });
    expect(ran).toEqual([]);
  });

  it('does nothing while a dialog or menu is open, Ctrl+K included', () => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    press('?');
    press('g');
    press('d');
    press('k', document.body, { ctrlKey: true });
    dialog.setAttribute('role', 'menu');
    press('/');
    expect(ran).toEqual([]);
    dialog.remove();
    press('/');
    expect(ran).toEqual(['search']);
  });

  it('leaves keys that a control has already handled', () => {
    const button = document.createElement('button');
    button.addEventListener('keydown', (event) => event.preventDefault());
    document.body.append(button);
    press('/', button);
    expect(ran).toEqual([]);
  });

  it('ignores a held key repeating', () => {
    press('/', document.body, { repeat: true });
    expect(ran).toEqual([]);
  });
});

describe('keyLabel', () => {
  it('names the command key by platform', () => {
    expect(keyLabel('Mod+K', true)).toEqual(['⌘', 'K']);
    expect(keyLabel('Mod+K', false)).toEqual(['Ctrl', 'K']);
    expect(keyLabel('?', false)).toEqual(['?']);
    expect(keyLabel('+', false)).toEqual(['+']);
  });
});

describe('useShortcuts', () => {
  function Screen({ onAssign }: { onAssign: () => void }) {
    useShortcuts([{ keys: ['a'], run: onAssign }]);
    return null;
  }
  function Shell({ children }: { children: ReactNode }) {
    useShortcuts([{ keys: ['g', 'a'], run: () => ran.push('analytics') }]);
    return children;
  }

  it("lets the shell's g a finish over a screen's own a, which still works alone", () => {
    tearDown(); // only the hook's listener
    const view = render(
      <Shell>
        <Screen onAssign={() => ran.push('assign')} />
      </Shell>,
    );
    press('g');
    press('a');
    expect(ran).toEqual(['analytics']);
    press('a');
    expect(ran).toEqual(['analytics', 'assign']);
    view.unmount();
    press('g');
    press('a');
    expect(ran).toEqual(['analytics', 'assign']);
  });

  it('tells a listener of its own, called first, that a key continues the page’s sequence', () => {
    tearDown(); // only the hook's listener, and one registered before it (the call list's)
    const seen: string[] = [];
    const own = (event: KeyboardEvent) => {
      if (event.key === 'a') seen.push(continuesShortcutSequence(event) ? 'leave' : 'assign');
    };
    document.addEventListener('keydown', own);
    const view = render(<Shell>{null}</Shell>);
    press('a');
    press('g');
    press('a');
    expect(seen).toEqual(['assign', 'leave']);
    expect(ran).toEqual(['analytics']);
    // A sequence begun survives the screens re-mounting between its keys.
    press('g');
    view.rerender(<Shell key="again">{null}</Shell>);
    press('a');
    expect(ran).toEqual(['analytics', 'analytics']);
    view.unmount();
    document.removeEventListener('keydown', own);
  });
});
