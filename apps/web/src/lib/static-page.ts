// The sign-in page arrives as markup in the HTML (dist/auth.html, written at build time by
// scripts/prerender.ts) beside the app's empty root, so that it paints before the app's code has
// loaded. When the app's first page renders, it takes the static page's place: in the same frame,
// with whatever was typed into it, and a form sent in the meantime is sent by the app
// (docs/decisions/0039-sign-in-page-in-the-html.md).

export const STATIC_PAGE_ID = 'static-page';

/** A form of the static page was sent before the app's page took over. */
let submitHeld = false;
/** The name of the static page's input that has the focus (the app's page takes it on mount). */
let focusedName: string | null = null;

const inputName = (element: Element | null) =>
  element instanceof HTMLInputElement && element.name ? element.name : null;

/**
 * From the app's first line on: a form sent on the static page waits for the app's own page
 * instead of going to the server (sent before that, it posts to /auth, which sends it back here:
 * no password in a URL), and the input with the focus is noted.
 */
export function watchStaticPage(): void {
  const page = document.getElementById(STATIC_PAGE_ID);
  if (!page) return;
  if (page.contains(document.activeElement)) focusedName = inputName(document.activeElement);
  page.addEventListener('submit', (event) => {
    event.preventDefault();
    submitHeld = true;
  });
  page.addEventListener('focusin', (event) => {
    focusedName = inputName(event.target as Element | null);
  });
}

/** Whether the static page is still showing (the app shows nothing of its own until it goes). */
export function hasStaticPage(): boolean {
  return document.getElementById(STATIC_PAGE_ID) !== null;
}

/**
 * Removes the static page, once the app has rendered its own. Text typed into the static page's
 * inputs moves to the app's inputs of the same name (unless the app's already hold some), and so
 * does the focus; a form sent meanwhile is sent again, from the app's page.
 */
export function handOverStaticPage(): void {
  const page = document.getElementById(STATIC_PAGE_ID);
  if (!page) return;
  const app = document.getElementById('root');
  const appInput = (name: string) => {
    const input = app?.querySelector(`input[name="${CSS.escape(name)}"]`);
    return input instanceof HTMLInputElement ? input : null;
  };
  // The app's copy of the static form: the form of its inputs of the same names (none when the
  // app went elsewhere, a signed-in visitor's dashboard say).
  let form: HTMLFormElement | null = null;
  for (const input of page.querySelectorAll('input')) {
    const target = input.name ? appInput(input.name) : null;
    form ??= target?.form ?? null;
    if (target && input.value && !target.value) setValue(target, input.value);
  }
  page.remove();
  if (focusedName) appInput(focusedName)?.focus();
  if (submitHeld && form) {
    // After React has taken in the values above (it renders their changes when this commit ends).
    setTimeout(() => form.requestSubmit(), 0);
  }
  submitHeld = false;
}

/** Sets an input's value as typing would: React's onChange sees it. */
function setValue(input: HTMLInputElement, value: string) {
  // React remembers the value it last set through the element's own property; the prototype's
  // setter goes around that, so the input event counts as a change.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
