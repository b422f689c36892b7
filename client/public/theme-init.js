/* global window, document -- a plain browser script served from public/ */
// Puts the stored theme on the page before the app starts, so a dark-theme visitor sees
// no light flash (PRODUCT.md §3: theme kept across reloads). Same key as
// features/layout/layout.slice.ts THEME_STORAGE_KEY. An external file because of the CSP
// (script-src 'self': no inline script).
(function () {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('spincrate.theme') === 'dark') theme = 'dark';
  } catch {
    // Storage unavailable: stay light.
  }
  document.body.classList.remove('light', 'dark');
  document.body.classList.add(theme);
  document.documentElement.setAttribute('data-bs-theme', theme);
  // The theme's logo (the landing's and the loading screen's largest image) is asked for
  // now, with the page's scripts, instead of once the app draws it (issue 11: LCP).
  var logo = document.createElement('link');
  logo.rel = 'preload';
  logo.as = 'image';
  logo.href = theme === 'dark' ? '/logo-white.svg' : '/logo-light.svg';
  document.head.appendChild(logo);
})();
