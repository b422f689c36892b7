/* global window, document -- a plain browser script served from public/ */
// Gives the chat-frame help page the app's theme (same origin, so the same localStorage
// key as the app: features/layout/layout.slice.ts THEME_STORAGE_KEY). An external file
// because the page runs under a CSP of default-src 'self' (no inline script).
(function () {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('spincrate.theme') === 'dark') theme = 'dark';
  } catch {
    // Storage unavailable: stay light.
  }
  document.documentElement.className = theme;
  window.addEventListener('storage', function (event) {
    if (event.key === 'spincrate.theme') {
      document.documentElement.className = event.newValue === 'dark' ? 'dark' : 'light';
    }
  });
})();
