/** Loads the runtime configuration (GET /api/config). */
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import { fetchConfig } from './layout.actions';
import { setConfig } from './layout.slice';
import { failureOf, requestFailure } from '@/lib/requests';
import { api } from '@/lib/api';
import type { ClientConfig } from '@spincrate/contract';

/**
 * FETCH_CONFIG_FAILED: GET /api/config failed (the defaults stay). Defined with the saga, not
 * beside FETCH_CONFIG, so that it stays out of the first load's script (main.tsx imports the
 * layout's actions).
 */
export const fetchConfigFailed = requestFailure(fetchConfig.type);

/** FETCH_CONFIG: GET /api/config, then the config slice's setConfig. */
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
