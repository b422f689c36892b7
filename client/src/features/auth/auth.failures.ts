/**
 * The failure actions of the session's requests, which the auth saga makes (FETCH_USER, LOGIN,
 * LOGOUT, REGISTER; lib/requests.ts). Apart from the named actions (auth.actions.ts,
 * entities/session/session.ts) so that they stay out of the first load's script: only the
 * saga, loaded later, puts them; the user slice and the failure log recognise them by their
 * `meta.failureOf`.
 */
import { fetchUser, logout } from '@/entities/session/session';
import { requestFailure } from '@/lib/requests';
import { login, register } from './auth.actions';

/** FETCH_USER_FAILED: GET /api/user got no answer or an error other than 401 (treated as logged out). */
export const fetchUserFailed = requestFailure(fetchUser.type);
/** LOGOUT_FAILED: the logout call failed (the session still exists). */
export const logoutFailed = requestFailure(logout.type);
/**
 * LOGIN_REQUEST_FAILED: the login call (or the user fetch after it) failed; the screen shows
 * LOGIN_FAILED's text (LOGIN_FAILED already names that text, hence the name).
 */
export const loginRequestFailed = requestFailure(login.type, 'LOGIN_REQUEST_FAILED');
/** REGISTER_REQUEST_FAILED: the registration call failed; the screen shows REGISTRATION_FAILED's text. */
export const registerRequestFailed = requestFailure(register.type, 'REGISTER_REQUEST_FAILED');
