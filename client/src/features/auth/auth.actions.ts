/**
 * The named actions of the login and registration screens (PRODUCT.md §4 "Auth", §7).
 * FETCH_USER, SET_USER and LOGOUT concern the whole session: they are in entities/session/session.ts.
 */
import { createAction } from '@reduxjs/toolkit';

/** What the login and registration forms send. */
export interface Credentials {
  username: string;
  password: string;
}

export const login = createAction<Credentials>('LOGIN');
export const loginInputError = createAction('LOGIN_INPUT_ERROR');
export const loginFailed = createAction<string>('LOGIN_FAILED');
export const clearLoginError = createAction('CLEAR_LOGIN_ERROR');
export const register = createAction<Credentials>('REGISTER');
export const registrationInputError = createAction('REGISTRATION_INPUT_ERROR');
export const registrationFailed = createAction<string>('REGISTRATION_FAILED');
export const clearRegistrationError = createAction('CLEAR_REGISTRATION_ERROR');
