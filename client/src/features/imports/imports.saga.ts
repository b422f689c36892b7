/** Sagas of the imports feature. Placeholder until the feature lands. */
import { all } from 'redux-saga/effects';

/** Root saga of the imports feature. */
export function* importsSaga() {
  yield all([]);
}
