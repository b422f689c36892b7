import { describe, expect, it } from 'vitest';
import {
  clearLoginError,
  clearRegistrationError,
  fetchUser,
  loginFailed,
  loginInputError,
  registrationFailed,
  registrationInputError,
  requestFailed,
  setUser,
} from '../../lib/actions';
import {
  errorsReducer,
  LOGIN_FAILED_401,
  LOGIN_INPUT_ERROR,
  REGISTRATION_FAILED,
  REGISTRATION_INPUT_ERROR,
  userReducer,
} from './auth.slice';

describe('user reducer', () => {
  it('starts empty and unchecked', () => {
    expect(userReducer(undefined, { type: '@@init' })).toEqual({ user: {}, checked: false });
  });
  it('stores the user on SET_USER and the empty user on logout', () => {
    const signedIn = userReducer(undefined, setUser({ id: 1, username: 'riley' }));
    expect(signedIn).toEqual({ user: { id: 1, username: 'riley' }, checked: true });
    expect(userReducer(signedIn, setUser({}))).toEqual({ user: {}, checked: true });
  });
  it('treats a failed FETCH_USER as logged out, and ignores other failures', () => {
    const state = userReducer(undefined, requestFailed({ action: fetchUser.type, message: 'Network Error' }));
    expect(state).toEqual({ user: {}, checked: true });
    const signedIn = userReducer(undefined, setUser({ id: 1, username: 'riley' }));
    expect(userReducer(signedIn, requestFailed({ action: 'FETCH_SPINS', message: 'x' }))).toBe(signedIn);
  });
});

describe('errors reducer', () => {
  it('sets and clears the login texts', () => {
    let state = errorsReducer(undefined, loginInputError());
    expect(state.loginMessage).toBe(LOGIN_INPUT_ERROR);
    state = errorsReducer(state, loginFailed(LOGIN_FAILED_401));
    expect(state.loginMessage).toBe(LOGIN_FAILED_401);
    expect(errorsReducer(state, clearLoginError()).loginMessage).toBe('');
  });
  it('sets and clears the registration texts', () => {
    let state = errorsReducer(undefined, registrationInputError());
    expect(state.registrationMessage).toBe(REGISTRATION_INPUT_ERROR);
    state = errorsReducer(state, registrationFailed(REGISTRATION_FAILED));
    expect(state.registrationMessage).toBe(REGISTRATION_FAILED);
    expect(errorsReducer(state, clearRegistrationError()).registrationMessage).toBe('');
  });
});
