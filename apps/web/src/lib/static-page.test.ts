// @vitest-environment jsdom
// The sign-in page's static copy and the app's page that takes its place: what the watcher notes
// while the app's code loads, and what the hand-over does with it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handOverStaticPage,
  hasStaticPage,
  LOAD_FAILED_ID,
  NOTES,
  STATIC_PAGE_ID,
} from './static-page.ts';
import { watchStaticPage } from './static-page-watch.ts';

// The same markup on both sides, as the build renders the app's own sign-in screen.
const SIGN_IN_FORM = `
  <form method="post">
    <input name="email" type="email">
    <a href="/forgot-password">Forgot password?</a>
    <input name="password" type="password" id="password">
    <button type="button" aria-controls="password" aria-label="Show password"></button>
    <button type="submit">Sign in</button>
    <button type="button">Email me a sign-in code instead</button>
  </form>`;

let page: HTMLElement;
let app: HTMLElement;

function renderStatic(appMarkup: string) {
  // With the notice for an app that fails to load, as the build renders it.
  const notice = `<template id="${LOAD_FAILED_ID}"><div role="alert">Could not load</div></template>`;
  document.body.innerHTML = `<div id="root"></div><div id="${STATIC_PAGE_ID}">${SIGN_IN_FORM}${notice}</div>`;
  page = document.getElementById(STATIC_PAGE_ID) as HTMLElement;
  app = document.getElementById('root') as HTMLElement;
  watchStaticPage(page);
  // The app renders its page into the root, then hands over in the same commit.
  return () => {
    app.innerHTML = appMarkup;
    handOverStaticPage();
  };
}

const inPage = (root: HTMLElement, selector: string) => root.querySelector(selector) as HTMLElement;
const button = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll('button')].find(
    (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent) === text,
  ) as HTMLButtonElement;

