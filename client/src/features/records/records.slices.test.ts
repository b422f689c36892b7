// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  editRecord,
  editRecordFailed,
  fetchFriendsRecords,
  fetchFriendsRecordsFailed,
  fetchFriendsRecordsNextPage,
  fetchRecordsNextPage,
  fetchRecordsNextPageFailed,
  postRecord,
  recordSaved,
  searchRecords,
  searchRecordsFailed,
} from './records.actions';
import {
  clearRecords,
  fetchMoodFailed,
  fetchRecord,
  fetchRecordFailed,
  selectKnownRecord,
  type ListQuery,
} from '@/entities/crate/crate';
import { fetchRecords } from './records.actions';
import { loadedList, makeRecord } from '@/test/records';
import { moodReducer, setMood } from './mood.slice';
import { recordLookupReducer, setRecord } from './recordLookup.slice';
import {
  recordsReducer,
  selectFriendNotFound,
  selectRecordsLoaded,
  selectRecordsPending,
  recordsNotModified,
  recordsPageLoaded,
  setRecords,
} from './recordList.slice';
import { recordsStatusReducer } from './recordSave.slice';

const OWN: ListQuery = { owner: 'own', sort: 'newest', search: '' };
const first = (records = [makeRecord({ id: 1 })], next: string | null = '/api/record?limit=60&cursor=a') =>
  setRecords({ query: OWN, records, total: 130, next, etag: '"e1"' });

