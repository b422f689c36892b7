/**
 * Reads of the offline copy (EXTENSIONS.md §9) on fake-indexeddb: the wantlist with the server's
 * rules, a blindbag draw with the server's filters, and the barcode answer at the record shop
 * (both UPC-A/EAN-13 forms; API.md "Adding by barcode").
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordList, type CrateRecord, type Want } from '@spincrate/contract';
import { makeRecord } from '@/test/records';
import { isServerUnreachable, resetConnectivity, whenReachable } from '@/lib/connectivity';
import { deleteOfflineCopy, offlineDbName, openOfflineCopy } from './db';
import {
  answerBarcodeFromCopy,
  drawFromCopy,
  readCopyFirstRecords,
  readCopyFirstRecordsNow,
  readCopyRecords,
  readCopyWants,
} from './read';

/** IDBIndex with `getAllRecords` (Chromium 141 on, fake-indexeddb; not yet in TypeScript's DOM types). */
type WithGetAllRecords = IDBIndex & { getAllRecords: (options?: object) => IDBRequest };

const SYNCED = '2026-11-20T09:41:00.000Z';

function want(fields: Partial<Want>): Want {
  return {
    id: 1,
    title: 'Maggot Brain',
    artist: 'Funkadelic',
    year: 1971,
    barcode: null,
    mb_release_id: null,
    mb_release_group_id: null,
    coverart: '/covers/fallback.svg',
    priority: 2,
    max_price: null,
    notes: null,
    date_added: '2026-01-01T10:00:00.000Z',
    cover: null,
    ...fields,
  };
}

async function storeCopy(records = [makeRecord({ id: 1 })], wants: Want[] = []) {
  const db = await openOfflineCopy(1);
  for (const r of records) await db.put('records', r);
  for (const w of wants) await db.put('wants', w);
  await db.put(
    'meta',
    { userId: 1, recordsRev: 1, wantsRev: 1, syncedAt: SYNCED, persistAsked: true },
    'state',
  );
}

afterEach(async () => {
  await deleteOfflineCopy();
});

