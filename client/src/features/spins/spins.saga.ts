/** Sagas of the spins feature. Placeholder until the feature lands. */
import { all } from 'redux-saga/effects';

/** Root saga of the spins feature. */
export function* spinsSaga() {
  yield all([]);
}
