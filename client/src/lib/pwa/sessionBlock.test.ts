import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOfflineStart, readBootSession, SESSION_DATA_ID } from '@/lib/bootSession';
import {
  crateLoadingPreloadsOf,
  namesUser,
  SESSION_BLOCK_ID,
  sessionBlockOf,
  sessionUserId,
  withCrateLoading,
  withDataBlock,
  withOfflineStart,
  withPreloadLinks,
  withSessionBlock,
} from './sessionBlock';

/** A page as the server writes it (server/src/app/page.ts sessionDataBlock, jsonDataBlock). */
const page = (session: string) =>
  '<!doctype html><html><head><title>Spincrate</title>' +
  `<script type="application/json" id="spincrate-session">${session}</script>` +
  '<script type="application/json" id="spincrate-config">{"chatbotName":"Crate Digger"}</script>' +
  '</head><body><div id="root"></div></body></html>';

/** The page's boot script (client/public/theme-init.js), run as the page runs it. */
const THEME_INIT = readFileSync(path.resolve(__dirname, '../../../public/theme-init.js'), 'utf8');

const riley = '{"user":{"id":3,"username":"riley\\u003c/script\\u003e"}}';

describe('the session block the service worker keeps (EXTENSIONS.md §9)', () => {
  it('is the block the app reads at start', () => {
    expect(SESSION_BLOCK_ID).toBe(SESSION_DATA_ID);
  });

  it('is found in a page, and tells a signed-in user from nobody', () => {
    const block = sessionBlockOf(page(riley));
    expect(block).toBe(`<script type="application/json" id="spincrate-session">${riley}</script>`);
    expect(namesUser(block!)).toBe(true);
    expect(namesUser(sessionBlockOf(page('{"user":null}'))!)).toBe(false);
    expect(sessionBlockOf('<html><body>no block</body></html>')).toBeUndefined();
  });

  it('puts the kept user into the shell, so the app starts signed in as the server last said', () => {
    const shell = page('{"user":null}');
    const started = withSessionBlock(shell, sessionBlockOf(page(riley))!);
    const doc = new DOMParser().parseFromString(started, 'text/html');
    expect(readBootSession(doc)).toEqual({
      user: { id: 3, username: 'riley</script>' },
      status: 'succeeded',
    });
    // The rest of the shell is untouched (its configuration block too).
    expect(started.replace(riley, '{"user":null}')).toBe(shell);
  });

  it('leaves a shell without a block as it is', () => {
    const shell = '<html><body><div id="root"></div></body></html>';
    expect(withSessionBlock(shell, sessionBlockOf(page(riley))!)).toBe(shell);
  });

  it("names the signed-in user's id, whose offline copy the offline page reads", () => {
    expect(sessionUserId(sessionBlockOf(page(riley))!)).toBe(3);
    expect(sessionUserId(sessionBlockOf(page('{"user":null}'))!)).toBeUndefined();
    expect(sessionUserId(sessionBlockOf(page('{"user":{"id":"3"}}'))!)).toBeUndefined();
    expect(sessionUserId(sessionBlockOf(page('{"user":'))!)).toBeUndefined();
  });
});

describe("the offline page's data block of the copy's first screen", () => {
  const block = '<script type="application/json" id="spincrate-offline-records">{"total":1}</script>';

  it('goes last in the head, where the server puts its blocks', () => {
    const started = withDataBlock(page(riley), block);
    const doc = new DOMParser().parseFromString(started, 'text/html');
    const element = doc.getElementById('spincrate-offline-records');
    expect(element?.parentElement?.tagName).toBe('HEAD');
    expect(doc.head.lastElementChild).toBe(element);
    expect(JSON.parse(element?.textContent ?? '')).toEqual({ total: 1 });
  });

  it('leaves a page without a head as it is, and an empty block changes nothing', () => {
    const headless = '<html><body><div id="root"></div></body></html>';
    expect(withDataBlock(headless, block)).toBe(headless);
    expect(withDataBlock(page(riley), '')).toBe(page(riley));
  });
});

