/**
 * Runs every feature's saga, and the console log of failed calls (PRODUCT.md §8); one
 * failing call never stops the others (each worker catches).
 */
import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/auth.saga';
import { layoutSaga } from '../features/layout/layout.saga';
import { recordsSaga } from '../features/records/records.saga';
import { socialSaga } from '../features/social/social.saga';
import { spinsSaga } from '../features/spins/spins.saga';
import { blindbagSaga } from '../features/blindbag/blindbag.saga';
import { importsSaga } from '../features/imports/imports.saga';
import { statsSaga } from '../features/stats/stats.saga';
import { failureLogSaga } from './failureLog';

export function* rootSaga() {
  yield all([
    fork(authSaga),
    fork(layoutSaga),
    fork(recordsSaga),
    fork(socialSaga),
    fork(spinsSaga),
    fork(blindbagSaga),
    fork(importsSaga),
    fork(statsSaga),
    fork(failureLogSaga),
  ]);
}
