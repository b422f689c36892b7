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

/** The loading screen as the server sends it on a signed-in /user/profile (hidden). */
const LOADING_MARKUP =
  '<div id="crate-loading" class="spincrate-loading" role="status" aria-live="polite" hidden>' +
  '<img class="spincrate-loading__logo" alt="Spincrate" width="240" height="240">' +
  '<span class="visually-hidden">Loading your crate...</span></div>';

/** Runs the script as the page does, after the markup before it. */
function runScript(): void {
  new Function(SCRIPT)();
}

function loadingScreen(): HTMLElement | null {
  return document.getElementById('crate-loading');
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.className = 'light';
});

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

  it('does nothing of the sort on a page without the loading screen', () => {
    runScript();
    expect(sessionStorage.getItem('spincrate.loadingShown')).toBeNull();
  });
});
