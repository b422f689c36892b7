/**
 * The service worker's caches of user data on this device (EXTENSIONS.md §9: "Logging out
 * deletes … the cached answers"): the covers a user saw, the signed-in session the worker
 * starts the app with offline, and any other runtime cache (an API cache). The precache of
 * the app's code is kept (lib/pwa/cacheNames.ts `isAppCodeCache`). The offline copy in
 * IndexedDB is deleted by its own module.
 */
import { isAppCodeCache, REMEMBER_SESSION_MESSAGE } from '@/lib/pwa/cacheNames';

/** localStorage key naming the user whose data the caches hold (their id), if known. */
const CACHE_OWNER_KEY = 'spincrate.cacheOwner';

/** localStorage, or undefined where it cannot be used (private modes, a sandbox). */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Deletes every cache but the app's code and forgets whose the caches were: at logout.
 * Never rejects: where there are no caches (an old browser, storage refused) there is
 * nothing to delete.
 */
export async function clearUserCaches(): Promise<void> {
  try {
    storage()?.removeItem(CACHE_OWNER_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !isAppCodeCache(name)).map((name) => caches.delete(name)));
  } catch {
    // The browser refused the cache storage (e.g. a private window): nothing to delete.
  }
}

/**
 * At sign-in: the caches become `userId`'s. When they held another user's data, or nobody
 * knows whose (the first sign-in of this version, a session that ran out), they are deleted
 * first ({@link clearUserCaches}). Then the service worker is asked to keep this session for
 * an offline start (it asks the server for a page). Never rejects.
 * @param userId - the signed-in user's id
 */
export async function claimUserCaches(userId: number): Promise<void> {
  let owner: string | null = null;
  try {
    owner = storage()?.getItem(CACHE_OWNER_KEY) ?? null;
  } catch {
    // Storage refused: the owner is unknown.
  }
  if (owner !== String(userId)) await clearUserCaches();
  try {
    storage()?.setItem(CACHE_OWNER_KEY, String(userId));
  } catch {
    // Storage refused: the next sign-in clears the caches again.
  }
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    navigator.serviceWorker.controller?.postMessage({ type: REMEMBER_SESSION_MESSAGE });
  }
}
