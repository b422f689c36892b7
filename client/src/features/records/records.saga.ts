/**
 * Sagas of the records feature (PRODUCT.md §7): own and friends' records lists,
 * search, add, edit, delete, and the mood list.
 */
import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import type { BarcodeLookup } from '@spincrate/contract';
import {
  barcodeFound,
  barcodeLookupFailed,
  lookupBarcode,
  deleteRecord,
  editRecord,
  fetchFriendsRecords,
  postRecord,
  recordSaved,
  searchFriendsRecords,
  searchRecords,
  setMood,
  setRecords,
} from './records.actions';
import { clearRecords, fetchMood, fetchRecords } from '@/lib/crate';
import { failed } from '@/lib/requests';
import { api, errorStatus } from '@/lib/api';
import { timedNotice } from '@/lib/alerts';
import type { CrateRecord, Mood } from '@/lib/types';

/** PRODUCT.md §8 with the product name: the add-record success notice. */
export const RECORD_ADDED_TEXT = 'The record has been added to your crate';

type ListAction =
  | ReturnType<typeof fetchRecords>
  | ReturnType<typeof searchRecords>
  | ReturnType<typeof fetchFriendsRecords>
  | ReturnType<typeof searchFriendsRecords>
  | ReturnType<typeof clearRecords>;

/** The request that loads the records list for one list action (none for CLEAR_RECORDS). */
function listRequest(action: ListAction): [string, Record<string, string | number>] | undefined {
  if (fetchRecords.match(action)) return ['/api/record', {}];
  if (searchRecords.match(action)) return ['/api/record/search', { search: action.payload }];
  if (fetchFriendsRecords.match(action)) return ['/api/social/friends/collection', { id: action.payload }];
  if (searchFriendsRecords.match(action)) {
    return [
      '/api/social/friends/collection/search',
      { search: action.payload.search, id: action.payload.friend_id },
    ];
  }
  return undefined;
}

/**
 * Loads the records list. Every list action (and CLEAR_RECORDS) goes through one
 * takeLatest, so a slow answer for a screen the user has left never replaces a newer
 * list, and a list cleared on leaving stays cleared. Query values are URL-encoded by axios.
 */
export function* loadRecordsWorker(action: ListAction) {
  const request = listRequest(action);
  if (!request) return;
  try {
    const [url, params] = request;
    const response: AxiosResponse<CrateRecord[]> = yield call([api, api.get], url, { params });
    yield put(setRecords(response.data));
  } catch (err) {
    yield put(failed(action.type, err));
  }
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
    yield put(fetchRecords());
  } catch (err) {
    yield put(failed(action.type, err));
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
    yield put(fetchRecords());
  } catch (err) {
    yield put(failed(action.type, err));
  }
}

/** DELETE_RECORD: delete, then refetch the crate. */
export function* deleteRecordWorker(action: ReturnType<typeof deleteRecord>) {
  try {
    yield call([api, api.delete], `/api/record/${encodeURIComponent(action.payload)}`);
    yield put(fetchRecords());
  } catch (err) {
    yield put(failed(action.type, err));
  }
}

/** FETCH_MOOD: the moods of the add and edit forms. */
export function* fetchMoodWorker() {
  try {
    const response: AxiosResponse<Mood[]> = yield call([api, api.get], '/api/mood');
    yield put(setMood(response.data));
  } catch (err) {
    yield put(failed(fetchMood.type, err));
  }
}

/**
 * LOOKUP_BARCODE: the pressings of a barcode (EXTENSIONS.md §4). A 503, or no answer at
 * all, is "unreachable"; the screen says so and keeps what was typed.
 */
export function* lookupBarcodeWorker(action: ReturnType<typeof lookupBarcode>) {
  try {
    const response: AxiosResponse<BarcodeLookup> = yield call([api, api.get], '/api/lookup/barcode', {
      params: { code: action.payload },
    });
    yield put(barcodeFound(response.data));
  } catch (err) {
    const status = errorStatus(err);
    yield put(
      barcodeLookupFailed({ code: action.payload, unreachable: status === undefined || status === 503 }),
    );
    yield put(failed(action.type, err));
  }
}

/** Root saga of the records feature. */
export function* recordsSaga() {
  yield all([
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
    takeEvery(postRecord.type, postRecordWorker),
    takeEvery(editRecord.type, editRecordWorker),
    takeEvery(deleteRecord.type, deleteRecordWorker),
    takeLatest(fetchMood.type, fetchMoodWorker),
    takeLatest(lookupBarcode.type, lookupBarcodeWorker),
  ]);
}
