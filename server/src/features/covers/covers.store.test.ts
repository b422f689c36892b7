/**
 * The cover store kept in memory in front of PostgreSQL (API.md "Covers served by
 * Spincrate": `GET /covers/…` is served from it; issue 27's bench row ≤ 0.3 ms CPU).
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@/test/harness.js';
import { MemoryCachedCoverStore, PgCoverStore } from './covers.store.js';

const t = useTestApp();

const KEY = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);
const thumbnails = { small: Buffer.from('small webp bytes'), large: Buffer.from('large webp bytes') };

describe('MemoryCachedCoverStore', () => {
  it('serves a thumbnail it served before without reading PostgreSQL again', async () => {
    const store = new MemoryCachedCoverStore(new PgCoverStore(t.db));
    await store.put(KEY, 'https://img.example/1.jpg', thumbnails);
    expect(await store.get(KEY, 250)).toEqual(thumbnails.small);
    // Gone from the table: a read of PostgreSQL would now find nothing.
    await t.db.query('DELETE FROM covers WHERE key = $1', [KEY]);
    expect(await store.get(KEY, 250)).toEqual(thumbnails.small);
    // The other size was never served: it is read from the table, which no longer has it.
    expect(await store.get(KEY, 500)).toBeNull();
  });

  it('does not remember an unknown key: a cover finished later is served', async () => {
    const store = new MemoryCachedCoverStore(new PgCoverStore(t.db));
    expect(await store.get(OTHER, 500)).toBeNull();
    await new PgCoverStore(t.db).put(OTHER, 'https://img.example/2.jpg', thumbnails);
    expect(await store.get(OTHER, 500)).toEqual(thumbnails.large);
  });

  it('keeps at most its byte budget: the least recently served thumbnail is read again', async () => {
    const pg = new PgCoverStore(t.db);
    const store = new MemoryCachedCoverStore(pg, 40);
    const keys = ['c', 'd', 'e'].map((c) => c.repeat(32));
    for (const key of keys) {
      await pg.put(key, `https://img.example/${key}.jpg`, {
        small: Buffer.alloc(16, key),
        large: Buffer.alloc(16),
      });
      expect(await store.get(key, 250)).toEqual(Buffer.alloc(16, key));
    }
    // 3 × 16 bytes > 40: the first one left the memory; deleted from the table, it is gone.
    await t.db.query('DELETE FROM covers WHERE key = ANY($1)', [keys]);
    expect(await store.get(keys[0]!, 250)).toBeNull();
    expect(await store.get(keys[2]!, 250)).toEqual(Buffer.alloc(16, 'e'));
  });
});
