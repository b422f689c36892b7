/**
 * Spincrate's service worker (EXTENSIONS.md §9: the app opens without a network), built by
 * vite-plugin-pwa (`injectManifest`, vite.config.ts) into `/sw.js`, which workbox's list of
 * the build's files is written into.
 *
 * - **App code** (workbox precache): the shell (`/index.html`, a visitor's page the server
 *   serves with its CSP), every screen's chunk and stylesheet, the barcode decoder's `.wasm`,
 *   the icons, the manifest and the server's fallback cover (`/covers/fallback.svg`, answered
 *   from here, so a cover never kept shows it offline). A new version installs beside the
 *   running one and waits: the page offers "New version — reload"
 *   (lib/pwa/registerServiceWorker.ts), which sends {@link SKIP_WAITING_MESSAGE}; otherwise it
 *   takes over at the next start.
 * - **Pages** (navigations of the app's screens): from the network, as the server builds them
 *   (its session and configuration blocks, the CSP with its script hash). When the network
 *   cannot be reached, or answers 5xx, the precached shell, with the signed-in user the
 *   server last named in a page put into it ({@link SESSION_CACHE}), marked as started
 *   offline, and on the collection the files its screen starts with (as the server's last
 *   collection page named them) and its first screen read from the offline copy
 *   (lib/offline/firstScreen.ts). Navigations to server
 *   routes (`/api`, `/covers`, `/auth`) and files (a path with a dot: `/robots.txt`, the chat
 *   bot's page) get the network's answer as it is (a precached file offline), never the
 *   shell. Navigation preload starts every page's request while the worker starts.
 * - **Covers** (`/covers/…`, Spincrate's own thumbnails): cache first, at most
 *   {@link COVERS_CACHE_MAX_ENTRIES}, the cache emptied when the browser's quota is reached.
 *   Covers of other hosts are not handled (their answers are opaque: never cached).
 *
 * The caches of user data (covers, session) are deleted at logout by the page
 * (lib/offline/caches.ts); the precache stays.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions } from 'workbox-core/types.js';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  APP_CODE_CACHE_PREFIX,
  COVERS_CACHE,
  COVERS_CACHE_MAX_ENTRIES,
  REMEMBER_SESSION_MESSAGE,
  SESSION_CACHE,
  SKIP_WAITING_MESSAGE,
} from '@/lib/pwa/cacheNames';
import { jsonDataBlock, OFFLINE_RECORDS_BLOCK_ID, PRELOADED_SCREENS } from '@spincrate/contract/bootPage';
import { COLLECTION_FIRST_PAGE_SIZE } from '@spincrate/contract/limits';
import { FALLBACK_COVER } from '@/lib/fallbackCover';
import { readCopyFirstScreen } from '@/lib/offline/firstScreen';
import {
  crateLoadingPreloadsOf,
  namesUser,
  sessionBlockOf,
  sessionUserId,
  withCrateLoading,
  withPreloadLinks,
  withDataBlock,
  withOfflineStart,
  withSessionBlock,
} from '@/lib/pwa/sessionBlock';

declare let self: ServiceWorkerGlobalScope & {
  /** The build's files and their revisions, written in by workbox at build time. */
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** The precached shell: the server's `/index.html` (server/src/app/page.ts SHELL_PATH). */
const SHELL_URL = '/index.html';

/** Paths the server answers itself, never with the app's page. */
const SERVER_ROUTES = /^\/(api|covers|auth)(\/|$)/;

/** A path that names a file (its last segment has a dot): `/robots.txt`, `/chatbot-help.html`. */
const FILE_PATH = /\/[^/]*\.[^/]*$/;

/** The page the worker asks for after a sign-in, for the session it names (any screen's page would do). */
const SESSION_PAGE_URL = '/home';

/** Where {@link SESSION_CACHE} keeps the session block. */
const SESSION_KEY = new URL('/spincrate-offline-session', self.location.origin).href;

/**
 * Where {@link SESSION_CACHE} keeps the files the collection screen starts with (the
 * server's last signed-in collection page names them: its loading screen's `data-preload`).
 */
