// Applies the stored theme before first paint, so a dark-mode user never sees a white flash.
// Loaded as an external script because the CSP allows only script-src 'self'. Mirrors
// src/lib/theme.ts: key 'theme', values 'light' | 'dark' | 'system', default 'system'.
(function () {
  var theme = 'system';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch (error) {
    // storage blocked: use the default
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
