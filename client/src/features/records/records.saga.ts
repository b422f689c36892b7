/**
 * Sagas of the records feature (PRODUCT.md §7): own and friends' records lists a page
 * at a time (EXTENSIONS.md §1), search, one record by id, add, edit, delete, and the
 * mood list.
 */
import { all, call, cancel, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AxiosResponse } from 'axios';
import {
  DEFAULT_RECORD_SORT,
  recordListFirstPageUrl,
  recordSortOf,
  searchActive,
  type BarcodeLookup,
} from '@spincrate/contract';
import {
  lookupBarcode,
  lookupBarcodeFailed,
  deleteRecord,
  deleteRecordFailed,
  editRecord,
  editRecordFailed,
  fetchFriendsRecords,
  fetchFriendsRecordsFailed,
  fetchFriendsRecordsNextPage,
  fetchFriendsRecordsNextPageFailed,
  fetchRecordsFailed,
  fetchRecordsNextPage,
  fetchRecordsNextPageFailed,
  postRecord,
  postRecordFailed,
  recordSaved,
  searchFriendsRecords,
  searchFriendsRecordsFailed,
  searchRecords,
  searchRecordsFailed,
} from './records.actions';
import {
  firstScreenShown,
  queryOf,
  recordsNotModified,
  recordsPageLoaded,
  setRecords,
} from './recordList.slice';
import { barcodeFound } from './barcode.slice';
import { setMood } from './mood.slice';
import { setRecord } from './recordLookup.slice';
import {
  clearRecords,
  fetchMood,
  fetchMoodFailed,
  fetchRecord,
  fetchRecordFailed,
  selectRecordsList,
  type ListQuery,
  type RecordsList,
} from '@/entities/crate/crate';
import { fetchRecords } from './records.actions';
import { NEXT_PAGE_SIZE, RECORDS_PAGE_SIZE, sameQuery } from './records.list';
import { lookUpOrAnswerFromCopy } from '@/lib/offline/shop';
import { failureOf, type RequestFailure } from '@/lib/requests';
import { afterNextPaint, requestOrCopy, type CopyReads } from '@/lib/offline/fallback';
// Not loaded on first use, as the screens' other reads are: with the user data, so that an
// offline start reads the copy's first screen as soon as the sagas run (readCollectionAheadOffline).
import { handedFirstRecords, prefetchCopyFirstRecords } from '@/lib/offline/read';
import { isOfflineStart } from '@/lib/bootSession';
import { paths } from '@/lib/paths';
import { selectCurrentUserId } from '@/entities/session/session';
import { offlineCopyHidden, offlineCopyShown, selectShowsOfflineCopy } from '@/lib/offline/state';
import { takeBootPage, type BootPage } from '@/lib/bootList';
import { api } from '@/lib/api';
import { pageHeaders } from '@/lib/pageHeaders';
import { timedNotice } from '@/lib/alerts';
import type { CrateRecord, Mood } from '@spincrate/contract';

/** PRODUCT.md §8 "The record has been added to your {product}", with the product's name (as the social popup's "New to Spincrate?"). */
export const RECORD_ADDED_TEXT = 'The record has been added to your Spincrate';

type FirstPageAction =
  | ReturnType<typeof fetchRecords>
  | ReturnType<typeof searchRecords>
  | ReturnType<typeof fetchFriendsRecords>
  | ReturnType<typeof searchFriendsRecords>
  | ReturnType<typeof clearRecords>;

/**
 * The first page's URL of a list (the contract's `recordListFirstPageUrl`): the own crate's is
 * the URL of the first page the server hands to the collection page (lib/bootList.ts).
 */
function listUrl(query: ListQuery): string {
  return recordListFirstPageUrl({ ...query, limit: RECORDS_PAGE_SIZE });
}

/** The failure action of a first page's request (FETCH_RECORDS_FAILED, SEARCH_RECORDS_FAILED, …). */
function firstPageFailed(
  action: Exclude<FirstPageAction, ReturnType<typeof clearRecords>>,
  failure: RequestFailure,
) {
  if (searchRecords.match(action)) return searchRecordsFailed(failure);
  if (fetchFriendsRecords.match(action)) return fetchFriendsRecordsFailed(failure);
  if (searchFriendsRecords.match(action)) return searchFriendsRecordsFailed(failure);
  return fetchRecordsFailed(failure);
}

