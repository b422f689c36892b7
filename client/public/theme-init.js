/* global window, document -- a plain browser script served from public/ */
// Puts the stored theme on the page before the app starts, so a dark-theme visitor sees
// no light flash (PRODUCT.md §3: theme kept across reloads). Same key as
// features/layout/layout.slice.ts THEME_STORAGE_KEY. A file of its own, which the
// development server loads as such; the app's server puts it inside the page, allowed by its
// hash in the CSP (server/src/lib/inlineScript.ts), so the page's first paint never waits
// for it to come over the network.
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
  // A signed-in collection page carries the first-visit loading screen, hidden
  // (server/src/lib/pageData.ts CRATE_LOADING_MARKUP): shown here, with the page's first
  // paint, for 1 s on the first visit of the browser session (PRODUCT.md §2, §9). The key is
  // LoadingScreen.tsx's LOADING_SHOWN_KEY: once set, the app does not show it again.
  var loading = document.getElementById('crate-loading');
  try {
    if (loading && !window.sessionStorage.getItem('spincrate.loadingShown')) {
      window.sessionStorage.setItem('spincrate.loadingShown', '1');
      loading.firstChild.src = logo.href;
      loading.hidden = false;
      setTimeout(function () {
        loading.remove();
      }, 1000);
    }
  } catch {
    // Storage unavailable: no loading screen (as LoadingScreen.tsx does).
  }
})();
