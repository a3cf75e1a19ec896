// The sign-in page's first script: dist/auth.html loads it (built on its own by
// scripts/prerender.ts, under 1 KB compressed) before the app's code, which is some 130 KB. From the
// moment it runs, nothing pressed on the static page is sent or lost: it notes on the page what
// was pressed, and where the focus is, and the app's page does it again when it takes over
// (lib/static-page.ts). Before it runs, the form posts to /auth, which sends it back here: no
// password in a URL.
import { HELD_SUBMIT, NOTES, STATIC_PAGE_ID, controlKey, holdPress } from './static-page.ts';

export function watchStaticPage(page: HTMLElement): void {
  const note = (attribute: string, element: Element | null) => {
    const key = controlKey(page, element);
    if (key) page.setAttribute(attribute, key);
    else page.removeAttribute(attribute);
  };
  if (page.contains(document.activeElement)) note(NOTES.focused, document.activeElement);
  const buttonOf = (event: Event) =>
    event.target instanceof Element ? event.target.closest('button') : null;

  page.addEventListener('submit', (event) => {
    event.preventDefault();
    page.setAttribute(NOTES.held, HELD_SUBMIT);
    // Busy, as the app's own button is while it signs in; sending again adds nothing. Not
    // `disabled`: that would take the focus off the button the visitor has just pressed.
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    for (const button of form?.querySelectorAll('button[type="submit"]') ?? []) {
      button.setAttribute('aria-busy', 'true');
      button.setAttribute('aria-disabled', 'true');
      if (button instanceof HTMLElement) button.style.opacity = '0.7';
    }
  });
  // A press in progress: the primary button, down on one of the page's buttons. Released
  // anywhere or cancelled (a swipe that began on it), it is no longer one.
  page.addEventListener('pointerdown', (event) => {
    note(NOTES.pressing, event.button === 0 ? buttonOf(event) : null);
  });
  const released = () => page.removeAttribute(NOTES.pressing);
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
  page.addEventListener('click', (event) => {
    page.removeAttribute(NOTES.pressing);
    const button = buttonOf(event);
    if (button && button.type !== 'submit') holdPress(page, button);
  });
  page.addEventListener('focusin', (event) => {
    note(NOTES.focused, event.target instanceof Element ? event.target : null);
  });
}

const page = document.getElementById(STATIC_PAGE_ID);
if (page) watchStaticPage(page);
