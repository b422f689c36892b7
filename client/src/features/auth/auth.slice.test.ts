// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loginInputError } from './auth.actions';
import {
  clearLoginError,
  clearRegistrationError,
  errorsReducer,
  loginFailed,
  registrationFailed,
  registrationInputError,
} from './auth.slice';

// PRODUCT.md §7 "Login error text states" and "Registration error text states", quoted.
const LOGIN_INPUT_ERROR = 'Enter your username and password!';
const LOGIN_FAILED_401 = "Oops! The username and password didn't match. Try again!";
const REGISTRATION_INPUT_ERROR = 'Choose a username and password!';
const REGISTRATION_FAILED = "Oops! That didn't work. The username might already be taken. Try again!";

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
