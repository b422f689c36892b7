/** Saga of the stats feature: FETCH_STATS loads GET /api/stats (latest request wins). */
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { failed } from '@/lib/requests';
import { errorStatus } from '@/lib/api';
import { fetchStats, fetchStatsFailed, setStats } from './stats.actions';
import { getStats } from './stats.api';
import type { Stats } from './stats.types';

/** FETCH_STATS (payload: today, YYYY-MM-DD): SET_STATS, or FETCH_STATS_FAILED and REQUEST_FAILED. */
export function* fetchStatsWorker(action: ReturnType<typeof fetchStats>) {
  try {
    const stats: Stats = yield call(getStats, action.payload);
    yield put(setStats(stats));
  } catch (err) {
    yield put(fetchStatsFailed(errorStatus(err)));
    yield put(failed(action.type, err));
  }
}

/** Root saga of the stats feature. */
export function* statsSaga() {
  yield all([takeLatest(fetchStats.type, fetchStatsWorker)]);
}
