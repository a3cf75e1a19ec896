// The sign-in page arrives as markup in the HTML (dist/auth.html, written at build time by
// scripts/prerender.ts) beside the app's empty root, so that it paints before the app's code has
// loaded. A small script of its own (static-page-watch.ts) runs first and notes on the static page
// what the visitor does there. When the app's first page renders, it takes the static page's
// place: in the same frame, with whatever was typed into it and the focus where it was, and the
// last button pressed (or form sent) is pressed again on the app's page
// (docs/decisions/0039-sign-in-page-in-the-html.md).

export const STATIC_PAGE_ID = 'static-page';

/**
 * What the watcher notes on the static page, as attributes of its element. Each value is a
 * control's key (`controlKey`), or `submit` for the form sent.
 */
export const NOTES = {
  /** The form sent, or the last button pressed. */
  held: 'data-held',
  /** The control with the focus. */
  focused: 'data-focused',
  /** A button pressed down and not yet released: the hand-over may come between the two. */
  pressing: 'data-pressing',
} as const;

export const HELD_SUBMIT = 'submit';

/** What the sign-in button says while it signs in, on the app's page and on the static one. */
export const SIGNING_IN_LABEL = 'Signing in…';

/**
 * The `<template>` in the static page holding the notice that the app's code could not load
 * (rendered at build time like the page, so that it looks like the app's own alerts).
 */
export const LOAD_FAILED_ID = 'static-page-load-failed';

type Control = HTMLInputElement | HTMLButtonElement | HTMLAnchorElement;
type ControlKey = ['input', string] | ['button' | 'a', number, string];

const label = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent).trim();

const controlsOf = (root: ParentNode, tag: 'button' | 'a') => [...root.querySelectorAll(tag)];

/**
 * A control's key, the same on the static page and on the app's page of the same markup: an
 * input's name, or a button's or link's position among its kind with its label (checked when
 * found, so that a different page's control at the same place is never the one pressed).
 */
export function controlKey(root: ParentNode, element: Element | null): string | null {
  let key: ControlKey | null = null;
  if (element instanceof HTMLInputElement) key = element.name ? ['input', element.name] : null;
  else if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement) {
    const tag = element instanceof HTMLButtonElement ? 'button' : 'a';
    key = [tag, controlsOf(root, tag).indexOf(element), label(element)];
  }
  return key ? JSON.stringify(key) : null;
}

/** The control of `root` with this key, if it has one. */
export function findControl(root: ParentNode, key: string | null): Control | null {
  let parsed: unknown;
  try {
    parsed = key ? JSON.parse(key) : null;
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const [tag, at, text] = parsed as unknown[];
  if (tag === 'input' && typeof at === 'string') {
    return [...root.querySelectorAll('input')].find((input) => input.name === at) ?? null;
  }
  if ((tag !== 'button' && tag !== 'a') || typeof at !== 'number') return null;
  const found = controlsOf(root, tag)[at];
  return found && label(found) === text ? found : null;
}

/** Notes a press of one of the static page's buttons, for the app's page to press again. */
export function holdPress(page: HTMLElement, button: HTMLButtonElement): void {
  // A form sent stays sent: its button shows busy, and nothing pressed later takes its place.
  if (page.getAttribute(NOTES.held) === HELD_SUBMIT) return;
  // (A whole click on a submit button arrives as the submit event.)
  if (button.type === 'submit') page.setAttribute(NOTES.held, HELD_SUBMIT);
  // A toggle (show the password) is not pressed again: pressed twice, it would show it.
  else if (!button.hasAttribute('aria-controls')) {
    const key = controlKey(page, button);
    if (key) page.setAttribute(NOTES.held, key);
  }
}

/** Whether the static page is still showing (the app shows nothing of its own until it goes). */
export function hasStaticPage(): boolean {
  return document.getElementById(STATIC_PAGE_ID) !== null;
}

/**
 * Removes the static page, once the app has rendered its own. Text typed into the static page's
 * inputs moves to the app's inputs of the same name (unless the app's already hold some), and so
 * does the focus; what was pressed meanwhile is pressed again on the app's page. None of that when
 * the app went elsewhere (a signed-in visitor's dashboard, say).
 */
export function handOverStaticPage(): void {
  const page = document.getElementById(STATIC_PAGE_ID);
  if (!page) return;
  const pressing = findControl(page, page.getAttribute(NOTES.pressing));
  if (pressing instanceof HTMLButtonElement) holdPress(page, pressing);
  const app = document.getElementById('root');
  if (!app) {
    page.remove();
    return;
  }
  // The app's copy of the static form: the form of its inputs of the same names.
  let form: HTMLFormElement | null = null;
  for (const input of page.querySelectorAll('input')) {
    const target = findControl(app, controlKey(page, input));
    if (!(target instanceof HTMLInputElement)) continue;
    form ??= target.form;
    if (input.value && !target.value) setValue(target, input.value);
  }
  const held = page.getAttribute(NOTES.held);
  const focused = page.getAttribute(NOTES.focused);
  page.remove();
  if (!form) return;
  findControl(app, focused)?.focus();
  const button = held === HELD_SUBMIT ? null : findControl(app, held);
  // After React has taken in the values above (it renders their changes when this commit ends).
  if (held === HELD_SUBMIT) setTimeout(() => form.requestSubmit(), 0);
  else if (button instanceof HTMLButtonElement) setTimeout(() => button.click(), 0);
}

/** Sets an input's value as typing would: React's onChange sees it. */
function setValue(input: HTMLInputElement, value: string) {
  // React remembers the value it last set through the element's own property; the prototype's
  // setter goes around that, so the input event counts as a change.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
