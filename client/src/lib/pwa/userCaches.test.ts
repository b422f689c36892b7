/**
 * lib/offline/caches.ts (kept out of lib/offline/, which the offline copy's modules fill):
 * logout and a different user's sign-in delete the service worker's caches of user data and
 * keep the app's code (EXTENSIONS.md §9). The browser's CacheStorage is faked (jsdom has none).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCacheStorage } from '@/test/fakeCacheStorage';
import { claimUserCaches, clearUserCaches } from '@/lib/offline/caches';

/** What a signed-in user's device holds: the precache of the app's code, covers, the session, an API cache. */
const PRECACHE = 'spincrate-app-precache-v2-https://spincrate.test/';
const USER_DATA = ['spincrate-covers', 'spincrate-session', 'spincrate-api'];

let storage: FakeCacheStorage;

beforeEach(() => {
  storage = new FakeCacheStorage([PRECACHE, ...USER_DATA]);
  vi.stubGlobal('caches', storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('clearUserCaches (logout)', () => {
  it("deletes the covers, the session and any other cache of user data, and keeps the app's code", async () => {
    await clearUserCaches();
    expect(await storage.keys()).toEqual([PRECACHE]);
    // The app still starts offline: its shell is there.
    expect(await storage.match(`https://spincrate.test/${PRECACHE}`)).toBeDefined();
  });

  it('resolves where the browser has no caches or refuses them', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearUserCaches()).resolves.toBeUndefined();
    vi.stubGlobal('caches', { keys: () => Promise.reject(new DOMException('denied', 'SecurityError')) });
    await expect(clearUserCaches()).resolves.toBeUndefined();
  });
});

describe('claimUserCaches (sign-in)', () => {
  it("deletes another user's caches when a different user signs in", async () => {
    await claimUserCaches(2);
    storage = new FakeCacheStorage([PRECACHE, ...USER_DATA]);
    vi.stubGlobal('caches', storage);
    await claimUserCaches(3);
    expect(await storage.keys()).toEqual([PRECACHE]);
  });

  it('keeps the caches when the same user signs in again', async () => {
    await claimUserCaches(2);
    storage = new FakeCacheStorage([PRECACHE, ...USER_DATA]);
    vi.stubGlobal('caches', storage);
    await claimUserCaches(2);
    expect(await storage.keys()).toEqual([PRECACHE, ...USER_DATA]);
  });

  it('deletes caches nobody is known to own (a first sign-in), and a logout forgets the owner', async () => {
    await claimUserCaches(2);
    expect(await storage.keys()).toEqual([PRECACHE]);
    await clearUserCaches();
    storage = new FakeCacheStorage([PRECACHE, ...USER_DATA]);
    vi.stubGlobal('caches', storage);
    await claimUserCaches(2);
    expect(await storage.keys()).toEqual([PRECACHE]);
  });

  it('asks the service worker controlling the page to keep the new session', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: { controller: { postMessage } } });
    await claimUserCaches(4);
    expect(postMessage).toHaveBeenCalledWith({ type: 'REMEMBER_SESSION' });
  });
});