/** How long an idle moment is waited for at most before the offline copy's whole crate is read (ms). */
const COPY_IDLE_TIMEOUT_MS = 2000;

/** Resolves at the browser's next idle moment (at most {@link COPY_IDLE_TIMEOUT_MS}), or at once without requestIdleCallback. */
function idleMoment(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: COPY_IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/**
 * Shows the own crate's list from the offline copy (EXTENSIONS.md §9): the server's search, sort
 * and folder filter over the copy, and the chip's offlineCopyShown. The collection's first
 * screen (newest, no search or folder) and a search show their first page at once, read
 * without the whole crate; once it is painted the whole crate is read into memory (a search
 * soon after answers from there), and its whole list is shown at an idle moment
 * (lib/offline/read.ts).
 * @returns false for a friend's crate, or when there is no copy
 */
function* showCopyList(reads: CopyReads, userId: number, query: ListQuery) {
  if (query.owner !== 'own') return false;
  const rules = { sort: query.sort, search: query.search, folder: query.folder };
  // From memory at once when it can (then the new list renders once, with its search), else read.
  const first =
    reads.readCopyFirstRecordsNow(userId, rules, RECORDS_PAGE_SIZE) ??
    ((yield call(reads.readCopyFirstRecords, userId, rules, RECORDS_PAGE_SIZE)) as Awaited<
      ReturnType<CopyReads['readCopyFirstRecords']>
    >);
  if (first) {
    const { records, total } = first.value;
    yield put(setRecords({ query, records, total, next: null, etag: null }));
    yield put(offlineCopyShown({ screen: 'records', syncedAt: first.syncedAt }));
    if (records.length >= total) return true;
    // The first page's covers paint before the crate's search texts and the whole crate are
    // read (each read is a long task on a phone); they are read from then on, the texts first
    // and alone (a search soon after answers from them), and the whole list is put at an idle
    // moment.
    yield call(afterNextPaint);
    yield call(reads.readCopySearchTextsAhead, userId);
    yield call(reads.warmCopyCrate, userId);
    yield call(idleMoment);
  }
  const copy = (yield call(reads.readCopyRecords, userId, rules)) as Awaited<
    ReturnType<CopyReads['readCopyRecords']>
  >;
  if (!copy) return first !== undefined;
  yield put(setRecords({ query, records: copy.value, total: copy.value.length, next: null, etag: null }));
  if (!first) yield put(offlineCopyShown({ screen: 'records', syncedAt: copy.syncedAt }));
  return true;
}

/** A 304 is an answer too (the revalidated first page is unchanged). */
const okOrNotModified = (status: number) => (status >= 200 && status < 300) || status === 304;

/**
 * Loads the FIRST page of a list (FETCH_RECORDS, SEARCH_RECORDS, FETCH_FRIENDS_RECORDS,
 * SEARCH_FRIENDS_RECORDS) with `limit`, `sort` and `search` sent to the server. When the
 * store already holds this list (a screen shown again, e.g. Back from a record), the
 * first page is asked with If-None-Match: a 304 keeps every loaded page
 * (recordsNotModified), any other answer replaces them (setRecords). Every first-page
 * action and CLEAR_RECORDS go through one takeLatest, so a slow answer for a list the
 * user has left never replaces a newer one. The first list a page asks for is taken from
 * the page itself when the server handed over exactly that list (lib/bootList.ts): no
 * request, the same records, count, next page and ETag.
 */
export function* loadRecordsWorker(action: FirstPageAction) {
  const query = queryOf(action);
  if (!query || clearRecords.match(action)) return;
  try {
    const list: RecordsList = yield select(selectRecordsList);
    const revalidate = sameQuery(list.query, query) && list.etag !== null && list.items.length > 0;
    const url = listUrl(query);
    // The first list the page asks for may be the one the server handed over with it.
    const boot: BootPage | undefined = yield call(takeBootPage);
    if (boot && boot.url === url && !revalidate) {
      const { records, total, next, etag } = boot;
      yield put(setRecords({ query, records, total, next, etag }));
      return;
    }
    // No answer at all: the list shown stays (records and count) and the request goes again
    // once the server answers (EXTENSIONS.md §11); meanwhile, and when the server takes over
    // 3 s, the own crate shows the offline copy (§9). A newer list cancels this.
    const { response, copyShown } = (yield call(
      requestOrCopy<AxiosResponse<CrateRecord[]>>,
      () =>
        api.get<CrateRecord[]>(url, {
          headers: revalidate ? { 'If-None-Match': list.etag } : {},
          validateStatus: okOrNotModified,
        }),
      (reads, userId) => showCopyList(reads, userId, query),
      function* unreachable(err) {
        yield put(firstPageFailed(action, failureOf(err)));
      },
    )) as { response: AxiosResponse<CrateRecord[]>; copyShown: boolean };
    // The copy's chip goes with the server's answer: shown while this request waited, or by an
    // offline start before the screen asked (readCollectionAheadOffline).
    const chipShown =
      copyShown || (query.owner === 'own' && ((yield select(selectShowsOfflineCopy, 'records')) as boolean));
    if (chipShown) yield put(offlineCopyHidden('records'));
    if (response.status === 304) {
      yield put(recordsNotModified({ query }));
      return;
    }
    const { total, next, etag } = pageHeaders(response.headers as Record<string, unknown>);
    // Without X-Total-Count (an unpaged answer) the page is the whole list.
    const count = total ?? response.data.length;
    yield put(setRecords({ query, records: response.data, total: count, next, etag }));
  } catch (err) {
    yield put(firstPageFailed(action, failureOf(err)));
  }
}

/**
 * A next page's URL asking for {@link NEXT_PAGE_SIZE} records: the `Link` URL with its
 * `limit` replaced (the cursor names where the page starts, not its size; API.md "Lists
 * at scale"). A URL that cannot be read is kept as it is.
 * @param next - the `Link: rel="next"` URL (path and query, or absolute)
 */
function withNextPageSize(next: string): string {
  const question = next.indexOf('?');
  if (question < 0) return next;
  const params = new URLSearchParams(next.slice(question + 1));
  if (!params.has('limit')) return next;
  params.set('limit', String(NEXT_PAGE_SIZE));
  return `${next.slice(0, question)}?${params.toString()}`;
}

/**
 * Loads the next page of the list the store holds, following its `Link: rel="next"` URL
 * with the larger next-page size (`withNextPageSize`).
 * The answer is dropped when the list changed while it was on its way (a new sort,
 * search or screen).
 * @param from - the next-page URL the list had when the page was asked for
 */
function* loadNextPageWorker(
  action: ReturnType<typeof fetchRecordsNextPage> | ReturnType<typeof fetchFriendsRecordsNextPage>,
  from: string,
) {
  try {
    const response: AxiosResponse<CrateRecord[]> = yield call([api, api.get], withNextPageSize(from));
    const list: RecordsList = yield select(selectRecordsList);
    if (list.next !== from) return;
    const { total, next } = pageHeaders(response.headers as Record<string, unknown>);
    const count = total ?? list.items.length + response.data.length;
    yield put(recordsPageLoaded({ from, records: response.data, total: count, next }));
  } catch (err) {
    const failed = fetchFriendsRecordsNextPage.match(action)
      ? fetchFriendsRecordsNextPageFailed
      : fetchRecordsNextPageFailed;
    yield put(failed({ ...failureOf(err), from }));
  }
}

/**
 * FETCH_RECORDS_NEXT_PAGE and FETCH_FRIENDS_RECORDS_NEXT_PAGE: one next page at a time.
 * A request for the page already on its way, for a list that has no next page, or for
 * another owner's list than the one loaded is dropped; a new first page (or
 * CLEAR_RECORDS) cancels the page on its way.
 */
function* watchNextPages() {
  let task: Task | undefined;
  for (;;) {
    const action: UnknownAction = yield take([
      fetchRecordsNextPage.type,
      fetchFriendsRecordsNextPage.type,
      fetchRecords.type,
      searchRecords.type,
      fetchFriendsRecords.type,
      searchFriendsRecords.type,
      clearRecords.type,
    ]);
    if (!fetchRecordsNextPage.match(action) && !fetchFriendsRecordsNextPage.match(action)) {
      if (task?.isRunning()) yield cancel(task);
      continue;
    }
    if (task?.isRunning()) continue;
    const list: RecordsList = yield select(selectRecordsList);
    const owner = fetchFriendsRecordsNextPage.match(action) ? action.payload : 'own';
    if (!list.next || list.query?.owner !== owner) continue;
    task = yield fork(loadNextPageWorker, action, list.next);
  }
}

/**
 * FETCH_RECORD: finds one record by id in one request, whatever the crate's size (API.md
 * "One record"): `GET /api/record/{id}`, or `GET /api/social/friends/{friendId}/record/{id}`
 * for a friend's. Puts SET_RECORD with the record, or with null when the answer is 404 (no
 * such record in that crate, or not a friend).
 */
export function* fetchRecordWorker(action: ReturnType<typeof fetchRecord>) {
  const { recordId, friendId } = action.payload;
  const url =
    friendId === undefined
      ? `/api/record/${encodeURIComponent(recordId)}`
      : `/api/social/friends/${encodeURIComponent(friendId)}/record/${encodeURIComponent(recordId)}`;
  try {
    // An own record from the offline copy while the server can't be reached (EXTENSIONS.md §9).
    const { response, copyShown } = (yield call(
      requestOrCopy<AxiosResponse<CrateRecord>>,
      () =>
        api.get<CrateRecord>(url, {
          validateStatus: (status: number) => (status >= 200 && status < 300) || status === 404,
        }),
      function* showCopy(reads: CopyReads, userId: number) {
        if (friendId !== undefined) return false;
        const copy = (yield call(reads.readCopyRecord, userId, recordId)) as Awaited<
          ReturnType<CopyReads['readCopyRecord']>
        >;
        if (!copy) return false;
        yield put(setRecord({ recordId, friendId: null, record: copy.value }));
        yield put(offlineCopyShown({ screen: 'record', syncedAt: copy.syncedAt }));
        return true;
      },
    )) as { response: AxiosResponse<CrateRecord>; copyShown: boolean };
    if (copyShown) yield put(offlineCopyHidden('record'));
    const record = response.status === 404 ? null : response.data;
    yield put(setRecord({ recordId, friendId: friendId ?? null, record }));
  } catch (err) {
    yield put(fetchRecordFailed(failureOf(err)));
  }
}

/**
 * After an add, edit or delete the own list is refetched (PRODUCT.md §4): the list the
 * store holds when it is the own one (its sort and search), else the crate newest first.
 */
function* refetchOwnList() {
  const list: RecordsList = yield select(selectRecordsList);
  const query = list.query?.owner === 'own' ? list.query : null;
  if (query && searchActive({ search: query.search }))
    yield put(searchRecords(query.search, query.sort, query.folder));
  else yield put(fetchRecords(query?.sort, query?.folder));
}

function showAddedNotice() {
  // Not awaited: the notice closes itself after 1 s while the app moves on.
  void timedNotice(RECORD_ADDED_TEXT, 1000);
}

/** POST_RECORD: add, tell the add screen, show the success notice, refetch the crate. */
export function* postRecordWorker(action: ReturnType<typeof postRecord>) {
  try {
    const response: AxiosResponse<CrateRecord> = yield call(
      [api, api.post],
      '/api/record/add',
      action.payload,
    );
    yield put(recordSaved(response.data));
    yield call(showAddedNotice);
    yield call(refetchOwnList);
  } catch (err) {
    yield put(postRecordFailed(failureOf(err)));
  }
}

/** EDIT_RECORD: save, tell the edit screen, refetch the crate. */
export function* editRecordWorker(action: ReturnType<typeof editRecord>) {
  try {
    const response: AxiosResponse<CrateRecord> = yield call(
      [api, api.put],
      '/api/record/edit',
      action.payload,
    );
    yield put(recordSaved(response.data));
    yield call(refetchOwnList);
  } catch (err) {
    yield put(editRecordFailed(failureOf(err)));
  }
}

/** DELETE_RECORD: delete, then refetch the crate. */
export function* deleteRecordWorker(action: ReturnType<typeof deleteRecord>) {
  try {
    yield call([api, api.delete], `/api/record/${encodeURIComponent(action.payload)}`);
    yield call(refetchOwnList);
  } catch (err) {
    yield put(deleteRecordFailed(failureOf(err)));
  }
}

/** FETCH_MOOD: the moods of the add and edit forms. */
export function* fetchMoodWorker() {
  try {
    const response: AxiosResponse<Mood[]> = yield call([api, api.get], '/api/mood');
    yield put(setMood(response.data));
  } catch (err) {
    yield put(fetchMoodFailed(failureOf(err)));
  }
}

/**
 * LOOKUP_BARCODE: the pressings of a barcode (EXTENSIONS.md §4). A 503, or no answer at
 * all, is "unreachable"; the screen says so and keeps what was typed.
 */
function* lookupBarcodeWorker(action: ReturnType<typeof lookupBarcode>) {
  try {
    // Without the server (or after 3 s), the offline copy answers meanwhile (EXTENSIONS.md §9).
    const response: AxiosResponse<BarcodeLookup> = yield call(lookUpOrAnswerFromCopy, action.payload, () =>
      api.get<BarcodeLookup>('/api/lookup/barcode', { params: { code: action.payload } }),
    );
    yield put(barcodeFound(response.data));
  } catch (err) {
    yield put(lookupBarcodeFailed({ ...failureOf(err), code: action.payload }));
  }
}

/** Whether the collection's URL asks for its first list (newest, no search, no folder). */
function urlAsksFirstList(): boolean {
  const params = new URLSearchParams(window.location.search);
  return (
    recordSortOf(params.get('sort')) === DEFAULT_RECORD_SORT &&
    !params.get('search')?.trim() &&
    !params.get('folder')
  );
}

/**
 * On a page the service worker started without the server, on the collection: reads the
 * offline copy's first screen of records ahead, while the screen's code loads and the server
 * is checked, so the screen's first list finds it read (issue 24: offline start to the first
 * cover ≤ 1.5 s; lib/offline/read.ts `prefetchCopyFirstRecords`, which never throws). When the
 * page carries that screen (the service worker read it) and the URL asks for that list, it is
 * put in the store at once, with the chip's offlineCopyShown: the screen's first render has
 * its covers, under the first-visit loading screen (recordList.slice.ts `firstScreenShown`), and
 * its own FETCH_RECORDS then finds the same records (no busy mark: the list shown is the one
 * asked for). The crate's search texts are read once the screen's list is painted
 * (showCopyList): read beside the start, they were a long task that held the first covers up
 * on a phone.
 */
export function* readCollectionAheadOffline() {
  if (typeof document === 'undefined' || !isOfflineStart(document)) return;
  if (window.location.pathname !== paths.profile) return;
  const userId = (yield select(selectCurrentUserId)) as number | undefined;
  if (userId === undefined) return;
  yield call(prefetchCopyFirstRecords, userId, RECORDS_PAGE_SIZE);
  const first = urlAsksFirstList() ? handedFirstRecords(userId, RECORDS_PAGE_SIZE) : undefined;
  if (first) {
    const query = queryOf(fetchRecords(DEFAULT_RECORD_SORT, ''))!;
    const { records, total } = first.value;
    yield put(firstScreenShown({ query, records, total }));
    yield put(offlineCopyShown({ screen: 'records', syncedAt: first.syncedAt }));
  }
}

/** Root saga of the records feature. */
export function* recordsSaga() {
  yield all([
    call(readCollectionAheadOffline),
    takeLatest(
      [
        fetchRecords.type,
        searchRecords.type,
        fetchFriendsRecords.type,
        searchFriendsRecords.type,
        clearRecords.type,
      ],
      loadRecordsWorker,
    ),
    call(watchNextPages),
    takeLatest(fetchRecord.type, fetchRecordWorker),
    takeEvery(postRecord.type, postRecordWorker),
    takeEvery(editRecord.type, editRecordWorker),
    takeEvery(deleteRecord.type, deleteRecordWorker),
    takeLatest(fetchMood.type, fetchMoodWorker),
    takeLatest(lookupBarcode.type, lookupBarcodeWorker),
  ]);
}
