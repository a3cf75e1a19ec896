// Runs before every test file. In the browser-like (jsdom) files, Testing Library's findBy and
// waitFor wait up to five seconds instead of one: a loaded machine renders slowly, and a test
// must fail on behaviour, not on the clock. Node-only files (the server's) skip the import.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

// jsdom has no ResizeObserver, which the call list's virtualiser uses: this one reports "no size
// change" once per observed element, as a browser does on observe. A test may stub its own.
if (typeof document !== 'undefined' && !Reflect.has(globalThis, 'ResizeObserver')) {
  class ResizeObserverShim {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe() {
      queueMicrotask(() => {
        this.callback([], this);
      });
    }
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: ResizeObserverShim });
}
