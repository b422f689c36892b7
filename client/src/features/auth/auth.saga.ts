/** Sagas of the auth feature. Placeholder until the feature lands. */
import { all } from 'redux-saga/effects';

/** Root saga of the auth feature. */
export function* authSaga() {
  yield all([]);
}