describe("the offline collection page's first-visit loading screen (PRODUCT.md §2, EXTENSIONS.md §9)", () => {
  const shell =
    '<!doctype html><html><head><script type="module" src="/assets/index-e1.js"></script></head>' +
    '<body class="light"><script>/* theme-init */</script><div id="root"></div></body></html>';

  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it("shows with the first paint on the session's first visit and goes after 1 s, loading nothing twice", () => {
    vi.useFakeTimers();
    const offline = new DOMParser().parseFromString(withCrateLoading(shell), 'text/html');
    // First in the body, before the boot script that shows it.
    const first = offline.body.firstElementChild;
    expect(first?.id).toBe('crate-loading');
    expect(first?.nextElementSibling?.tagName).toBe('SCRIPT');
    document.body.replaceChildren(...[...offline.body.childNodes].map((n) => document.importNode(n, true)));
    const headBefore = document.head.querySelectorAll('script, link[rel="modulepreload"]').length;
    new Function(THEME_INIT)();
    const screen = document.getElementById('crate-loading');
    expect(screen?.hidden).toBe(false);
    expect(screen?.querySelector('img')?.getAttribute('src')).toMatch(/\/logo-light\.svg$/);
    expect(screen?.textContent).toBe('Loading your crate...');
    vi.advanceTimersByTime(1000);
    expect(document.getElementById('crate-loading')).toBeNull();
    // The shell's own entry script starts the app: the screen names no file to load.
    expect(document.head.querySelectorAll('script, link[rel="modulepreload"]').length).toBe(headBefore);
  });

  it('is put in once, and a page without a body is left as it is', () => {
    const once = withCrateLoading(shell);
    expect(once).not.toBe(shell);
    expect(withCrateLoading(once)).toBe(once);
    expect(once.replace(/<div id="crate-loading"[^]*?<\/div>/, '')).toBe(shell);
    expect(withCrateLoading('<html><head></head></html>')).toBe('<html><head></head></html>');
  });
});

describe('the mark of a page the service worker started offline', () => {
  const shell = page('{"user":null}');

  it('tells the app it started without the server; a page from the server has none', () => {
    const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
    expect(isOfflineStart(parse(withOfflineStart(shell)))).toBe(true);
    expect(isOfflineStart(parse(shell))).toBe(false);
    expect(isOfflineStart(parse(page(riley)))).toBe(false);
  });

  it('is put in once, first in the head, and a page without a head is left as it is', () => {
    const once = withOfflineStart(shell);
    expect(once).toBe(shell.replace('<head>', '<head><meta name="spincrate-start" content="offline">'));
    expect(withOfflineStart(once)).toBe(once);
    expect(withOfflineStart('<html><body></body></html>')).toBe('<html><body></body></html>');
  });
});

describe("the collection screen's files kept for an offline start", () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    document.body.innerHTML = '';
  });

  const served = (preloads: string) =>
    page(riley).replace(
      '<body>',
      `<body><div id="crate-loading" class="spincrate-loading" role="status" aria-live="polite" data-entry="/assets/index-e1.js" data-preload="${preloads}" hidden></div>`,
    );

  it("are read from the server's collection page, and a page without them names none", () => {
    expect(crateLoadingPreloadsOf(served('/assets/screen-s1.css /assets/Collection-c1.js'))).toEqual([
      '/assets/screen-s1.css',
      '/assets/Collection-c1.js',
    ]);
    expect(crateLoadingPreloadsOf(page(riley))).toBeUndefined();
  });

  it("are named in the offline page's head for the browser to fetch as it reads the page, and added by no script", () => {
    vi.useFakeTimers();
    const files = ['/assets/screen-s1.css', '/assets/Collection-c1.js', 'https://elsewhere.test/x.js'];
    const offline = new DOMParser().parseFromString(
      withPreloadLinks(withCrateLoading(page('{"user":null}')), files),
      'text/html',
    );
    const links = [...offline.head.querySelectorAll('link')].map((link) => ({
      rel: link.rel,
      as: link.getAttribute('as'),
      crossorigin: link.getAttribute('crossorigin'),
      href: link.getAttribute('href'),
    }));
    // Only the build's own files, with the attributes of the ones theme-init.js adds.
    expect(links).toEqual([
      { rel: 'preload', as: 'style', crossorigin: '', href: '/assets/screen-s1.css' },
      { rel: 'modulepreload', as: null, crossorigin: '', href: '/assets/Collection-c1.js' },
    ]);
    // The loading screen names no file, so the boot script adds none a second time.
    const screen = offline.getElementById('crate-loading');
    expect(screen?.hasAttribute('data-preload')).toBe(false);
    expect(screen?.hasAttribute('data-entry')).toBe(false);
    document.body.replaceChildren(...[...offline.body.childNodes].map((n) => document.importNode(n, true)));
    new Function(THEME_INIT)();
    vi.runAllTimers();
    expect(document.head.querySelectorAll('link[rel="modulepreload"], link[as="style"]')).toHaveLength(0);
  });

  it('leave a page without a head, or with no file of the build to name, as it is', () => {
    expect(withPreloadLinks('<html><body></body></html>', ['/assets/a.js'])).toBe(
      '<html><body></body></html>',
    );
    expect(withPreloadLinks(page(riley), ['javascript:alert(1)', '/assets/"x.js'])).toBe(page(riley));
  });
});
