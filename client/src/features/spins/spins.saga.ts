/**
 * Sagas of the spins feature (PRODUCT.md §4, §7). Adding or deleting a spin refetches
 * the list; fetching a single spin replaces the list with the response rows. Every
 * worker catches its error and puts `requestFailed`.
 */
import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import { deleteSpin, fetchSingleSpin, fetchSpins, postSpins, setSpins } from './spins.actions';
import { failed } from '@/lib/requests';
import { api } from '@/lib/api';
import type { SpinAlbumRow, SpinListItem } from '@/lib/types';

/** FETCH_SPINS: GET /api/spins, then SET_SPINS. */
export function* fetchSpinsWorker() {
  try {
    const response: AxiosResponse<SpinListItem[]> = yield call([api, api.get], '/api/spins');
    yield put(setSpins(response.data));
  } catch (err) {
    yield put(failed(fetchSpins.type, err));
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
    yield put(failed(fetchSingleSpin.type, err));
  }
}

/** POST_SPINS: POST /api/spins/add, then refetch the spins. */
export function* postSpinsWorker(action: ReturnType<typeof postSpins>) {
  try {
    yield call([api, api.post], '/api/spins/add', action.payload);
    yield put(fetchSpins());
  } catch (err) {
    yield put(failed(postSpins.type, err));
  }
}

/** DELETE_SPIN (payload: spin id): DELETE /api/spins/{id}, then refetch the spins. */
export function* deleteSpinWorker(action: ReturnType<typeof deleteSpin>) {
  try {
    yield call([api, api.delete], `/api/spins/${action.payload}`);
    yield put(fetchSpins());
  } catch (err) {
    yield put(failed(deleteSpin.type, err));
  }
}

/** Root saga of the spins feature. */
export function* spinsSaga() {
  yield all([
    takeLatest(fetchSpins.type, fetchSpinsWorker),
    takeLatest(fetchSingleSpin.type, fetchSingleSpinWorker),
    takeEvery(postSpins.type, postSpinsWorker),
    takeEvery(deleteSpin.type, deleteSpinWorker),
  ]);
}