describe('records reducers', () => {
  it('a first page starts a new list (empty, loading); SET_RECORDS fills it with its count and next page', () => {
    let state = recordsReducer(undefined, fetchRecords());
    expect(state).toMatchObject({ items: [], query: OWN, total: null, status: 'loading' });
    state = recordsReducer(state, first());
    expect(state).toMatchObject({
      total: 130,
      next: '/api/record?limit=60&cursor=a',
      etag: '"e1"',
      status: 'succeeded',
    });
    expect(state.items.map((r) => r.id)).toEqual([1]);
    expect(recordsReducer(state, clearRecords())).toMatchObject({ items: [], query: null });
  });

  it('another sort or search of the same crate keeps the shown records and count until its first page comes', () => {
    const pending = (records: ReturnType<typeof recordsReducer>) => selectRecordsPending({ records });
    let state = recordsReducer(recordsReducer(undefined, fetchRecords()), first());
    expect(pending(state)).toBe(false);
    const OLDEST: ListQuery = { ...OWN, sort: 'oldest' };
    state = recordsReducer(state, fetchRecords('oldest'));
    expect(state).toMatchObject({ query: OLDEST, shown: OWN, total: 130, next: null, status: 'loading' });
    expect(state.items.map((r) => r.id)).toEqual([1]);
    expect(pending(state)).toBe(true);
    // No next page of the shown list is asked for meanwhile.
    expect(recordsReducer(state, fetchRecordsNextPage()).status).toBe('loading');
    expect(
      recordsReducer(
        state,
        recordsPageLoaded({ from: '/api/record?limit=60&cursor=a', records: [], total: 1, next: null }),
      ).items,
    ).toHaveLength(1);
    state = recordsReducer(
      state,
      setRecords({ query: OLDEST, records: [makeRecord({ id: 9 })], total: 2, next: null, etag: '"e2"' }),
    );
    expect(state).toMatchObject({ shown: OLDEST, total: 2, status: 'succeeded' });
    expect(state.items.map((r) => r.id)).toEqual([9]);
    expect(pending(state)).toBe(false);
    // A friend's crate never shows the own records meanwhile.
    expect(recordsReducer(state, fetchFriendsRecords(5))).toMatchObject({ items: [], total: null });
  });

  it("a new sort or search that fails drops the previous list's records", () => {
    let state = recordsReducer(recordsReducer(undefined, fetchRecords()), first());
    state = recordsReducer(state, searchRecords('blue'));
    state = recordsReducer(state, searchRecordsFailed({ status: 500, message: 'x' }));
    expect(state).toMatchObject({ items: [], shown: null, total: null, status: 'failed' });
  });

  it('an answer for another list than the one asked for last is dropped', () => {
    let state = recordsReducer(undefined, searchRecords('blue'));
    state = recordsReducer(state, first());
    expect(state.items).toEqual([]);
    expect(state.status).toBe('loading');
  });

  it('the same list asked again keeps its pages while it is revalidated; RECORDS_NOT_MODIFIED keeps them', () => {
    let state = recordsReducer(recordsReducer(undefined, fetchRecords()), first());
    state = recordsReducer(state, fetchRecords());
    expect(state.items.map((r) => r.id)).toEqual([1]);
    expect(state.status).toBe('loading');
    state = recordsReducer(state, recordsNotModified({ query: OWN }));
    expect(state.items.map((r) => r.id)).toEqual([1]);
    expect(state.status).toBe('succeeded');
  });

  it('a next page joins the list only when it continues the loaded pages', () => {
    let state = recordsReducer(recordsReducer(undefined, fetchRecords()), first());
    state = recordsReducer(state, fetchRecordsNextPage());
    expect(state.status).toBe('loading');
    const more = [makeRecord({ id: 2 }), makeRecord({ id: 3 })];
    // A page from an older cursor changes nothing.
    const stale = recordsReducer(
      state,
      recordsPageLoaded({ from: '/old', records: more, total: 130, next: null }),
    );
    expect(stale.items).toHaveLength(1);
    state = recordsReducer(
      state,
      recordsPageLoaded({ from: '/api/record?limit=60&cursor=a', records: more, total: 131, next: '/b' }),
    );
    expect(state.items.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(state).toMatchObject({ next: '/b', total: 131, status: 'succeeded' });
    state = recordsReducer(state, fetchRecordsNextPageFailed({ from: '/b', message: 'x' }));
    expect(state.status).toBe('failed');
    expect(state.items).toHaveLength(3);
  });

  it("a next page is asked for only when one follows, for the loaded owner's list", () => {
    const last = recordsReducer(recordsReducer(undefined, fetchRecords()), first(undefined, null));
    expect(recordsReducer(last, fetchRecordsNextPage()).status).toBe('succeeded');
    const own = recordsReducer(recordsReducer(undefined, fetchRecords()), first());
    expect(recordsReducer(own, fetchFriendsRecordsNextPage(5)).status).toBe('succeeded');
  });

  it('RECORD_SAVED replaces an edited record in the loaded pages and in the looked-up record, and adds nothing', () => {
    const a = makeRecord({ id: 1, title: 'Old' });
    const b = makeRecord({ id: 2 });
    const edited = { ...a, title: 'New' };
    expect(recordsReducer(loadedList([a, b]), recordSaved(edited)).items).toEqual([edited, b]);
    expect(recordsReducer(loadedList([b]), recordSaved(edited)).items).toEqual([b]);
    const lookup = recordLookupReducer(
      recordLookupReducer(undefined, fetchRecord({ recordId: 1 })),
      setRecord({ recordId: 1, friendId: null, record: a }),
    );
    expect(recordLookupReducer(lookup, recordSaved(edited)).record).toEqual(edited);
  });

  it('FETCH_RECORD: loading, then the record (or null: not in that crate); an answer for another id is dropped', () => {
    const a = makeRecord({ id: 1 });
    let state = recordLookupReducer(undefined, fetchRecord({ recordId: 1, friendId: 5 }));
    expect(state).toEqual({ recordId: 1, friendId: 5, record: null, status: 'loading' });
    expect(recordLookupReducer(state, setRecord({ recordId: 2, friendId: 5, record: a })).status).toBe(
      'loading',
    );
    state = recordLookupReducer(state, setRecord({ recordId: 1, friendId: 5, record: null }));
    expect(state.status).toBe('succeeded');
    state = recordLookupReducer(state, fetchRecordFailed({ status: 404, message: 'x' }));
    expect(state.status).toBe('failed');
  });

  it("selectKnownRecord finds a record in the matching crate's pages, else in the last look-up", () => {
    const mine = makeRecord({ id: 1 });
    const theirs = makeRecord({ id: 2, user_id: 5 });
    const lookup = { recordId: 2, friendId: 5, record: theirs, status: 'succeeded' as const };
    const state = { records: loadedList([mine]), recordLookup: lookup, mood: [] };
    expect(selectKnownRecord(state, 1)).toBe(mine);
    expect(selectKnownRecord(state, 1, 5)).toBeUndefined();
    expect(selectKnownRecord(state, 2, 5)).toBe(theirs);
    expect(selectKnownRecord(state, 2)).toBeUndefined();
  });

  it('SET_MOOD stores the moods', () => {
    expect(moodReducer(undefined, setMood([{ id: 1, mood: 'Mellow' }]))).toEqual([{ id: 1, mood: 'Mellow' }]);
  });

  it('tracks whether the list has answered, and a friend that is not one', () => {
    const loaded = (records: ReturnType<typeof recordsReducer>) => selectRecordsLoaded({ records });
    let state = recordsReducer(undefined, fetchRecords());
    expect(loaded(state)).toBe(false);
    state = recordsReducer(state, first());
    expect(loaded(state)).toBe(true);
    state = recordsReducer(state, fetchFriendsRecords(5));
    expect(loaded(state)).toBe(false);
    state = recordsReducer(state, fetchFriendsRecordsFailed({ status: 404, message: 'x' }));
    expect(state.status).toBe('failed');
    expect(loaded(state)).toBe(true);
    expect(selectFriendNotFound({ records: state })).toBe(true);
    state = recordsReducer(state, searchRecords('x'));
    expect(loaded(state)).toBe(false);
    expect(state.friendNotFound).toBe(false);
  });

  it('tracks the last save: loading, then succeeded or failed', () => {
    let state = recordsStatusReducer(
      undefined,
      postRecord({ artist: 'a', title: 't', mood: 1, details: '' }),
    );
    expect(state.save).toBe('loading');
    state = recordsStatusReducer(state, recordSaved(makeRecord()));
    expect(state.save).toBe('succeeded');
    state = recordsStatusReducer(
      state,
      editRecord({ id: 1, artist: 'a', title: 't', mood: 1, details: 'd' }),
    );
    expect(state.save).toBe('loading');
    state = recordsStatusReducer(state, editRecordFailed({ status: 400, message: 'x' }));
    expect(state.save).toBe('failed');
    // Another call failing does not touch the save status.
    state = recordsStatusReducer(state, fetchMoodFailed({ message: 'x' }));
    expect(state.save).toBe('failed');
  });
});
