/**
 * Saga of the stats feature: FETCH_STATS loads GET /api/stats, FETCH_YEAR_REVIEW loads
 * GET /api/stats/year/{yyyy} (for each, the latest request wins).
 */
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { failureOf } from '@/lib/requests';
import { fetchStats, fetchStatsFailed } from './stats.actions';
import { fetchYearReview, fetchYearReviewFailed } from './yearReview.actions';
import { setStats } from './stats.slice';
import { setYearReview } from './yearReview.slice';
import { getStats, getYearReview } from './stats.api';
import type { Stats, YearReview } from './stats.types';

/** FETCH_STATS (payload: today, YYYY-MM-DD): stats/setStats, or FETCH_STATS_FAILED. */
export function* fetchStatsWorker(action: ReturnType<typeof fetchStats>) {
  try {
    const stats: Stats = yield call(getStats, action.payload);
    yield put(setStats(stats));
  } catch (err) {
    yield put(fetchStatsFailed(failureOf(err)));
  }
}

/**
 * FETCH_YEAR_REVIEW (payload: year and today): yearReview/setYearReview, or FETCH_YEAR_REVIEW_FAILED.
 */
export function* fetchYearReviewWorker(action: ReturnType<typeof fetchYearReview>) {
  try {
    const review: YearReview = yield call(getYearReview, action.payload.year, action.payload.today);
    yield put(setYearReview(review));
  } catch (err) {
    yield put(fetchYearReviewFailed(failureOf(err)));
  }
}

/** Root saga of the stats feature. */
export function* statsSaga() {
  yield all([
    takeLatest(fetchStats.type, fetchStatsWorker),
    takeLatest(fetchYearReview.type, fetchYearReviewWorker),
  ]);
}
