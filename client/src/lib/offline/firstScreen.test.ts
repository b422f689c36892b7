/**
 * The collection's first screen the service worker reads from the offline copy for the page of an
 * offline start (EXTENSIONS.md §9), in fake-indexeddb: what it reads, and that it leaves no
 * database behind and never blocks a logout's delete.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { recordList } from '@spincrate/contract';
import { makeRecord } from '@/test/records';
import { deleteOfflineCopy, offlineDbName, openOfflineCopy, type OfflineMeta } from './db';
import { isCopyFirstScreen, readCopyFirstScreen } from './firstScreen';

const crate = Array.from({ length: 7 }, (_, i) =>
  makeRecord({
    id: i + 1,
    title: `Album ${i + 1}`,
    // Two records share a time: the newer id comes first (API.md "Lists at scale").
    date_added: `2026-0${1 + Math.min(i, 5)}-01T10:00:00.000Z`,
  }),
);

async function storeCopy(userId: number, meta: Partial<OfflineMeta> = {}) {
  const db = await openOfflineCopy(userId);
  for (const record of crate) await db.put('records', record);
  await db.put(
    'meta',
    {
      userId,
      recordsRev: 9,
      wantsRev: 0,
      syncedAt: '2026-11-20T09:41:00.000Z',
      persistAsked: true,
      ...meta,
    },
    'state',
  );
}

const databaseNames = async () => (await indexedDB.databases()).map((info) => info.name);

afterEach(async () => {
  await deleteOfflineCopy();
});

describe("the copy's first screen, read for the offline page", () => {
  it('is the newest records, the crate’s size and the sync time, as the collection shows them', async () => {
    await storeCopy(4, { counted: { rev: 9, records: 7 } });
    const screen = await readCopyFirstScreen(4, 3);
    expect(screen).toEqual({
      userId: 4,
      limit: 3,
      syncedAt: '2026-11-20T09:41:00.000Z',
      total: 7,
      records: recordList(crate, { sort: 'newest' }).slice(0, 3),
    });
    expect(screen?.records.map((record) => record.id)).toEqual([7, 6, 5]);
  });

  it('counts the records when the copy has not counted them at this revision', async () => {
    await storeCopy(4, { counted: { rev: 8, records: 99 } });
    expect((await readCopyFirstScreen(4, 60))?.total).toBe(7);
    expect((await readCopyFirstScreen(4, 60))?.records).toHaveLength(7);
  });

  it('is nothing before a complete sync, and nothing of a user with no copy (no database made)', async () => {
    await storeCopy(4, { syncedAt: null });
    expect(await readCopyFirstScreen(4, 60)).toBeUndefined();
    expect(await readCopyFirstScreen(5, 60)).toBeUndefined();
    expect(await databaseNames()).not.toContain(offlineDbName(5));
  });

  it('closes its connection: a logout deletes the copy right after', async () => {
    await storeCopy(4);
    expect(await readCopyFirstScreen(4, 2)).toBeDefined();
    // A connection left open would keep the delete waiting (blocked) until the test times out.
    await deleteOfflineCopy();
    expect(await databaseNames()).not.toContain(offlineDbName(4));
  });
});

describe('a first screen handed in a page', () => {
  const screen = {
    userId: 4,
    limit: 60,
    syncedAt: '2026-11-20T09:41:00.000Z',
    total: 1,
    records: [makeRecord({ id: 1 })],
  };

  it('is taken for its user and page size only, and only in that shape', () => {
    expect(isCopyFirstScreen(screen, 4, 60)).toBe(true);
    expect(isCopyFirstScreen(screen, 5, 60)).toBe(false);
    expect(isCopyFirstScreen(screen, 4, 30)).toBe(false);
    expect(isCopyFirstScreen({ ...screen, records: [{ title: 'no id' }] }, 4, 60)).toBe(false);
    expect(isCopyFirstScreen({ ...screen, syncedAt: null }, 4, 60)).toBe(false);
    expect(isCopyFirstScreen(null, 4, 60)).toBe(false);
  });
});
