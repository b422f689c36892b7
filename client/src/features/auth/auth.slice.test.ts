// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clearLoginError,
  clearRegistrationError,
  loginFailed,
  loginInputError,
  registrationFailed,
  registrationInputError,
} from './auth.actions';
import {
  errorsReducer,
  LOGIN_FAILED_401,
  LOGIN_INPUT_ERROR,
  REGISTRATION_FAILED,
  REGISTRATION_INPUT_ERROR,
} from './auth.slice';

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
