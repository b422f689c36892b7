/* global window, document -- a plain browser script served from public/ */
// Puts the stored theme on the page before the app starts, so a dark-theme visitor sees
// no light flash (PRODUCT.md §3: theme kept across reloads). The element id and storage keys
// it names are the contract's (contract/src/bootPage.ts; the build checks they are here). A
// file of its own, which the development server loads as such; the build writes it minified
// into dist/boot.json with its hash (client/build/bootManifest.ts), and the app's server puts
// it inside the page, allowed by that hash in the CSP, so the page's first paint never waits
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
  // now, with the page's scripts, instead of once the app draws it (issue 11: LCP), on the
  // pages that draw it: About and Info, and every page but Registration and a shared crate's
  // for a visitor not signed in (the landing or the login). A signed-in page (the session
  // block names a user, or the service worker started it from the offline copy) has no
  // logo unless the loading screen below shows, and that asks for it itself.
  var logoHref = theme === 'dark' ? '/logo-white.svg' : '/logo-light.svg';
  var path = window.location.pathname;
  var signedIn = false;
  var session = document.getElementById('spincrate-session');
  // Logged out while the server could not be reached (the saga's pendingLogout): the page
  // starts signed out, whatever the session block says, and the session is ended now; the
  // mark goes once the server has answered (204, or 401: no session left).
  try {
    if (window.localStorage.getItem('spincrate.logoutPending')) {
      if (session) session.textContent = '{"user":null}';
      window
        .fetch('/api/user/logout', { method: 'POST', credentials: 'same-origin' })
        .then(function (response) {
          if (response.ok || response.status === 401)
            window.localStorage.removeItem('spincrate.logoutPending');
        })
        .catch(function () {
          // Still unreachable: the next start tries again.
        });
    }
  } catch {
    // Storage unavailable: nothing was marked.
  }
  try {
    signedIn = !!(session && JSON.parse(session.textContent).user);
  } catch {
    // An unreadable session block: the app will say; the logo may be wanted.
  }
  var startMeta = document.getElementsByName('spincrate-start')[0];
  var offline = !!startMeta && startMeta.getAttribute('content') === 'offline';
  if (
    path === '/about' ||
    path === '/info' ||
    (!signedIn && !offline && path !== '/registration' && path.indexOf('/s/') !== 0)
  ) {
    var logo = document.createElement('link');
    logo.rel = 'preload';
    logo.as = 'image';
    logo.href = logoHref;
    document.head.appendChild(logo);
  }
  // A signed-in collection page carries the first-visit loading screen, hidden
  // (server/src/app/pageData.ts crateLoadingMarkup): shown here, with the page's first
  // paint, for 1 s on the first visit of the browser session (PRODUCT.md §2, §9). The key is
  // LoadingScreen.tsx's LOADING_SHOWN_KEY: once set, the app does not show it again.
  var loading = document.getElementById('crate-loading');
  if (!loading) return;
  var shown = false;
  try {
    if (!window.sessionStorage.getItem('spincrate.loadingShown')) {
      window.sessionStorage.setItem('spincrate.loadingShown', '1');
      loading.firstChild.src = logoHref;
      loading.hidden = false;
      shown = true;
      setTimeout(function () {
        loading.remove();
      }, 1000);
    }
  } catch {
    // Storage unavailable: no loading screen (as LoadingScreen.tsx does).
  }
  // The page's entry script and the collection screen's files (data-entry, data-preload)
  // are asked for here. When the loading screen shows: the entry alone, once the screen has
  // been painted (at the latest when it ends), so that nothing holds its paint up on a slow
  // connection, and the app then loads its screen under it in smaller steps. Otherwise all of
  // them at once. (A page the service worker started without the server names its files in
  // its head instead, client/src/lib/pwa/sessionBlock.ts withPreloadLinks.)
  // The entry runs once the page is parsed, as a module script of the page would.
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var entry = loading.getAttribute('data-entry');
    var files = shown ? [] : (loading.getAttribute('data-preload') || '').split(' ');
    if (entry) files.unshift(entry);
    files.forEach(function (file) {
      if (!file) return;
      var link = document.createElement('link');
      if (/\.css$/.test(file)) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
      }
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    });
    if (!entry) return;
    function run() {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
    }
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
    else run();
  }
  if (shown) {
    window.requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 1000);
  } else {
    start();
  }
})();
