/**
 * An in-memory CacheStorage (the browser's `caches`, which jsdom lacks) for tests of code
 * that deletes or reads the service worker's caches: only the methods the app calls.
 */

/** One cache: request URLs and their bodies. */
export class FakeCache {
  readonly entries = new Map<string, string>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const body = this.entries.get(String(request instanceof Request ? request.url : request));
    return body === undefined ? undefined : new Response(body);
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(String(request instanceof Request ? request.url : request), await response.text());
  }
}

/** The cache storage: named caches, created on `open` as browsers do. */
export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  /**
   * @param names - caches to start with, each holding one entry
   */
  constructor(names: string[] = []) {
    for (const name of names) {
      const cache = new FakeCache();
      cache.entries.set(`https://spincrate.test/${name}`, name);
      this.caches.set(name, cache);
    }
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new FakeCache()));
    return cache;
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    for (const cache of this.caches.values()) {
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }
}
