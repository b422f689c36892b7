/** Loads the runtime configuration (GET /api/config). */
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import { fetchConfig, fetchConfigFailed, setConfig } from './layout.actions';
import { failureOf } from '@/lib/requests';
import { api } from '@/lib/api';
import type { ClientConfig } from '@spincrate/contract';

/** FETCH_CONFIG: GET /api/config, then SET_CONFIG. */
export function* fetchConfigWorker() {
  try {
    const response: AxiosResponse<ClientConfig> = yield call([api, api.get], '/api/config');
    yield put(setConfig(response.data));
  } catch (err) {
    yield put(fetchConfigFailed(failureOf(err)));
  }
}

/** Root saga of the layout feature. */
export function* layoutSaga() {
  yield all([takeLatest(fetchConfig.type, fetchConfigWorker)]);
}
