/**
 * PRODUCT.md §8: "All other call failures are only logged to the console with no
 * user-visible message." Every saga worker puts `requestFailed`; this saga is the one
 * place that writes those failures to the console. Login and registration failures
 * are shown to the user on their screens instead (§8), so they are not logged.
 */
import { takeEvery } from 'redux-saga/effects';
import { login, register } from '@/features/auth/auth.actions';
import { requestFailed } from '@/lib/requests';

/** Actions whose failures the user sees on screen (PRODUCT.md §8). */
const SHOWN_TO_USER = new Set<string>([login.type, register.type]);

/** Writes one failed call to the console (the only console output of the client). */
function logFailure(payload: ReturnType<typeof requestFailed>['payload']) {
  if (SHOWN_TO_USER.has(payload.action)) return;
  const status = payload.status ? ` (HTTP ${payload.status})` : '';
  // eslint-disable-next-line no-console -- PRODUCT.md §8 requires failed calls to be logged to the console.
  console.error(`${payload.action} failed${status}: ${payload.message}`);
}

function logFailureWorker(action: ReturnType<typeof requestFailed>) {
  logFailure(action.payload);
}

/** Logs every `requestFailed` (takeEvery: each failure matters). */
export function* failureLogSaga() {
  yield takeEvery(requestFailed.type, logFailureWorker);
}