describe('reading the offline copy', () => {
  it('has nothing to show before a complete sync', async () => {
    await openOfflineCopy(1);
    expect(await readCopyRecords(1, { sort: 'newest' })).toBeUndefined();
  });

  it('lists the wants with the server’s sort and search', async () => {
    await storeCopy(
      [],
      [
        want({ id: 1, title: 'Blue Train', priority: 3 }),
        want({ id: 2, title: 'Kind of Blue', priority: 1 }),
        want({ id: 3, title: 'Maggot Brain', priority: 2 }),
      ],
    );
    const copy = await readCopyWants(1, 'priority', 'BLUE');
    expect(copy?.value.map((w) => w.title)).toEqual(['Kind of Blue', 'Blue Train']);
    expect(copy?.syncedAt).toBe(SYNCED);
  });

  it('draws only among the records the blindbag’s filters keep', async () => {
    await storeCopy([
      makeRecord({ id: 1, title: 'Spun yesterday', folder: 'Jazz', last_played: '2026-11-19' }),
      makeRecord({ id: 2, title: 'Never spun', folder: 'jazz', last_played: null }),
      makeRecord({ id: 3, title: 'Spun long ago', folder: 'Rock', last_played: '2026-01-01' }),
    ]);
    const today = new Date('2026-11-20T12:00:00Z');
    for (const random of [0, 0.5, 0.99]) {
      const copy = await drawFromCopy(1, { unplayedDays: 7, folder: 'JAZZ' }, () => random, today);
      expect(copy?.value?.title).toBe('Never spun');
    }
    const none = await drawFromCopy(1, { search: 'nothing like this' }, () => 0, today);
    expect(none?.value).toBeNull();
  });

  it('answers a barcode in either UPC-A or EAN-13 form, wants and other editions included', async () => {
    await storeCopy(
      [
        makeRecord({ id: 1, title: 'Dummy', artist: 'Portishead', barcode: '0042282855312' }),
        makeRecord({ id: 2, title: 'maggot brain', artist: 'FUNKADELIC', barcode: '5012345678900' }),
      ],
      [want({ id: 7, title: 'Maggot Brain', artist: 'Funkadelic', barcode: '724384960650' })],
    );
    const owned = await answerBarcodeFromCopy(1, '042282855312');
    expect(owned?.value.record).toEqual({ id: 1, title: 'Dummy', artist: 'Portishead' });
    expect(owned?.records).toBe(2);

    const wanted = await answerBarcodeFromCopy(1, '0724384960650');
    expect(wanted?.value).toEqual({
      record: null,
      want: { id: 7, title: 'Maggot Brain', artist: 'Funkadelic' },
      otherEditions: [{ id: 2, title: 'maggot brain', artist: 'FUNKADELIC' }],
    });

    const unknown = await answerBarcodeFromCopy(1, '96385074');
    expect(unknown?.value).toEqual({ record: null, want: null, otherEditions: [] });
  });

  it('finds other editions by artist and title ignoring case as the server’s lower() does', async () => {
    // API.md "Adding by barcode": other editions are the same release group or "the same artist
    // and title, ignoring case" as the server's lower(a) = lower(b): it makes İ "i" and Σ always σ.
    await storeCopy(
      [
        makeRecord({ id: 1, title: 'istanbul sessions', artist: 'ILHAN', barcode: '5012345678900' }),
        makeRecord({ id: 2, title: 'οδυσσεας', artist: 'Vangelis', barcode: '5012345678917' }),
        makeRecord({ id: 3, title: 'οδυσσεασ', artist: 'VANGELIS', barcode: null }),
      ],
      [
        want({ id: 7, title: 'İSTANBUL SESSIONS', artist: 'Ilhan', barcode: '96385074' }),
        want({ id: 8, title: 'ΟΔΥΣΣΕΑΣ', artist: 'Vangelis', barcode: '4006381333931' }),
      ],
    );
    expect((await answerBarcodeFromCopy(1, '96385074'))?.value.otherEditions).toEqual([
      { id: 1, title: 'istanbul sessions', artist: 'ILHAN' },
    ]);
    expect((await answerBarcodeFromCopy(1, '4006381333931'))?.value.otherEditions).toEqual([
      { id: 3, title: 'οδυσσεασ', artist: 'VANGELIS' },
    ]);
  });

  /** A crate whose newest order needs both the time and the id (ties, and ids against the time). */
  function crate(): CrateRecord[] {
    return [
      makeRecord({ id: 1, title: 'Blue Train', date_added: '2026-03-01T10:00:00.000Z' }),
      makeRecord({ id: 2, title: 'Kind of Blue', date_added: '2026-01-01T10:00:00.000Z' }),
      makeRecord({ id: 3, title: 'Moon Steps', date_added: '2026-03-01T10:00:00.000Z' }),
      makeRecord({ id: 4, title: 'Red River', date_added: '2025-12-31T23:59:59.999Z' }),
      makeRecord({ id: 5, title: 'Blue Garden', date_added: '2026-02-01T00:00:00.000Z', folder: 'Jazz' }),
    ];
  }

  it('reads the newest first page without the rest, in the server’s order, with the crate’s size', async () => {
    const records = crate();
    await storeCopy(records);
    const first = await readCopyFirstRecords(1, { sort: 'newest' }, 3);
    const newest = recordList(records, { sort: 'newest' });
    expect(first?.value.records.map((r) => r.id)).toEqual(newest.slice(0, 3).map((r) => r.id));
    expect(first?.value.records.map((r) => r.id)).toEqual([3, 1, 5]);
    expect(first?.value.total).toBe(5);
    // The page ends inside two records added at the same time: the higher id first.
    expect((await readCopyFirstRecords(1, { sort: 'newest' }, 1))?.value.records.map((r) => r.id)).toEqual([
      3,
    ]);
    expect((await readCopyFirstRecords(1, { sort: 'newest' }, 9))?.value.records.map((r) => r.id)).toEqual(
      newest.map((r) => r.id),
    );
    expect(first?.syncedAt).toBe(SYNCED);
    // Where the browser has no getAllRecords (before Chromium 141): the same page, through a key cursor.
    const getAllRecords = Object.getOwnPropertyDescriptor(IDBIndex.prototype, 'getAllRecords')!;
    delete (IDBIndex.prototype as unknown as Record<string, unknown>).getAllRecords;
    try {
      for (const limit of [1, 3, 9])
        expect((await readCopyFirstRecords(1, { sort: 'newest' }, limit))?.value).toEqual({
          records: newest.slice(0, limit),
          total: 5,
        });
    } finally {
      Object.defineProperty(IDBIndex.prototype, 'getAllRecords', getAllRecords);
    }
    // Searched before any search texts were kept, filtered or another order: the whole list
    // is read instead.
    expect(await readCopyFirstRecords(1, { sort: 'newest', search: 'blue' }, 3)).toBeUndefined();
    expect(await readCopyFirstRecords(1, { sort: 'newest', folder: 'Jazz' }, 3)).toBeUndefined();
    expect(await readCopyFirstRecords(1, { sort: 'artist_asc' }, 3)).toBeUndefined();
  });

  it('lists the whole crate as the server does, searched and sorted again from memory', async () => {
    const records = crate();
    await storeCopy(records);
    for (const rules of [
      { sort: 'newest' as const },
      { sort: 'newest' as const, search: ' BLUE ' },
      { sort: 'title_asc' as const, search: 'blue' },
      { sort: 'oldest' as const, folder: 'jazz' },
    ]) {
      const copy = await readCopyRecords(1, rules);
      expect(copy?.value.map((r) => r.id)).toEqual(recordList(records, rules).map((r) => r.id));
      expect(copy?.records).toBe(5);
    }
    const first = await readCopyFirstRecords(1, { sort: 'newest' }, 2);
    expect(first?.value).toEqual({ records: recordList(records, { sort: 'newest' }).slice(0, 2), total: 5 });
  });

  it('reads the crate again once a sync changed it', async () => {
    await storeCopy(crate());
    expect((await readCopyRecords(1, { sort: 'newest', search: 'blue' }))?.value.map((r) => r.id)).toEqual([
      1, 5, 2,
    ]);
    // A sync's page: a new record, one deleted, and the records' revision moved on.
    const db = await openOfflineCopy(1);
    await db.put(
      'records',
      makeRecord({ id: 6, title: 'Blue Note', date_added: '2026-04-01T00:00:00.000Z' }),
    );
    await db.delete('records', 5);
    const meta = await db.get('meta', 'state');
    await db.put('meta', { ...meta!, recordsRev: 2 }, 'state');
    const copy = await readCopyRecords(1, { sort: 'newest', search: 'blue' });
    expect(copy?.value.map((r) => r.id)).toEqual([6, 1, 2]);
    expect(copy?.records).toBe(5);
    expect((await readCopyFirstRecords(1, { sort: 'newest' }, 1))?.value.records.map((r) => r.id)).toEqual([
      6,
    ]);
  });

  it('asks IndexedDB for the copy’s state once while the server is out of reach, again once it answers', async () => {
    await storeCopy(crate());
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    try {
      void whenReachable();
      await vi.waitFor(() => expect(isServerUnreachable()).toBe(true));
      const get = vi.spyOn(IDBObjectStore.prototype, 'get');
      const stateReads = () => get.mock.calls.filter(([key]) => key === 'state').length;
      const search = async () =>
        (await readCopyRecords(1, { sort: 'newest', search: 'blue' }))?.value.map((r) => r.id);
      expect(await search()).toEqual([1, 5, 2]);
      expect(stateReads()).toBe(1);
      // Typing on at the shop: the same answers, from memory.
      expect(await search()).toEqual([1, 5, 2]);
      expect((await readCopyRecords(1, { sort: 'title_asc', search: 'blue' }))?.records).toBe(5);
      expect(stateReads()).toBe(1);
      // The server answers again (a sync may follow): the state is read again.
      resetConnectivity();
      expect(await search()).toEqual([1, 5, 2]);
      expect(stateReads()).toBe(2);
    } finally {
      vi.restoreAllMocks();
      resetConnectivity();
    }
  });

  it('answers a list at once, from memory, while the server is out of reach and the copy was read meanwhile', async () => {
    const records = crate();
    await storeCopy(records);
    const rules = { sort: 'newest' as const, search: 'blue' };
    await readCopyRecords(1, rules);
    // The server answers: a sync may change the copy, so IndexedDB is asked.
    expect(readCopyFirstRecordsNow(1, rules, 2)).toBeUndefined();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    try {
      void whenReachable();
      await vi.waitFor(() => expect(isServerUnreachable()).toBe(true));
      // The copy's state not read since the server went out of reach.
      expect(readCopyFirstRecordsNow(1, rules, 2)).toBeUndefined();
      await readCopyRecords(1, rules);
      for (const shown of [
        rules,
        { sort: 'title_asc' as const, search: 'BLUE' },
        { sort: 'oldest' as const, folder: 'jazz' },
        { sort: 'newest' as const },
      ]) {
        const list = recordList(records, shown);
        const now = readCopyFirstRecordsNow(1, shown, 2);
        expect(now).toEqual({
          value: { records: list.slice(0, 2), total: list.length },
          syncedAt: SYNCED,
          records: 5,
        });
      }
      // Another user's list is never answered from this copy.
      expect(readCopyFirstRecordsNow(2, rules, 2)).toBeUndefined();
      // The server answers again.
      resetConnectivity();
      expect(readCopyFirstRecordsNow(1, rules, 2)).toBeUndefined();
    } finally {
      vi.restoreAllMocks();
      resetConnectivity();
    }
  });

  it('keeps a copy made before the date index and reads it in the newest order', async () => {
    // The first version of the database: the stores without the index.
    const old = await openDB(offlineDbName(1), 1, {
      upgrade(database) {
        database.createObjectStore('records', { keyPath: 'id' });
        database.createObjectStore('wants', { keyPath: 'id' });
        database.createObjectStore('meta');
        database.createObjectStore('outbox', { keyPath: 'clientId' });
        database.createObjectStore('scans', { keyPath: 'code' });
      },
    });
    for (const record of crate()) await old.put('records', record);
    await old.put(
      'meta',
      { userId: 1, recordsRev: 1, wantsRev: 1, syncedAt: SYNCED, persistAsked: true },
      'state',
    );
    old.close();
    const first = await readCopyFirstRecords(1, { sort: 'newest' }, 5);
    expect(first?.value.records.map((r) => r.id)).toEqual([3, 1, 5, 2, 4]);
  });

  /** The app opened again: read.ts and db.ts anew, nothing of the crate in memory. */
  async function nextStart(): Promise<typeof import('./read')> {
    vi.resetModules();
    return import('./read');
  }

  it('keeps the crate read whole for the next start, which lists it without reading the records', async () => {
    const records = crate();
    await storeCopy(records);
    expect((await readCopyRecords(1, { sort: 'newest', search: 'blue' }))?.value.map((r) => r.id)).toEqual([
      1, 5, 2,
    ]);
    const db = await openOfflineCopy(1);
    await vi.waitFor(async () => expect(await db.get('crate', 'snapshot')).toMatchObject({ rev: 1 }));
    // The records store emptied behind its back (no sync does that without moving the revision):
    // the next start still lists the crate, so it came from the kept snapshot.
    await db.clear('records');
    const reads = await nextStart();
    for (const rules of [
      { sort: 'newest' as const, search: ' BLUE ' },
      { sort: 'title_asc' as const },
      { sort: 'oldest' as const, folder: 'jazz', search: 'garden' },
    ]) {
      const copy = await reads.readCopyRecords(1, rules);
      expect(copy?.value.map((r) => r.id)).toEqual(recordList(records, rules).map((r) => r.id));
      expect(copy?.value).toEqual(recordList(records, rules));
    }
  });

  it('shows an edit and a delete synced after the crate was kept in the next start’s search', async () => {
    await storeCopy(crate());
    await readCopyRecords(1, { sort: 'newest' });
    const db = await openOfflineCopy(1);
    await vi.waitFor(async () => expect(await db.get('crate', 'snapshot')).toMatchObject({ rev: 1 }));
    // A sync's page: record 4 renamed, record 5 deleted, the records' revision moved on.
    await db.put(
      'records',
      makeRecord({ id: 4, title: 'Blue River', date_added: '2025-12-31T23:59:59.999Z' }),
    );
    await db.delete('records', 5);
    const meta = await db.get('meta', 'state');
    await db.put('meta', { ...meta!, recordsRev: 2 }, 'state');
    const reads = await nextStart();
    const copy = await reads.readCopyRecords(1, { sort: 'newest', search: 'blue' });
    expect(copy?.value.map((r) => r.id)).toEqual([1, 2, 4]);
    expect(copy?.value.find((r) => r.id === 4)?.title).toBe('Blue River');
    // And kept again at the new revision.
    await vi.waitFor(async () => expect(await db.get('crate', 'snapshot')).toMatchObject({ rev: 2 }));
  });

  it('answers a search right after the start from the kept search texts, without reading the whole crate', async () => {
    const records = crate();
    await storeCopy(records);
    await readCopyRecords(1, { sort: 'newest' });
    const db = await openOfflineCopy(1);
    await vi.waitFor(async () => expect(await db.get('crate', 'search')).toMatchObject({ rev: 1 }));
    const reads = await nextStart();
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    try {
      for (const [rules, limit] of [
        [{ sort: 'newest' as const, search: ' BLUE ' }, 2],
        [{ sort: 'newest' as const, search: 'blue' }, 10],
        [{ sort: 'title_asc' as const, search: 'blue' }, 2],
        [{ sort: 'artist_asc' as const, search: 'nothing like this' }, 2],
      ] as const) {
        const first = await reads.readCopyFirstRecords(1, rules, limit);
        const list = recordList(records, rules);
        expect(first?.value).toEqual({ records: list.slice(0, limit), total: list.length });
        expect(first?.records).toBe(5);
      }
      // Neither the crate's snapshot nor its whole records store was read.
      expect(get.mock.calls.filter(([key]) => key === 'snapshot')).toEqual([]);
      expect(getAll).not.toHaveBeenCalled();
      // A folder needs the records: the whole list is read instead.
      expect(
        await reads.readCopyFirstRecords(1, { sort: 'newest', search: 'blue', folder: 'Jazz' }, 2),
      ).toBeUndefined();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('does not search texts kept by a layout that lowered İ and a final Σ otherwise than the server', async () => {
    // EXTENSIONS.md §9: search works on the copy "with the server's rules, so answers are the
    // same as online"; the server's lower() makes İ "i" and Σ always σ.
    const records = [
      makeRecord({
        id: 1,
        title: 'İstanbul Sessions',
        artist: 'Ilhan',
        date_added: '2026-01-02T10:00:00.000Z',
      }),
      makeRecord({ id: 2, title: 'ΟΔΥΣΣΕΑΣ', artist: 'Vangelis', date_added: '2026-01-01T10:00:00.000Z' }),
    ];
    await storeCopy(records);
    const db = await openOfflineCopy(1);
    // What the layout before (2) kept: texts lowered by toLowerCase ("i̇" with U+0307, a final ς).
    const tx = db.transaction('crate', 'readwrite');
    void tx.store.put(JSON.stringify(records), 'snapshot-0');
    void tx.store.put(
      {
        rev: 1,
        format: 2,
        ids: [1, 2],
        texts: [
          'i\u0307stanbul sessions\u0000ilhan\u0000mellow\u0000',
          'οδυσσεας\u0000vangelis\u0000mellow\u0000',
        ],
      },
      'search',
    );
    void tx.store.put({ rev: 1, format: 2, parts: 1 }, 'snapshot');
    await tx.done;
    const reads = await nextStart();
    expect(
      (await reads.readCopyRecords(1, { sort: 'newest', search: 'istanbul' }))?.value.map((r) => r.id),
    ).toEqual([1]);
    expect(
      (await reads.readCopyRecords(1, { sort: 'newest', search: 'εασ' }))?.value.map((r) => r.id),
    ).toEqual([2]);
    expect((await reads.readCopyRecords(1, { sort: 'newest', search: 'ας' }))?.value).toEqual([]);
  });

  it('does not answer a search from search texts of an older revision', async () => {
    await storeCopy(crate());
    await readCopyRecords(1, { sort: 'newest' });
    const db = await openOfflineCopy(1);
    await vi.waitFor(async () => expect(await db.get('crate', 'search')).toMatchObject({ rev: 1 }));
    // A sync's page: record 4 renamed, and the records' revision moved on.
    await db.put(
      'records',
      makeRecord({ id: 4, title: 'Blue River', date_added: '2025-12-31T23:59:59.999Z' }),
    );
    const meta = await db.get('meta', 'state');
    await db.put('meta', { ...meta!, recordsRev: 2 }, 'state');
    const reads = await nextStart();
    expect(await reads.readCopyFirstRecords(1, { sort: 'newest', search: 'blue' }, 2)).toBeUndefined();
    const whole = await reads.readCopyRecords(1, { sort: 'newest', search: 'blue' });
    expect(whole?.value.map((r) => r.id)).toEqual([1, 5, 2, 4]);
  });

  it('takes the first screen read ahead at an offline start, unless a sync changed the copy since', async () => {
    const records = crate();
    await storeCopy(records);
    let reads = await nextStart();
    // One request reads the first screen (getAllRecords, newest first).
    const cursor = vi.spyOn(IDBIndex.prototype as WithGetAllRecords, 'getAllRecords');
    try {
      reads.prefetchCopyFirstRecords(1, 2);
      const first = await reads.readCopyFirstRecords(1, { sort: 'newest' }, 2);
      expect(first?.value).toEqual({
        records: recordList(records, { sort: 'newest' }).slice(0, 2),
        total: 5,
      });
      expect(cursor).toHaveBeenCalledTimes(1);
      // Read ahead, then a sync's page before the screen asks: the screen reads again.
      reads = await nextStart();
      reads.prefetchCopyFirstRecords(1, 2);
      await vi.waitFor(() => expect(cursor).toHaveBeenCalledTimes(2));
      const db = await openOfflineCopy(1);
      await db.put(
        'records',
        makeRecord({ id: 6, title: 'Blue Note', date_added: '2026-04-01T00:00:00.000Z' }),
      );
      const meta = await db.get('meta', 'state');
      await db.put('meta', { ...meta!, recordsRev: 2 }, 'state');
      const after = await reads.readCopyFirstRecords(1, { sort: 'newest' }, 2);
      expect(after?.value.records.map((r) => r.id)).toEqual([6, 3]);
      expect(after?.value.total).toBe(6);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('takes the crate’s size from the state a sync counted it in, for that revision only', async () => {
    await storeCopy(crate());
    const db = await openOfflineCopy(1);
    const meta = (await db.get('meta', 'state'))!;
    // As a sync leaves it: 5 records counted at revision 1 (a stale 9 shows it is not counted again).
    await db.put('meta', { ...meta, counted: { rev: 1, records: 9 } }, 'state');
    const count = vi.spyOn(IDBObjectStore.prototype, 'count');
    try {
      let reads = await nextStart();
      expect((await reads.readCopyFirstRecords(1, { sort: 'newest' }, 2))?.value.total).toBe(9);
      expect((await reads.readCopyRecord(1, 3))?.records).toBe(9);
      expect(count).not.toHaveBeenCalled();
      // A revision moved on since (a sync cut short): counted again.
      await db.put('meta', { ...meta, recordsRev: 2, counted: { rev: 1, records: 9 } }, 'state');
      reads = await nextStart();
      expect((await reads.readCopyFirstRecords(1, { sort: 'newest' }, 2))?.value.total).toBe(5);
      expect(count).toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('keeps a crate of several thousand records whole, in the newest order', async () => {
    const many = Array.from({ length: 2100 }, (_, i) =>
      makeRecord({
        id: i + 1,
        title: i % 3 ? `Night Steps ${i}` : `Blue Train ${i}`,
        date_added: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }),
    );
    await storeCopy(many);
    await readCopyRecords(1, { sort: 'newest' });
    const db = await openOfflineCopy(1);
    await vi.waitFor(async () => expect(await db.get('crate', 'snapshot')).toMatchObject({ rev: 1 }));
    // Kept in parts of at most 1,000 records, each parsed in a task of its own.
    expect(await db.get('crate', 'snapshot')).toMatchObject({ parts: 3 });
    expect(JSON.parse((await db.get('crate', 'snapshot-2')) as string)).toHaveLength(100);
    await db.clear('records');
    const reads = await nextStart();
    const rules = { sort: 'newest' as const, search: 'blue train' };
    const list = recordList(many, rules);
    // The search's first records: from the search texts (by id: the records store was emptied).
    await db.put('records', list[0]!);
    expect((await reads.readCopyFirstRecords(1, rules, 1))?.value).toEqual({
      records: [list[0]],
      total: 700,
    });
    // In another order, 700 matches are too many to read one by one: the whole crate is read.
    expect(
      await reads.readCopyFirstRecords(1, { sort: 'title_asc', search: 'blue train' }, 1),
    ).toBeUndefined();
    const copy = await reads.readCopyRecords(1, rules);
    expect(copy?.records).toBe(2100);
    expect(copy?.value).toEqual(list);
  });
  /** 2,100 records (kept in 3 parts), one in three titled "Blue Train", the newest added last. */
  function manyRecords(): CrateRecord[] {
    return Array.from({ length: 2100 }, (_, i) =>
      makeRecord({
        id: i + 1,
        title: i % 3 ? `Night Steps ${i}` : `Blue Train ${i}`,
        date_added: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }),
    );
  }

  /** Stores `records` as a synced copy, reads it whole once and waits until it is kept for the next start. */
  async function keptCopy(records: CrateRecord[]) {
    await storeCopy(records);
    await readCopyRecords(1, { sort: 'newest' });
    const db = await openOfflineCopy(1);
    await vi.waitFor(async () => expect(await db.get('crate', 'search')).toMatchObject({ rev: 1 }));
    return db;
  }

  /**
   * Replaces the browser's `scheduler.yield` (the crate's read parses each kept part after one)
   * with one that resolves only when `release()` is called: the test decides how far the read gets.
   */
  function heldYields() {
    const waiting: Array<() => void> = [];
    const global = globalThis as { scheduler?: unknown };
    const before = global.scheduler;
    global.scheduler = { yield: () => new Promise<void>((resolve) => waiting.push(resolve)) };
    return {
      /** Resolves once the read waits at a yield, then lets it go on. */
      async release() {
        await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
        waiting.shift()!();
      },
      waiting: () => waiting.length,
      restore() {
        global.scheduler = before;
        for (const resolve of waiting.splice(0)) resolve();
      },
    };
  }

  it('hands the store the whole crate’s records frozen, so it keeps them as they are', async () => {
    await keptCopy(crate());
    for (const reads of [{ readCopyRecords }, await nextStart()]) {
      const copy = await reads.readCopyRecords(1, { sort: 'newest' });
      expect(copy?.value).toHaveLength(5);
      expect(copy?.value.every((record) => Object.isFrozen(record))).toBe(true);
    }
  });

  it('answers a search made while the crate is read with the records read so far', async () => {
    const many = manyRecords();
    const db = await keptCopy(many);
    const reads = await nextStart();
    const yields = heldYields();
    try {
      const whole = reads.readCopyRecords(1, { sort: 'newest' });
      // The first part (the 1,000 newest records) parsed; the read waits before the second.
      await yields.release();
      await vi.waitFor(() => expect(yields.waiting()).toBe(1));
      // The records store emptied behind its back: a record not read yet could not be found.
      await db.clear('records');
      const rules = { sort: 'newest' as const, search: 'blue train' };
      const list = recordList(many, rules);
      expect((await reads.readCopyFirstRecords(1, rules, 60))?.value).toEqual({
        records: list.slice(0, 60),
        total: 700,
      });
      // Beyond the first part (the 400th newest "Blue Train" is in the second): not from memory,
      // and not found by id.
      expect(await reads.readCopyFirstRecords(1, rules, 400)).toBeUndefined();
      yields.restore();
      expect((await whole)?.value).toEqual(recordList(many, { sort: 'newest' }));
    } finally {
      yields.restore();
    }
  });

  it('answers a search made offline while the crate is read at once, from the search texts and the records read so far', async () => {
    const many = manyRecords();
    await keptCopy(many);
    const reads = await nextStart();
    // The read module's own connectivity (the modules were loaded again).
    const connectivity = await import('@/lib/connectivity');
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const yields = heldYields();
    try {
      void connectivity.whenReachable();
      await vi.waitFor(() => expect(connectivity.isServerUnreachable()).toBe(true));
      const whole = reads.readCopyRecords(1, { sort: 'newest' });
      // The first part (the 1,000 newest records) parsed; the read waits before the second.
      await yields.release();
      await vi.waitFor(() => expect(yields.waiting()).toBe(1));
      const rules = { sort: 'newest' as const, search: 'blue train' };
      expect(reads.readCopyFirstRecordsNow(1, rules, 60)?.value).toEqual({
        records: recordList(many, rules).slice(0, 60),
        total: 700,
      });
      // Records beyond those read so far, and a list that is not searched: IndexedDB is asked.
      expect(reads.readCopyFirstRecordsNow(1, rules, 400)).toBeUndefined();
      expect(reads.readCopyFirstRecordsNow(1, { sort: 'title_asc' }, 60)).toBeUndefined();
      yields.restore();
      await whole;
      // The whole crate read: any list.
      expect(reads.readCopyFirstRecordsNow(1, { sort: 'title_asc' }, 60)?.value.records).toEqual(
        recordList(many, { sort: 'title_asc' }).slice(0, 60),
      );
    } finally {
      yields.restore();
      vi.restoreAllMocks();
      connectivity.resetConnectivity();
    }
  });

  it('asks for no more of the kept crate while a search waits for its records', async () => {
    const many = manyRecords();
    await keptCopy(many);
    const reads = await nextStart();
    // Each part asked for, and each record read by id once it was read.
    const asked: string[] = [];
    const originalGet = IDBObjectStore.prototype.get;
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (
      this: IDBObjectStore,
      key: IDBValidKey | IDBKeyRange,
    ) {
      const request = originalGet.call(this, key);
      if (typeof key === 'string' && key.startsWith('snapshot-')) asked.push(key);
      if (this.name === 'records') request.addEventListener('success', () => asked.push('record'));
      return request;
    });
    try {
      const rules = { sort: 'newest' as const, search: 'blue train' };
      const searched = reads.readCopyFirstRecords(1, rules, 60);
      const whole = reads.readCopyRecords(1, { sort: 'newest' });
      expect((await searched)?.value.records).toEqual(recordList(many, rules).slice(0, 60));
      expect((await whole)?.value).toEqual(recordList(many, { sort: 'newest' }));
      // Every record the search reads came before the first part was asked for.
      expect(asked.filter((what) => what === 'record')).toHaveLength(60);
      expect(asked.lastIndexOf('record')).toBeLessThan(asked.indexOf('snapshot-0'));
      expect(asked.filter((what) => what.startsWith('snapshot-'))).toEqual([
        'snapshot-0',
        'snapshot-1',
        'snapshot-2',
      ]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