const PRELOADS_KEY = new URL('/spincrate-offline-preloads', self.location.origin).href;

setCacheNameDetails({ prefix: APP_CODE_CACHE_PREFIX });

/**
 * True for a navigation to one of the app's screens on this origin (not a server route or a file).
 * @param options - workbox's match options
 */
function isAppScreen({ request, url }: RouteMatchCallbackOptions): boolean {
  return (
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !SERVER_ROUTES.test(url.pathname) &&
    !FILE_PATH.test(url.pathname)
  );
}

/**
 * True when a page's answer may tell who is signed in: a 200 HTML page that may be stored
 * (a share link's page is `no-store`, and names its visitor only).
 * @param response - the server's answer to a navigation
 */
function namesSession(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('Content-Type') ?? '').startsWith('text/html') &&
    !/no-store/.test(response.headers.get('Cache-Control') ?? '')
  );
}

/**
 * Keeps the session block of a page the server sent ({@link SESSION_CACHE}); a page that
 * names nobody deletes the kept one (a visitor leaves no cache behind).
 * @param response - a page for which {@link namesSession} holds (its body is read)
 */
async function rememberSession(response: Response): Promise<void> {
  const page = await response.text();
  const block = sessionBlockOf(page);
  if (block === undefined) return;
  if (!namesUser(block)) {
    await caches.delete(SESSION_CACHE);
    return;
  }
  const cache = await caches.open(SESSION_CACHE);
  await cache.put(SESSION_KEY, new Response(block, { headers: { 'Content-Type': 'text/html' } }));
  // A signed-in collection page: the files its screen starts with, for the next offline start.
  const preloads = crateLoadingPreloadsOf(page);
  if (preloads !== undefined)
    await cache.put(
      PRELOADS_KEY,
      new Response(preloads.join(' '), { headers: { 'Content-Type': 'text/plain' } }),
    );
}

/** The build's files and their revisions (workbox writes them in at one place only). */
const PRECACHE_MANIFEST = self.__WB_MANIFEST;

/** Paths of the precached files (`/assets/…`, …). */
const PRECACHED = new Set(
  PRECACHE_MANIFEST.map(
    (entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.origin).pathname,
  ),
);

/**
 * The collection screen's files the server's last collection page named, those of this build
 * only (a page of an older build names files this worker does not hold): empty when none are kept.
 */
async function keptCollectionPreloads(): Promise<string[]> {
  const kept = await caches.match(PRELOADS_KEY, { cacheName: SESSION_CACHE });
  if (!kept) return [];
  return (await kept.text()).split(' ').filter((file) => PRECACHED.has(file));
}

/**
 * How long the page of an offline start waits at most for the offline copy's first screen (ms):
 * the page goes without it after that (the app then reads the copy itself).
 */
const FIRST_SCREEN_WAIT_MS = 500;

/**
 * The collection's first screen from the signed-in user's offline copy, as a data block for the
 * page (lib/offline/firstScreen.ts); empty when there is none or it takes over
 * {@link FIRST_SCREEN_WAIT_MS}.
 * @param sessionBlock - the kept session block (names the user)
 */
async function copyFirstScreenBlock(sessionBlock: string): Promise<string> {
  const userId = sessionUserId(sessionBlock);
  if (userId === undefined) return '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  const screen = await Promise.race([readCopyFirstScreen(userId, COLLECTION_FIRST_PAGE_SIZE), late]);
  clearTimeout(timer);
  return screen ? jsonDataBlock(OFFLINE_RECORDS_BLOCK_ID, screen) : '';
}

/**
 * The page the app starts with offline: the precached shell, with the kept session block
 * put into it and marked as started offline (`withOfflineStart`: the app then loads the
 * screen's code and the offline copy's reads at once), and for the collection's path the
 * first-visit loading screen too (as the server's page carries it: it shows while the app
 * starts, not after), the screen's files named in its head for preloading (`withPreloadLinks`:
 * the browser asks for them while it reads the page, not once the entry has run), and the collection's first screen read
 * from the offline copy (its covers show without the app opening the copy first). The shell's
 * own headers (its CSP names the hash of its inline script) stay.
 * @param url - the page asked for
 * @returns undefined when the shell is not cached
 */
