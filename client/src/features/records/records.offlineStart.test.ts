/**
 * The offline start on the collection (EXTENSIONS.md §9, issue 24): on a page the service worker
 * started without the server, the records saga reads the offline copy's first screen ahead, so
 * the screen's own read finds it done; on any other page it reads nothing ahead.
 */
import 'fake-indexeddb/auto';
import { runSaga } from 'redux-saga';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonDataBlock, OFFLINE_RECORDS_BLOCK_ID, recordList } from '@spincrate/contract';
import { makeRecord } from '@/test/records';
import { deleteOfflineCopy, openOfflineCopy } from '@/lib/offline/db';
import { readCopyFirstRecords } from '@/lib/offline/read';
import { readCopyFirstScreen } from '@/lib/offline/firstScreen';
import { RECORDS_PAGE_SIZE } from './records.list';
import { readCollectionAheadOffline } from './records.saga';
import {
  firstScreenShown,
  NO_LIST,
  recordsReducer,
  selectRecordsLoaded,
  selectRecordsPending,
  setRecords,
} from './recordList.slice';
import { fetchRecords, searchRecords } from './records.actions';
import { offlineCopyShown } from '@/lib/offline/state';
import type { UnknownAction } from '@reduxjs/toolkit';

/** IDBIndex with `getAllRecords` (Chromium 141 on, fake-indexeddb; not yet in TypeScript's DOM types). */
type WithGetAllRecords = IDBIndex & { getAllRecords: (options?: object) => IDBRequest };

const copy = [
  makeRecord({ id: 1, title: 'Kind of Blue', date_added: '2026-03-01T10:00:00.000Z' }),
  makeRecord({ id: 2, title: 'Arrival', date_added: '2026-05-01T10:00:00.000Z' }),
  makeRecord({ id: 3, title: 'Debut', date_added: '2026-01-01T10:00:00.000Z' }),
];

async function storeCopy(records = copy) {
  const db = await openOfflineCopy(1);
  for (const record of records) await db.put('records', record);
  await db.put(
    'meta',
    { userId: 1, recordsRev: 3, wantsRev: 0, syncedAt: '2026-11-20T09:41:00.000Z', persistAsked: true },
    'state',
  );
}

/** The page as the service worker serves it offline (its `spincrate-start` meta), at `path`. */
function offlinePage(path: string, offline = true) {
  document.head.innerHTML = offline ? '<meta name="spincrate-start" content="offline">' : '';
  window.history.replaceState(null, '', path);
}

const signedIn = { user: { user: { id: 1, username: 'riley' }, status: 'succeeded' } };

async function runAhead() {
  await runSaga(
    { getState: () => signedIn, dispatch: () => undefined },
    readCollectionAheadOffline,
  ).toPromise();
}

afterEach(async () => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
  await deleteOfflineCopy();
});