function type(input: HTMLElement, value: string) {
  (input as HTMLInputElement).value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The primary button goes down on `element`, and stays down. */
function pressDown(element: HTMLElement) {
  element.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
}

/** Lets the hand-over's deferred press run. */
const replayed = () => new Promise((resolve) => setTimeout(resolve, 0));

/** How many times the hand-over presses the app's button with this label. */
async function replayedPresses(label: string): Promise<number> {
  const pressed = vi.fn();
  button(app, label).addEventListener('click', pressed);
  await replayed();
  return pressed.mock.calls.length;
}

beforeEach(() => {
  vi.restoreAllMocks();
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the static sign-in page', () => {
  it('moves what was typed, and the focus, to the app’s inputs of the same name', () => {
    const renderApp = renderStatic(SIGN_IN_FORM);
    type(inPage(page, '[name=email]'), 'mia@example.com');
    type(inPage(page, '[name=password]'), 'secret words');
    inPage(page, '[name=password]').focus();

    renderApp();

    expect(hasStaticPage()).toBe(false);
    expect(inPage(app, '[name=email]')).toHaveProperty('value', 'mia@example.com');
    expect(inPage(app, '[name=password]')).toHaveProperty('value', 'secret words');
    expect(document.activeElement).toBe(inPage(app, '[name=password]'));
  });

  it('keeps the focus on a link or button, not only on an input', () => {
    const renderApp = renderStatic(SIGN_IN_FORM);
    inPage(page, 'a').focus();
    renderApp();
    expect(document.activeElement).toBe(inPage(app, 'a'));
  });

  it('holds a form sent before the app ran, shows it busy, and sends it from the app’s form', async () => {
    const renderApp = renderStatic(SIGN_IN_FORM);
    type(inPage(page, '[name=email]'), 'mia@example.com');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    inPage(page, 'form').dispatchEvent(submit);
    // The watcher stopped the browser's own post.
    expect(submit.defaultPrevented).toBe(true);
    // As the app's button says while it signs in.
    expect(button(page, 'Signing in…').getAttribute('aria-disabled')).toBe('true');
    expect(button(page, 'Signing in…').getAttribute('aria-busy')).toBe('true');

    renderApp();
    const appSubmit = vi.fn((event: Event) => event.preventDefault());
    inPage(app, 'form').addEventListener('submit', appSubmit);
    await replayed();

    expect(appSubmit).toHaveBeenCalledOnce();
    expect(inPage(app, '[name=email]')).toHaveProperty('value', 'mia@example.com');
  });

  it('says so when the app’s code fails to arrive, releases a held sign-in, and lets the form post', () => {
    renderStatic(SIGN_IN_FORM);
    const form = inPage(page, 'form');
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(page.getAttribute(NOTES.held)).toBe('submit');
    expect(page.querySelector('[role=alert]')).toBeNull();

    // The entry script's fetch fails: its element gets an `error` event, which does not bubble.
    const failedToFetch = (src: string) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = src;
      document.head.append(script);
      script.dispatchEvent(new Event('error'));
      script.remove();
    };
    // Another site's script failing is not the app failing.
    failedToFetch('https://analytics.example/script.js');
    expect(page.querySelector('[role=alert]')).toBeNull();
    failedToFetch('/assets/index-abc123.js');

    expect(form.firstElementChild?.getAttribute('role')).toBe('alert');
    expect(page.querySelectorAll('[role=alert]')).toHaveLength(1);
    expect(page.hasAttribute(NOTES.held)).toBe(false);
    const signIn = button(page, 'Sign in');
    expect(signIn.hasAttribute('aria-busy')).toBe(false);
    expect(signIn.hasAttribute('aria-disabled')).toBe(false);
    // Sent again, the browser posts it (to /auth, which answers with a fresh page).
    const again = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
  });

  it('presses the last button pressed again on the app’s page', async () => {
    const renderApp = renderStatic(SIGN_IN_FORM);
    button(page, 'Email me a sign-in code instead').click();
    renderApp();
    expect(await replayedPresses('Email me a sign-in code instead')).toBe(1);
  });

  it('holds a press that began on the static page and ends on the app’s', async () => {
    const renderApp = renderStatic(SIGN_IN_FORM);
    pressDown(button(page, 'Email me a sign-in code instead'));
    renderApp();
    expect(await replayedPresses('Email me a sign-in code instead')).toBe(1);
  });

  it('forgets a press that was cancelled or released elsewhere', async () => {
    for (const ending of ['pointercancel', 'pointerup'] as const) {
      const renderApp = renderStatic(SIGN_IN_FORM);
      pressDown(button(page, 'Email me a sign-in code instead'));
      // A swipe that began on the button, or a release outside the page.
      document.body.dispatchEvent(new MouseEvent(ending, { bubbles: true }));
      renderApp();
      expect(await replayedPresses('Email me a sign-in code instead'), ending).toBe(0);
    }
  });

  it('keeps a sent form sent when another button is pressed after it', async () => {
    const renderApp = renderStatic(SIGN_IN_FORM);
    inPage(page, 'form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    button(page, 'Email me a sign-in code instead').click();
    renderApp();
    const appSubmit = vi.fn((event: Event) => event.preventDefault());
    inPage(app, 'form').addEventListener('submit', appSubmit);
    expect(await replayedPresses('Email me a sign-in code instead')).toBe(0);
    expect(appSubmit).toHaveBeenCalledOnce();
  });

  it('does not press a toggle again: pressed twice, it would show the password', async () => {
    const renderApp = renderStatic(SIGN_IN_FORM);
    button(page, 'Show password').click();
    renderApp();
    expect(await replayedPresses('Show password')).toBe(0);
  });

  it('presses nothing when the app’s button in that place is another one', async () => {
    const renderApp = renderStatic(SIGN_IN_FORM.replace('Email me a sign-in code', 'Send a code'));
    button(page, 'Email me a sign-in code instead').click();
    renderApp();
    expect(await replayedPresses('Send a code instead')).toBe(0);
  });

  it('hands nothing over when the app went to another page', async () => {
    const renderApp = renderStatic(
      '<main><h1>Calls</h1><a href="/call/1">Forgot password?</a><button>Email me a sign-in code instead</button></main>',
    );
    type(inPage(page, '[name=email]'), 'mia@example.com');
    inPage(page, 'a').focus();
    button(page, 'Email me a sign-in code instead').click();
    renderApp();
    expect(await replayedPresses('Email me a sign-in code instead')).toBe(0);
    expect(hasStaticPage()).toBe(false);
    expect(document.activeElement).toBe(document.body);
  });
});