async function offlinePage(url: URL): Promise<Response | undefined> {
  const shell = await matchPrecache(SHELL_URL);
  if (!shell) return undefined;
  // caches.match (not caches.open) creates no cache when none is kept.
  const kept = await caches.match(SESSION_KEY, { cacheName: SESSION_CACHE });
  if (!kept) return shell;
  const headers = new Headers(shell.headers);
  // The body is built here: no encoding, and a length of its own.
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  const session = await kept.text();
  let page = withOfflineStart(withSessionBlock(await shell.text(), session));
  if (url.pathname === PRELOADED_SCREENS.collection) {
    const [preloads, firstScreen] = await Promise.all([
      keptCollectionPreloads(),
      copyFirstScreenBlock(session),
    ]);
    page = withDataBlock(withPreloadLinks(withCrateLoading(page), preloads), firstScreen);
  }
  return new Response(page, {
    status: shell.status,
    statusText: shell.statusText,
    headers,
  });
}

/**
 * The answer navigation preload asked for while the worker started (undefined when there is none).
 * @param event - the navigation's fetch event
 * @throws TypeError when the network failed
 */
async function preloaded(event: ExtendableEvent): Promise<Response | undefined> {
  return 'preloadResponse' in event
    ? ((await (event as FetchEvent).preloadResponse) as Response | undefined)
    : undefined;
}

/**
 * Any other navigation of this origin (a server route, a file such as the chat bot's help
 * page): the network's answer as it is, taken from navigation preload so it is not asked for
 * twice; a precached file when the network fails; never the shell.
 * @param options - workbox's handler options
 * @throws TypeError when the network failed and nothing is precached (the browser's own error)
 */
async function serverPage({ event, request, url }: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return (await preloaded(event)) ?? (await fetch(request));
  } catch (err) {
    const cached = await matchPrecache(url.pathname);
    if (cached) return cached;
    throw err;
  }
}

/**
 * A screen's page: the server's (started before the worker by navigation preload), its
 * session kept; {@link offlinePage} when the network fails or the server answers 5xx.
 * @param options - workbox's handler options
 */
async function appScreen({ event, request, url }: RouteHandlerCallbackOptions): Promise<Response> {
  let response: Response | undefined;
  try {
    response = (await preloaded(event)) ?? (await fetch(request));
  } catch {
    response = undefined;
  }
  if (response && response.status < 500) {
    if (namesSession(response)) event.waitUntil(rememberSession(response.clone()).catch(() => undefined));
    return response;
  }
  return (await offlinePage(url)) ?? response ?? Response.error();
}

// Before the precache's route: workbox would answer `/` with its `index.html` (its directory index).
registerRoute(isAppScreen, appScreen);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  serverPage,
);

// The fallback cover (lib/covers.ts FALLBACK_COVER) from the precache, before the covers' route:
// the cover shown offline for every cover this device never kept (EXTENSIONS.md §9).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === FALLBACK_COVER,
  async ({ request }) => (await matchPrecache(FALLBACK_COVER)) ?? fetch(request),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/covers/'),
  new CacheFirst({
    cacheName: COVERS_CACHE,
    plugins: [
      // Only whole answers of this origin: a 404 of a cover still being made is asked again.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: COVERS_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

precacheAndRoute(PRECACHE_MANIFEST);
cleanupOutdatedCaches();
enableNavigationPreload();
// The first version controls the open page at once (nothing to reload); a later one waits.
clientsClaim();

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (type === SKIP_WAITING_MESSAGE) {
    void self.skipWaiting();
  } else if (type === REMEMBER_SESSION_MESSAGE) {
    event.waitUntil(
      fetch(SESSION_PAGE_URL)
        .then((response) => (namesSession(response) ? rememberSession(response) : undefined))
        .catch(() => undefined),
    );
  }
});
