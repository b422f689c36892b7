/**
 * Sagas of the spins feature (PRODUCT.md §4, §7). Adding or deleting a spin refetches
 * the list; fetching a single spin replaces the list with the response rows. Every
 * worker catches its error and puts its request's failure action.
 */
import { all, call, delay, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import {
  deleteSpin,
  deleteSpinFailed,
  fetchSingleSpin,
  fetchSingleSpinFailed,
  fetchSpins,
  fetchSpinsFailed,
  postSpins,
  postSpinsFailed,
  searchPickerRecords,
  searchPickerRecordsFailed,
} from './spins.actions';
import { setPickerRecords, setSpins } from './spins.slice';
import { failureOf } from '@/lib/requests';
import { api } from '@/lib/api';
import { isUnreachableError } from '@/lib/connectivity';
import { dropReplacedItem, newClientId, queueOffline } from '@/lib/offline/queue';
import { requestOrCopy, type CopyReads } from '@/lib/offline/fallback';
import type { FromCopy } from '@/lib/offline/read';
import type { CrateRecord, SpinDetailRow as SpinAlbumRow, SpinListItem } from '@spincrate/contract';
import { lowerAsServer } from '@spincrate/contract';

/** FETCH_SPINS: GET /api/spins, then the spins slice's setSpins. */
export function* fetchSpinsWorker() {
  try {
    const response: AxiosResponse<SpinListItem[]> = yield call([api, api.get], '/api/spins');
    yield put(setSpins(response.data));
  } catch (err) {
    yield put(fetchSpinsFailed(failureOf(err)));
  }
}

/** FETCH_SINGLE_SPIN (payload: spin id): GET /api/spins/single/{id}; the rows replace the spins list. */
export function* fetchSingleSpinWorker(action: ReturnType<typeof fetchSingleSpin>) {
  try {
    const response: AxiosResponse<SpinAlbumRow[]> = yield call(
      [api, api.get],
      `/api/spins/single/${action.payload}`,
    );
    yield put(setSpins(response.data));
  } catch (err) {
    yield put(fetchSingleSpinFailed(failureOf(err)));
  }
}

/**
 * POST_SPINS: POST /api/spins/add with a fresh `clientId` (API.md "Offline copy and repeat-safe
 * writes"), then refetch the spins. When it gets no answer at all, the spin goes to the outbox
 * with that `clientId` and is sent when the connection is back (EXTENSIONS.md §9). A spin edited
 * from a refused outbox spin (`meta.replaces`) removes that one once it is stored or queued.
 */
export function* postSpinsWorker(action: ReturnType<typeof postSpins>) {
  const clientId = newClientId();
  const replaces = action.meta?.replaces;
  try {
    yield call([api, api.post], '/api/spins/add', { ...action.payload, ...(clientId ? { clientId } : {}) });
    if (replaces) yield call(dropReplacedItem, replaces);
    yield put(fetchSpins());
  } catch (err) {
    if (isUnreachableError(err)) {
      const queued = (yield call(queueOffline, 'spin', { ...action.payload }, clientId)) as boolean;
      if (queued) {
        if (replaces) yield call(dropReplacedItem, replaces);
        return;
      }
    }
    yield put(postSpinsFailed(failureOf(err)));
  }
}

/** DELETE_SPIN (payload: spin id): DELETE /api/spins/{id}, then refetch the spins. */
export function* deleteSpinWorker(action: ReturnType<typeof deleteSpin>) {
  try {
    yield call([api, api.delete], `/api/spins/${action.payload}`);
    yield put(fetchSpins());
  } catch (err) {
    yield put(deleteSpinFailed(failureOf(err)));
  }
}

/** PRODUCT.md §9: the record search in the spin picker answers after 1000 ms. */
const RECORD_SEARCH_DELAY_MS = 1000;
/** How many records the picker offers at most. */
const PICKER_SIZE = 50;

/** Whether a record's title or artist holds `needle` (lower case), ignoring case (EXTENSIONS.md §1). */
function titleOrArtistHolds(record: CrateRecord, needle: string): boolean {
  return lowerAsServer(record.title).includes(needle) || lowerAsServer(record.artist).includes(needle);
}

/**
 * The picker's records from the server: '' the PICKER_SIZE newest; a text the first
 * PICKER_SIZE records whose title or artist holds it, by title (`GET /api/record/search`
 * with `fields=title,artist`, API.md "Routes"): one request.
 */
async function pickerRecordsFromServer(search: string): Promise<CrateRecord[]> {
  const text = search.trim();
  const response = text
    ? await api.get<CrateRecord[]>('/api/record/search', {
        params: { search: text, fields: 'title,artist', limit: PICKER_SIZE, sort: 'title_asc' },
      })
    : await api.get<CrateRecord[]>('/api/record', { params: { limit: PICKER_SIZE, sort: 'newest' } });
  return response.data;
}

/**
 * SEARCH_PICKER_RECORDS (takeLatest: each new text replaces the one waiting): '' gives
 * the newest records at once; a text waits 1 s, then asks the server's search of titles and
 * artists (sorted by title) for the first PICKER_SIZE. Puts the picker slice's setPickerRecords.
 *
 * When the server can't be reached (or takes over 3 s), the offline copy answers with the
 * same rules (EXTENSIONS.md §9: the contract's search and sort), so a spin can be logged
 * offline; the server's answer replaces it once it comes.
 */
function* searchPickerRecordsWorker(action: ReturnType<typeof searchPickerRecords>) {
  const search = action.payload;
  const needle = lowerAsServer(search.trim());
  try {
    if (needle) yield delay(RECORD_SEARCH_DELAY_MS);
    const { response } = (yield call(
      requestOrCopy<CrateRecord[]>,
      () => pickerRecordsFromServer(search),
      function* fromCopy(reads: CopyReads, userId: number) {
        const copy = (yield call(
          reads.readCopyRecords,
          userId,
          needle ? { sort: 'title_asc', search: search.trim() } : { sort: 'newest' },
        )) as FromCopy<CrateRecord[]> | undefined;
        if (!copy) return false;
        const records = needle
          ? copy.value.filter((record) => titleOrArtistHolds(record, needle))
          : copy.value;
        yield put(setPickerRecords({ search, records: records.slice(0, PICKER_SIZE) }));
        return true;
      } as (reads: CopyReads, userId: number) => Generator<unknown, boolean, never>,
    )) as { response: CrateRecord[] };
    yield put(setPickerRecords({ search, records: response }));
  } catch (err) {
    yield put(searchPickerRecordsFailed(failureOf(err)));
  }
}

/** Root saga of the spins feature. */
export function* spinsSaga() {
  yield all([
    takeLatest(fetchSpins.type, fetchSpinsWorker),
    takeLatest(fetchSingleSpin.type, fetchSingleSpinWorker),
    takeLatest(searchPickerRecords.type, searchPickerRecordsWorker),
    takeEvery(postSpins.type, postSpinsWorker),
    takeEvery(deleteSpin.type, deleteSpinWorker),
  ]);
}
