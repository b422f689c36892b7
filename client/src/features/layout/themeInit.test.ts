/**
 * public/theme-init.js, the script the page runs before the app: the stored theme on the
 * page at once (PRODUCT.md §3: theme kept across reloads), and the first-visit loading
 * screen a signed-in collection page carries as markup (PRODUCT.md §2: "On the first visit
 * of a browser session a spinning-logo loading screen shows for 1 second"; §9: "flag kept
 * in session storage for the browser session").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SCRIPT = readFileSync(path.resolve(__dirname, '../../../public/theme-init.js'), 'utf8');

/**
 * The loading screen as the server sends it on a signed-in /user/profile (hidden), naming
 * the app's entry and the collection screen's files.
 */
const LOADING_MARKUP =
  '<div id="crate-loading" class="spincrate-loading" role="status" aria-live="polite"' +
  ' data-entry="/assets/index-e1.js" data-preload="/assets/screen-s1.css /assets/Collection-c1.js" hidden>' +
  '<img class="spincrate-loading__logo" alt="Spincrate" width="240" height="240">' +
  '<span class="visually-hidden">Loading your crate...</span></div>';

/** Runs the script as the page does, after the markup before it. */
function runScript(): void {
  new Function(SCRIPT)();
}

/** What the page has asked for besides the theme's logo: [rel or "script", path] of each link and module script added. */
function requested(): string[][] {
  const added = document.head.querySelectorAll(
    'link[rel$="preload"]:not([href$=".svg"]), script[type="module"]',
  );
  return [...added].map((el) =>
    el instanceof HTMLScriptElement
      ? ['script', el.getAttribute('src') ?? '']
      : [el.getAttribute('rel') ?? '', el.getAttribute('href') ?? ''],
  );
}

/** Every file of the page: the entry (preloaded and run), the screen's chunk and stylesheet. */
const ALL_FILES = [
  ['modulepreload', '/assets/index-e1.js'],
  ['preload', '/assets/screen-s1.css'],
  ['modulepreload', '/assets/Collection-c1.js'],
  ['script', '/assets/index-e1.js'],
];

function loadingScreen(): HTMLElement | null {
  return document.getElementById('crate-loading');
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.className = 'light';
  window.history.replaceState(null, '', '/');
});

/** The session block the server puts in a page's head: `{"user": User | null}`. */
function sessionBlock(user: { id: number; username: string } | null): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'spincrate-session';
  block.textContent = JSON.stringify({ user });
  document.head.appendChild(block);
}

