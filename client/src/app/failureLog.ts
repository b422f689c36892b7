/**
 * PRODUCT.md §8: "All other call failures are only logged to the console with no
 * user-visible message." Every saga worker puts its request's failure action (lib/requests.ts);
 * this saga is the one place that writes those failures to the console. Login and
 * registration failures are shown to the user on their screens instead (§8), so they are
 * not logged.
 */
import { takeEvery } from 'redux-saga/effects';
import { login, register } from '@/features/auth/auth.actions';
import { isRequestFailure, type RequestFailureAction } from '@/lib/requests';

/** Requests whose failures the user sees on screen (PRODUCT.md §8). */
const SHOWN_TO_USER = new Set<string>([login.type, register.type]);

/** Writes one failed call to the console (the only console output of the client). */
function logFailureWorker(action: RequestFailureAction) {
  const request = action.meta.failureOf;
  if (SHOWN_TO_USER.has(request)) return;
  const status = action.payload.status ? ` (HTTP ${action.payload.status})` : '';
  // eslint-disable-next-line no-console -- PRODUCT.md §8 requires failed calls to be logged to the console.
  console.error(`${request} failed${status}: ${action.payload.message}`);
}

/** Logs every request's failure action (takeEvery: each failure matters). */
export function* failureLogSaga() {
  yield takeEvery(isRequestFailure, logFailureWorker);
}