describe('the collection started offline', () => {
  it('has its first screen read ahead from the copy: the screen’s own read takes it', async () => {
    await storeCopy();
    offlinePage('/user/profile');
    // One request reads the first screen (getAllRecords, newest first).
    const firstScreenReads = vi.spyOn(IDBIndex.prototype as WithGetAllRecords, 'getAllRecords');
    await runAhead();
    await vi.waitFor(() => expect(firstScreenReads).toHaveBeenCalledTimes(1));
    const first = await readCopyFirstRecords(1, { sort: 'newest' }, RECORDS_PAGE_SIZE);
    expect(first?.value).toEqual({ records: recordList(copy, { sort: 'newest' }), total: 3 });
    expect(first?.syncedAt).toBe('2026-11-20T09:41:00.000Z');
    // Taken from the read ahead: the copy was not walked again.
    expect(firstScreenReads).toHaveBeenCalledTimes(1);
  });

  it('takes the first screen the service worker put into the page, once, without reading the copy', async () => {
    // A title that would end the block and start markup, were it not escaped.
    const titled = '</script><b id="injected">Arrival</b>';
    const kept = copy.map((record) => (record.id === 2 ? { ...record, title: titled } : record));
    await storeCopy(kept);
    const screen = await readCopyFirstScreen(1, RECORDS_PAGE_SIZE);
    offlinePage('/user/profile');
    document.head.insertAdjacentHTML('beforeend', jsonDataBlock(OFFLINE_RECORDS_BLOCK_ID, screen));
    expect(document.getElementById('injected')).toBeNull();
    // The copy gone from IndexedDB: what the screen shows can only come from the page.
    await deleteOfflineCopy();
    await runAhead();
    expect(document.getElementById(OFFLINE_RECORDS_BLOCK_ID)).toBeNull();
    const first = await readCopyFirstRecords(1, { sort: 'newest' }, RECORDS_PAGE_SIZE);
    expect(first?.value.records[0]?.title).toBe(titled);
    expect(first).toEqual({
      value: { records: recordList(kept, { sort: 'newest' }), total: 3 },
      syncedAt: '2026-11-20T09:41:00.000Z',
      records: 3,
    });
    // Taken once: the next read asks the copy, which is gone.
    expect(await readCopyFirstRecords(1, { sort: 'newest' }, RECORDS_PAGE_SIZE)).toBeUndefined();
  });

  it("leaves another user's first screen, or a searched list, to the copy", async () => {
    await storeCopy();
    const screen = await readCopyFirstScreen(1, RECORDS_PAGE_SIZE);
    offlinePage('/user/profile');
    const block = jsonDataBlock(OFFLINE_RECORDS_BLOCK_ID, { ...screen, userId: 2, total: 99 });
    document.head.insertAdjacentHTML('beforeend', block);
    await runAhead();
    const first = await readCopyFirstRecords(1, { sort: 'newest' }, RECORDS_PAGE_SIZE);
    expect(first?.value.total).toBe(3);
    // The user's own block (told apart by its count) is not taken by a search: the next read
    // of the first screen still finds it.
    const own = jsonDataBlock(OFFLINE_RECORDS_BLOCK_ID, { ...screen, total: 42 });
    document.head.insertAdjacentHTML('beforeend', own);
    await runAhead();
    const searched = await readCopyFirstRecords(1, { sort: 'newest', search: 'Debut' }, RECORDS_PAGE_SIZE);
    expect(searched?.value.total).not.toBe(42);
    expect((await readCopyFirstRecords(1, { sort: 'newest' }, RECORDS_PAGE_SIZE))?.value.total).toBe(42);
  });

  it('shows the service worker’s first screen before the screen asks, with the chip, reading nothing else', async () => {
    await storeCopy();
    const screen = await readCopyFirstScreen(1, RECORDS_PAGE_SIZE);
    offlinePage('/user/profile');
    document.head.insertAdjacentHTML('beforeend', jsonDataBlock(OFFLINE_RECORDS_BLOCK_ID, screen));
    // What happens, in order: the actions put, and each read of the crate's search texts.
    const events: string[] = [];
    const dispatched: UnknownAction[] = [];
    const get = IDBObjectStore.prototype.get;
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (this: IDBObjectStore, key) {
      if (this.name === 'crate' && key === 'search') events.push('search texts read');
      return get.call(this, key);
    });
    await runSaga(
      {
        getState: () => signedIn,
        dispatch: (action: UnknownAction) => {
          dispatched.push(action);
          events.push(action.type);
        },
      },
      readCollectionAheadOffline,
    ).toPromise();
    // The list as the store holds it before the screen asks: its covers, not busy.
    let list = dispatched.reduce(recordsReducer, NO_LIST);
    expect(list.items.map((record) => record.title)).toEqual(['Arrival', 'Kind of Blue', 'Debut']);
    expect(list.total).toBe(3);
    expect(selectRecordsLoaded({ records: list })).toBe(true);
    const shownRecords = list.items;
    expect(dispatched.find(offlineCopyShown.match)?.payload).toEqual({
      screen: 'records',
      syncedAt: '2026-11-20T09:41:00.000Z',
    });
    // The crate's search texts are left for later (a long task on a phone, beside the start).
    expect(events).not.toContain('search texts read');
    // The screen asks for its list on arrival: the records stay, not marked busy.
    list = recordsReducer(list, fetchRecords('newest', ''));
    expect(list.items).toBe(shownRecords);
    expect(selectRecordsPending({ records: list })).toBe(false);
    // Its own first read gets the very records shown (nothing for React to redo).
    const first = await readCopyFirstRecords(1, { sort: 'newest' }, RECORDS_PAGE_SIZE);
    expect(first?.value.records).toBe(shownRecords);
    list = recordsReducer(
      list,
      setRecords({ query: list.query!, records: first!.value.records, total: 3, next: null, etag: null }),
    );
    expect(list.items).toBe(shownRecords);
  });

  it('never puts the first screen over a list the user asked for', () => {
    const asked = recordsReducer(undefined, searchRecords('blue', 'newest', ''));
    const after = recordsReducer(
      asked,
      firstScreenShown({ query: { owner: 'own', sort: 'newest', search: '' }, records: copy, total: 3 }),
    );
    expect(after).toEqual(asked);
  });

  it('shows nothing ahead when the URL asks for another list than the first screen', async () => {
    await storeCopy();
    const screen = await readCopyFirstScreen(1, RECORDS_PAGE_SIZE);
    for (const path of [
      '/user/profile?search=blue',
      '/user/profile?sort=artist_asc',
      '/user/profile?folder=Jazz',
    ]) {
      offlinePage(path);
      document.head.insertAdjacentHTML('beforeend', jsonDataBlock(OFFLINE_RECORDS_BLOCK_ID, screen));
      const dispatched: UnknownAction[] = [];
      await runSaga(
        { getState: () => signedIn, dispatch: (action: UnknownAction) => dispatched.push(action) },
        readCollectionAheadOffline,
      ).toPromise();
      expect(dispatched.filter(firstScreenShown.match)).toEqual([]);
    }
  });

  it('reads nothing ahead on a page started with the server, or on another screen', () => {
    offlinePage('/user/profile', false);
    expect(readCollectionAheadOffline().next().done).toBe(true);
    offlinePage('/wantlist');
    expect(readCollectionAheadOffline().next().done).toBe(true);
    // On the collection started offline it goes on: it asks for the signed-in user.
    offlinePage('/user/profile');
    expect(readCollectionAheadOffline().next().done).toBe(false);
  });
});
