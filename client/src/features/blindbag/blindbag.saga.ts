/** Sagas of the blindbag feature. Placeholder until the feature lands. */
import { all } from 'redux-saga/effects';

/** Root saga of the blindbag feature. */
export function* blindbagSaga() {
  yield all([]);
}
