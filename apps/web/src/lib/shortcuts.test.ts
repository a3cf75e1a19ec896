// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createShortcutHandler,
  keyLabel,
  SEQUENCE_TIMEOUT_MS,
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
