/**
 * The offline copy's database names (EXTENSIONS.md §9), without IndexedDB's code: the sagas
 * read them at start without loading lib/offline/db.ts and `idb`.
 */

/** Every offline copy's database name starts with this; the user's id follows. */
export const OFFLINE_DB_PREFIX = 'spincrate-offline-';
/** localStorage key naming the database of the user last signed in (for browsers without `indexedDB.databases()`). */
export const CURRENT_DB_KEY = 'spincrate-offline-db';

/** The database name of a user's copy. */
export function offlineDbName(userId: number): string {
  return `${OFFLINE_DB_PREFIX}${userId}`;
}

/** What the copy's code uses of `localStorage`. */
interface KeyStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The page's `localStorage`; undefined where there is none: a worker (the service worker reads
 * the copy too: lib/offline/firstScreen.ts) and tests without a DOM.
 */
export function pageStorage(): KeyStore | undefined {
  return (globalThis as { localStorage?: KeyStore }).localStorage;
}

/**
 * Whether this browser holds `userId`'s copy, as far as the key set when it was opened tells
 * (lib/offline/db.ts `openOfflineCopy`): without one, nothing waits in its outbox or scans.
 * @returns false too when storage cannot be read
 */
export function hasOfflineCopy(userId: number): boolean {
  try {
    return pageStorage()?.getItem(CURRENT_DB_KEY) === offlineDbName(userId);
  } catch {
    return false;
  }
}
