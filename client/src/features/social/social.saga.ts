/** Sagas of the social feature. Placeholder until the feature lands. */
import { all } from 'redux-saga/effects';

/** Root saga of the social feature. */
export function* socialSaga() {
  yield all([]);
}
