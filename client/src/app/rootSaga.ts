/**
 * Runs the sagas of the first load (auth, layout) and the console log of failed calls
 * (PRODUCT.md §8); one failing call never stops the others (each worker catches). The
 * signed-in user's sagas are in app/userData.ts, started when that module is loaded.
 */
import { all, fork } from 'redux-saga/effects';
import { authSaga } from '@/features/auth/auth.saga';
import { layoutSaga } from '@/features/layout/layout.saga';
import { failureLogSaga } from './failureLog';

export function* rootSaga() {
  yield all([fork(authSaga), fork(layoutSaga), fork(failureLogSaga)]);
}
