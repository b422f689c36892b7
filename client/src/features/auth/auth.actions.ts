/**
 * The named actions of the login and registration screens (PRODUCT.md §4 "Auth", §7).
 * FETCH_USER, SET_USER and LOGOUT concern the whole session: they are in entities/session/session.ts.
 * The error texts' setters are the errors slice's own (auth.slice.ts).
 */
import { createAction } from '@reduxjs/toolkit';
import type { Credentials, RegisterBody } from '@spincrate/contract';

/** LOGIN: the body of POST /api/user/login (the contract's `loginSchema` input). */
export const login = createAction<Credentials>('LOGIN');
export const loginInputError = createAction('LOGIN_INPUT_ERROR');
/** REGISTER: the body of POST /api/user/register (the contract's `registerSchema` input). */
export const register = createAction<RegisterBody>('REGISTER');
