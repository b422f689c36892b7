/** Sagas of the blindbag feature: FETCH_BLINDBAG draws a random record (GET /api/blindbag). */
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import { clearBlindbag, fetchBlindbag, setBlindbag } from './blindbag.actions';
import { failed } from '@/lib/requests';
import { api } from '@/lib/api';
import type { BlindbagRecord } from '@/lib/types';

/**
 * Draws a random record; the filter text, when not empty, is sent as the `search` query
 * parameter, and `unplayedDays`, when set, as `unplayedDays` (EXTENSIONS.md §2). A 404
 * (nothing matches) is put as `requestFailed` with its status.
 */
export function* fetchBlindbagWorker(action: ReturnType<typeof fetchBlindbag>) {
  const payload = typeof action.payload === 'object' ? action.payload : { search: action.payload };
  const search = payload.search?.trim();
  const params: Record<string, string | number> = {};
  if (search) params.search = search;
  if (payload.unplayedDays) params.unplayedDays = payload.unplayedDays;
  if (payload.folder) params.folder = payload.folder;
  try {
    const response: AxiosResponse<BlindbagRecord> = yield call([api, api.get], '/api/blindbag', {
      params,
    });
    yield put(setBlindbag(response.data));
  } catch (err) {
    yield put(failed(action.type, err));
  }
}

function* drawOrCancelWorker(action: ReturnType<typeof fetchBlindbag> | ReturnType<typeof clearBlindbag>) {
  if (fetchBlindbag.match(action)) yield call(fetchBlindbagWorker, action);
}

/** Root saga of the blindbag feature. CLEAR_BLINDBAG shares the takeLatest, so leaving cancels a draw in flight. */
export function* blindbagSaga() {
  yield all([takeLatest([fetchBlindbag.type, clearBlindbag.type], drawOrCancelWorker)]);
}
