// The sign-in page's first script: dist/auth.html loads it (built on its own by
// scripts/prerender.ts, about 1 KB compressed) before the app’s code, which is some 130 KB. From the
// moment it runs, nothing pressed on the static page is sent or lost: it notes on the page what
// was pressed, and where the focus is, and the app's page does it again when it takes over
// (lib/static-page.ts). Before it runs, the form posts to /auth, which sends it back here: no
// password in a URL.
import {
  HELD_SUBMIT,
  LOAD_FAILED_ID,
  NOTES,
  SIGNING_IN_LABEL,
  STATIC_PAGE_ID,
  controlKey,
  holdPress,
} from './static-page.ts';

export function watchStaticPage(page: HTMLElement): void {
  const note = (attribute: string, element: Element | null) => {
    const key = controlKey(page, element);
    if (key) page.setAttribute(attribute, key);
    else page.removeAttribute(attribute);
  };
  if (page.contains(document.activeElement)) note(NOTES.focused, document.activeElement);
  const buttonOf = (event: Event) =>
    event.target instanceof Element ? event.target.closest('button') : null;

  const submitButtons = [...page.querySelectorAll<HTMLButtonElement>('button[type="submit"]')];
  const labels = new Map(submitButtons.map((button) => [button, button.textContent]));
  // Busy, as the app's own button is while it signs in; sending again adds nothing. Not
  // `disabled`: that would take the focus off the button the visitor has just pressed.
  const showBusy = (busy: boolean) => {
    for (const button of submitButtons) {
      for (const attribute of ['aria-busy', 'aria-disabled']) {
        if (busy) button.setAttribute(attribute, 'true');
        else button.removeAttribute(attribute);
      }
      button.textContent = busy ? SIGNING_IN_LABEL : (labels.get(button) ?? '');
      button.style.opacity = busy ? '0.7' : '';
    }
  };
  // The app's code failed to arrive: nothing will take this page over.
  let failed = false;

  page.addEventListener('submit', (event) => {
    // Then the form posts, to /auth, which sends back a fresh page that loads the code again.
    if (failed) return;
    event.preventDefault();
    page.setAttribute(NOTES.held, HELD_SUBMIT);
    showBusy(true);
  });
  // The app's entry script, when it or a module it imports could not be fetched, fires `error`
  // at its element, which does not bubble: caught on the way down. Only the app's own module
  // scripts count (a blocked analytics script is no reason to give up on the page).
  const isAppScript = (target: EventTarget | null) =>
    target instanceof HTMLScriptElement &&
    target.type === 'module' &&
    target.src.startsWith(`${location.origin}/assets/`);
  window.addEventListener(
    'error',
    (event) => {
      if (failed || !isAppScript(event.target)) return;
      failed = true;
      page.removeAttribute(NOTES.held);
      showBusy(false);
      const notice = document.getElementById(LOAD_FAILED_ID);
      const form = page.querySelector('form');
      if (notice instanceof HTMLTemplateElement && form)
        form.prepend(notice.content.cloneNode(true));
    },
    true,
  );
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
