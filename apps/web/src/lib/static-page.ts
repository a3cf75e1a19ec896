// The sign-in page arrives as markup in the HTML (dist/auth.html, written at build time by
// scripts/prerender.ts) beside the app's empty root, so that it paints before the app's code has
// loaded. When the app's first page renders, it takes the static page's place: in the same frame,
// with whatever was typed into it, and the last button pressed (or form sent) in the meantime is
// pressed again on the app's page (docs/decisions/0039-sign-in-page-in-the-html.md).

export const STATIC_PAGE_ID = 'static-page';

/**
 * What was pressed on the static page once the app's code ran: its form sent, or the button at
 * this position among its buttons (the app renders the same buttons in the same order).
 */
let held: { kind: 'submit' } | { kind: 'button'; index: number } | null = null;
/** The name of the static page's input that has the focus (the app's page takes it on mount). */
let focusedName: string | null = null;
/** A button pressed down and not yet released: the hand-over may come between the two. */
let pressing: HTMLButtonElement | null = null;

const inputName = (element: Element | null) =>
  element instanceof HTMLInputElement && element.name ? element.name : null;

/** Holds a press of one of the static page's buttons for the app's page. */
function hold(page: HTMLElement, button: HTMLButtonElement) {
  // (A whole click on a submit button arrives as the submit event.)
  if (button.type === 'submit') held = { kind: 'submit' };
  // A toggle (show the password) is not pressed again: pressed twice, it would show it.
  else if (!button.hasAttribute('aria-controls')) {
    held = { kind: 'button', index: [...page.querySelectorAll('button')].indexOf(button) };
  }
}

/**
 * From the app's first line on: what is pressed on the static page waits for the app's own page,
 * and the input with the focus is noted. (A form sent before that posts to /auth, which sends it
 * back here: no password in a URL.)
 */
export function watchStaticPage(): void {
  const page = document.getElementById(STATIC_PAGE_ID);
  if (!page) return;
  if (page.contains(document.activeElement)) focusedName = inputName(document.activeElement);
  page.addEventListener('submit', (event) => {
    event.preventDefault();
    held = { kind: 'submit' };
  });
  const buttonOf = (event: Event) =>
    event.target instanceof Element ? event.target.closest('button') : null;
  page.addEventListener('pointerdown', (event) => {
    pressing = buttonOf(event);
  });
  page.addEventListener('click', (event) => {
    pressing = null;
    const button = buttonOf(event);
    if (button && button.type !== 'submit') hold(page, button);
  });
  page.addEventListener('focusin', (event) => {
    focusedName = inputName(event.target instanceof Element ? event.target : null);
  });
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
  // A press begun on the static page and not yet ended.
  if (pressing) hold(page, pressing);
  const app = document.getElementById('root');
  const appInput = (name: string) => {
    const input = app?.querySelector(`input[name="${CSS.escape(name)}"]`);
    return input instanceof HTMLInputElement ? input : null;
  };
  // The app's copy of the static form: the form of its inputs of the same names.
  let form: HTMLFormElement | null = null;
  for (const input of page.querySelectorAll('input')) {
    const target = input.name ? appInput(input.name) : null;
    form ??= target?.form ?? null;
    if (target && input.value && !target.value) setValue(target, input.value);
  }
  const action = form ? held : null;
  const pressed = action?.kind === 'button' ? page.querySelectorAll('button')[action.index] : null;
  page.remove();
  held = null;
  pressing = null;
  if (!form) return;
  if (focusedName) appInput(focusedName)?.focus();
  const button = action?.kind === 'button' ? app?.querySelectorAll('button')[action.index] : null;
  // After React has taken in the values above (it renders their changes when this commit ends).
  if (action?.kind === 'submit') setTimeout(() => form.requestSubmit(), 0);
  else if (button && button.textContent === pressed?.textContent) {
    setTimeout(() => button.click(), 0);
  }
}

/** Sets an input's value as typing would: React's onChange sees it. */
function setValue(input: HTMLInputElement, value: string) {
  // React remembers the value it last set through the element's own property; the prototype's
  // setter goes around that, so the input event counts as a change.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