/** The logo the page asked for ahead (a `preload` of an image), or null. */
function preloadedLogo(): string | null {
  return document.head.querySelector('link[rel="preload"][href$=".svg"]')?.getAttribute('href') ?? null;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('theme-init.js', () => {
  it('puts the stored dark theme on the page and asks for its logo', () => {
    localStorage.setItem('spincrate.theme', 'dark');
    runScript();
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(document.body.classList.contains('light')).toBe(false);
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]');
    expect(preload?.getAttribute('href')).toBe('/logo-white.svg');
  });

  it('asks for the logo only on pages that draw it: the landing and login signed out, About and Info', () => {
    // Signed out: the landing (or the login) draws the logo, wherever it is asked for.
    window.history.replaceState(null, '', '/user/profile');
    sessionBlock(null);
    runScript();
    expect(preloadedLogo()).toBe('/logo-light.svg');

    // Signed out on Registration or a shared crate: no logo there.
    for (const path of ['/registration', '/s/abcdefghijklmnopqrstuv']) {
      document.head.innerHTML = '';
      window.history.replaceState(null, '', path);
      sessionBlock(null);
      runScript();
      expect(preloadedLogo()).toBeNull();
    }

    // Signed in: the crate, the blindbag … draw no logo; About and Info do.
    for (const [path, logo] of [
      ['/user/profile', null],
      ['/blindbag', null],
      ['/about', '/logo-light.svg'],
      ['/info', '/logo-light.svg'],
    ] as const) {
      document.head.innerHTML = '';
      window.history.replaceState(null, '', path);
      sessionBlock({ id: 7, username: 'digger' });
      runScript();
      expect(preloadedLogo()).toBe(logo);
    }
  });

  it('starts signed out after a logout that could not reach the server, and ends the session once it answers', async () => {
    // EXTENSIONS.md §9: "Logging out deletes the offline copy, the outbox and the cached answers"
    // — done on the device at the shop; the server is told at the next start.
    localStorage.setItem('spincrate.logoutPending', '1');
    window.history.replaceState(null, '', '/user/profile');
    sessionBlock({ id: 7, username: 'digger' });
    const fetch = vi.fn((): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    runScript();
    expect(JSON.parse(document.getElementById('spincrate-session')!.textContent!)).toEqual({ user: null });
    expect(fetch).toHaveBeenCalledWith('/api/user/logout', expect.objectContaining({ method: 'POST' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    // Still unreachable: the mark stays for the next start.
    expect(localStorage.getItem('spincrate.logoutPending')).toBe('1');

    document.head.innerHTML = '';
    sessionBlock({ id: 7, username: 'digger' });
    fetch.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    runScript();
    await vi.waitFor(() => expect(localStorage.getItem('spincrate.logoutPending')).toBeNull());
    vi.unstubAllGlobals();
  });

  it('leaves a signed-in page as it is without the mark', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    sessionBlock({ id: 7, username: 'digger' });
    runScript();
    expect(JSON.parse(document.getElementById('spincrate-session')!.textContent!)).toEqual({
      user: { id: 7, username: 'digger' },
    });
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('shows the loading screen on the first visit of the session, with the light logo, for 1 second', () => {
    document.body.innerHTML = LOADING_MARKUP;
    runScript();
    const screen = loadingScreen()!;
    expect(screen.hidden).toBe(false);
    expect(screen.querySelector('img')!.getAttribute('src')).toMatch(/\/logo-light\.svg$/);
    expect(screen).toHaveTextContent('Loading your crate...');
    // The session's flag: the app's own loading screen (LoadingScreen.tsx) is not shown again.
    expect(sessionStorage.getItem('spincrate.loadingShown')).not.toBeNull();

    vi.advanceTimersByTime(999);
    expect(loadingScreen()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(loadingScreen()).toBeNull();
  });

  it('shows the white logo in the dark theme', () => {
    localStorage.setItem('spincrate.theme', 'dark');
    document.body.innerHTML = LOADING_MARKUP;
    runScript();
    expect(loadingScreen()!.hidden).toBe(false);
    expect(loadingScreen()!.querySelector('img')!.getAttribute('src')).toMatch(/\/logo-white\.svg$/);
  });

  it('leaves the loading screen hidden on a later visit of the same session', () => {
    sessionStorage.setItem('spincrate.loadingShown', '1');
    document.body.innerHTML = LOADING_MARKUP;
    runScript();
    vi.advanceTimersByTime(1000);
    expect(loadingScreen()?.hidden ?? true).toBe(true);
  });

  it("asks for the app's entry only after the loading screen's first frame on the first visit", () => {
    document.body.innerHTML = LOADING_MARKUP;
    runScript();
    // Only the theme's logo so far: the screen paints before the scripts compete with it.
    expect(requested()).toEqual([]);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    // The entry; it loads the screen's chunks itself, under the loading screen.
    const entry = [
      ['modulepreload', '/assets/index-e1.js'],
      ['script', '/assets/index-e1.js'],
    ];
    expect(requested()).toEqual(entry);
    // Asked for once, also when the screen ends.
    vi.advanceTimersByTime(1000);
    expect(requested()).toEqual(entry);
  });

  it("asks for the app's files at once on a later visit", () => {
    sessionStorage.setItem('spincrate.loadingShown', '1');
    document.body.innerHTML = LOADING_MARKUP;
    runScript();
    expect(requested().sort()).toEqual([...ALL_FILES].sort());
  });

  it('does nothing of the sort on a page without the loading screen', () => {
    runScript();
    expect(sessionStorage.getItem('spincrate.loadingShown')).toBeNull();
  });
});
