/** Sagas of the records feature. Placeholder until the feature lands. */
import { all } from 'redux-saga/effects';

/** Root saga of the records feature. */
export function* recordsSaga() {
  yield all([]);
}
