/**
 * The named actions of the login and registration screens (PRODUCT.md §4 "Auth", §7).
 * FETCH_USER, SET_USER and LOGOUT concern the whole session: they are in entities/session/session.ts.
 */
import { createAction } from '@reduxjs/toolkit';
import type { Credentials, RegisterBody } from '@spincrate/contract';

/** LOGIN: the body of POST /api/user/login (the contract's `loginSchema` input). */
export const login = createAction<Credentials>('LOGIN');
export const loginInputError = createAction('LOGIN_INPUT_ERROR');
/** LOGIN_FAILED: the login screen's error text (PRODUCT.md §8). */
export const loginFailed = createAction<string>('LOGIN_FAILED');
export const clearLoginError = createAction('CLEAR_LOGIN_ERROR');
/** REGISTER: the body of POST /api/user/register (the contract's `registerSchema` input). */
export const register = createAction<RegisterBody>('REGISTER');
export const registrationInputError = createAction('REGISTRATION_INPUT_ERROR');
/** REGISTRATION_FAILED: the registration screen's error text (PRODUCT.md §8). */
export const registrationFailed = createAction<string>('REGISTRATION_FAILED');
export const clearRegistrationError = createAction('CLEAR_REGISTRATION_ERROR');
