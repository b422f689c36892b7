/**
 * Runs every feature's saga, and the console log of failed calls (PRODUCT.md §8); one
 * failing call never stops the others (each worker catches).
 */
import { all, call, fork, race, take } from 'redux-saga/effects';
import { authSaga } from '@/features/auth/auth.saga';
import { layoutSaga } from '@/features/layout/layout.saga';
import { recordsSaga } from '@/features/records/records.saga';
import { socialSaga } from '@/features/social/social.saga';
import { spinsSaga } from '@/features/spins/spins.saga';
import { blindbagSaga } from '@/features/blindbag/blindbag.saga';
import { importsSaga } from '@/features/imports/imports.saga';
import { statsSaga } from '@/features/stats/stats.saga';
import { endsSession } from '@/lib/session';
import { failureLogSaga } from './failureLog';

/**
 * The sagas that load the signed-in user's data. When the session ends (logout, or a
 * 401) they are cancelled and started again, so an answer still on its way for the
 * previous user is dropped instead of filling the next user's screens.
 */
export function* userDataSagas() {
  for (;;) {
    yield race({
      run: all([
        call(recordsSaga),
        call(socialSaga),
        call(spinsSaga),
        call(blindbagSaga),
        call(importsSaga),
        call(statsSaga),
      ]),
      ended: take(endsSession),
    });
  }
}

export function* rootSaga() {
  yield all([fork(authSaga), fork(layoutSaga), fork(userDataSagas), fork(failureLogSaga)]);
}
