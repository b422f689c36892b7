/**
 * The names the service worker (src/sw/sw.ts) and the page (lib/offline/caches.ts) share
 * (EXTENSIONS.md §9). Plain constants: imported by both a window and a worker.
 */

/**
 * Prefix of workbox's caches of the app's code (its precache: the shell, every screen's
 * chunk, the barcode decoder's `.wasm`). These are kept at logout; every other cache holds
 * what a user saw and is deleted ({@link isAppCodeCache}).
 */
export const APP_CODE_CACHE_PREFIX = 'spincrate-app';

/** The runtime cache of cover thumbnails (`/covers/…`): at most {@link COVERS_CACHE_MAX_ENTRIES}. */
export const COVERS_CACHE = 'spincrate-covers';

/** Most cover thumbnails the covers cache keeps; the least recently used go first. */
export const COVERS_CACHE_MAX_ENTRIES = 500;

/**
 * The cache of the signed-in user as the server last named them in a page (the page's
 * session data block): the service worker puts it into the shell it starts the app with
 * offline, so a signed-in user's app opens signed in.
 */
export const SESSION_CACHE = 'spincrate-session';

/**
 * The message a page sends the service worker after a sign-in: it asks the server for a page
 * and keeps the session it names ({@link SESSION_CACHE}).
 */
export const REMEMBER_SESSION_MESSAGE = 'REMEMBER_SESSION';

/** The message workbox-window sends a waiting service worker when the user asks for the new version. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * True for the caches of the app's code (workbox's precache, named from
 * {@link APP_CODE_CACHE_PREFIX}), false for the caches of user data.
 * @param name - a cache's name, as `caches.keys()` gives it
 */
export function isAppCodeCache(name: string): boolean {
  return name.startsWith(`${APP_CODE_CACHE_PREFIX}-precache`);
}
