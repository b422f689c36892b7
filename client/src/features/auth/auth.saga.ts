/**
 * Sagas of the auth feature (PRODUCT.md §4 "Auth", §7, §8): FETCH_USER, LOGIN,
 * LOGOUT, REGISTER. Every worker catches its error; the login and registration
 * failures become the error texts shown on their screens.
 */
import { all, call, getContext, put, takeLatest } from 'redux-saga/effects';
import type { AxiosResponse } from 'axios';
import { login, register } from './auth.actions';
import { fetchFriends } from '@/entities/friends/friends';
import { failureOf } from '@/lib/requests';
import { fetchUserFailed, loginRequestFailed, logoutFailed, registerRequestFailed } from './auth.failures';
import { LOAD_USER_DATA, fetchUser, logout, setUser } from '@/entities/session/session';
import { api, errorStatus, retryAfterSeconds } from '@/lib/api';
import { claimUserCaches, clearUserCaches } from '@/lib/offline/caches';
import { clearLogoutPending, markLogoutPending } from '@/lib/offline/pendingLogout';
import type { User } from '@spincrate/contract';
import {
  LOGIN_FAILED_401,
  LOGIN_FAILED_OTHER,
  REGISTRATION_FAILED,
  clearLoginError,
  clearRegistrationError,
  loginFailed,
  loginLockedText,
  registrationFailed,
} from './auth.slice';

/**
 * Makes sure the signed-in user's reducers and sagas are loaded and running (app/store.ts
 * `loadUserData`, not part of the first load), before a signed-in user is stored: the guarded
 * screens and the actions that follow (FETCH_FRIENDS after LOGIN) find them. Nothing to do
 * when the saga runs without the store's loader (saga unit tests).
 * @throws the module's load error (e.g. the network is gone), for the caller's catch
 */
function* ensureUserData() {
  const load: (() => Promise<void>) | undefined = yield getContext(LOAD_USER_DATA);
  if (load) yield call(load);
}

/**
 * FETCH_USER: GET /api/user, then SET_USER (a signed-in user once their reducers and sagas are
 * loaded); 401 (no session) sets the empty user.
 */
export function* fetchUserWorker() {
  try {
    const response: AxiosResponse<User> = yield call([api, api.get], '/api/user');
    if (response.data.id !== undefined) yield call(ensureUserData);
    yield put(setUser(response.data));
  } catch (err) {
    if (errorStatus(err) === 401) {
      yield put(setUser({}));
    } else {
      // The user slice treats this as "logged out" too, so the guard stops waiting.
      yield put(fetchUserFailed(failureOf(err)));
    }
  }
}

/**
 * LOGIN: clear the error, POST /api/user/login, then GET /api/user → (the signed-in user's
 * reducers and sagas loaded; the service worker's caches of another user's data deleted,
 * EXTENSIONS.md §9) SET_USER, then FETCH_FRIENDS. A 401 from the login call gives the "didn't match" text, a 429
 * "Too many attempts. Try again in {n} minutes." (EXTENSIONS.md §11, n from `Retry-After`); any other
 * failure (another status, no response, or the user fetch failing) the "Is the server
 * running?" text.
 */
export function* loginWorker(action: ReturnType<typeof login>) {
  yield put(clearLoginError());
  try {
    yield call([api, api.post], '/api/user/login', action.payload);
    // A new session replaced any the device logged out of without reaching the server.
    yield call(clearLogoutPending);
  } catch (err) {
    const status = errorStatus(err);
    yield put(
      loginFailed(
        status === 401
          ? LOGIN_FAILED_401
          : status === 429
            ? loginLockedText(retryAfterSeconds(err))
            : LOGIN_FAILED_OTHER,
      ),
    );
    yield put(loginRequestFailed(failureOf(err)));
    return;
  }
  try {
    const response: AxiosResponse<User> = yield call([api, api.get], '/api/user');
    yield call(ensureUserData);
    if (response.data.id !== undefined) yield call(claimUserCaches, response.data.id);
    yield put(setUser(response.data));
    yield put(fetchFriends());
  } catch (err) {
    yield put(loginFailed(LOGIN_FAILED_OTHER));
    yield put(loginRequestFailed(failureOf(err)));
  }
}

/**
 * Deletes the offline copy of this browser: crate, wants, outbox and scans (EXTENSIONS.md §9:
 * logging out deletes it). The IndexedDB code is loaded only now (not part of the first load).
 * Never throws.
 */
async function deleteOfflineCopyOnLogout(): Promise<void> {
  try {
    const { deleteOfflineCopy } = await import('@/lib/offline/db');
    await deleteOfflineCopy();
  } catch {
    // The module could not be loaded (offline): the next user's sign-in deletes the copy.
  }
}

/**
 * LOGOUT: POST /api/user/logout, then the service worker's caches of the user's data are
 * deleted (covers, the kept session; the app's code stays: EXTENSIONS.md §9), the user becomes
 * the empty object and the offline copy (crate, wants, outbox, scans) is deleted. (The Nav
 * sends the app to /home.) A 401 means no session was left: the same. When the server can't
 * be reached (no answer, or a 5xx) the device logs out all the same, as §9 asks of a phone at
 * the shop, and the session is ended at the next start that reaches the server
 * (lib/offline/pendingLogout.ts). Any other refusal (403, 429 …) keeps the user logged in, the
 * caches and the copy, and the failure is logged.
 */
export function* logoutWorker() {
  try {
    yield call([api, api.post], '/api/user/logout');
  } catch (err) {
    const status = errorStatus(err);
    if (status === undefined || status >= 500) {
      yield call(markLogoutPending);
    } else if (status !== 401) {
      yield put(logoutFailed(failureOf(err)));
      return;
    }
  }
  try {
    yield call(clearUserCaches);
    yield put(setUser({}));
    yield call(deleteOfflineCopyOnLogout);
  } catch (err) {
    yield put(logoutFailed(failureOf(err)));
  }
}

/**
 * REGISTER: clear the error, POST /api/user/register, then LOGIN with the same
 * credentials. "Login mode" follows from the user state: once logged in, the
 * registration screen redirects to /user/profile; if that login fails, the screen
 * sends the visitor to the login screen, which shows the login error. Any failure of
 * the registration call gives the registration error text.
 */
export function* registerWorker(action: ReturnType<typeof register>) {
  yield put(clearRegistrationError());
  try {
    yield call([api, api.post], '/api/user/register', action.payload);
  } catch (err) {
    yield put(registrationFailed(REGISTRATION_FAILED));
    yield put(registerRequestFailed(failureOf(err)));
    return;
  }
  yield put(login(action.payload));
}

/** Root saga of the auth feature. */
export function* authSaga() {
  yield all([
    takeLatest(fetchUser.type, fetchUserWorker),
    takeLatest(login.type, loginWorker),
    takeLatest(logout.type, logoutWorker),
    takeLatest(register.type, registerWorker),
  ]);
}
