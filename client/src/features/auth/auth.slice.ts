/**
 * The current user and the login / registration error texts (PRODUCT.md §3 slices,
 * §4 error text states, §8 messages).
 */
import { createSlice } from '@reduxjs/toolkit';
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
import type { User } from '../../lib/types';

/** PRODUCT.md §8 texts. */
export const LOGIN_INPUT_ERROR = 'Enter your username and password!';
export const LOGIN_FAILED_401 = "Oops! The username and password didn't match. Try again!";
export const LOGIN_FAILED_OTHER = 'Oops! Something went wrong! Is the server running?';
export const REGISTRATION_INPUT_ERROR = 'Choose a username and password!';
export const REGISTRATION_FAILED = "Oops! That didn't work. The username might already be taken. Try again!";

export interface UserState {
  /** The current user; empty object when logged out. */
  user: User | Record<string, never>;
  /** False until the first FETCH_USER has answered (so the guard does not flash the login form). */
  checked: boolean;
}

const userSlice = createSlice({
  name: 'user',
  initialState: { user: {}, checked: false } as UserState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(setUser, (state, action) => {
        state.user = action.payload;
        state.checked = true;
      })
      .addCase(fetchUser, (state) => state)
      .addCase(requestFailed, (state, action) => {
        if (action.payload.action === fetchUser.type) {
          state.user = {};
          state.checked = true;
        }
      });
  },
});

export interface ErrorsState {
  loginMessage: string;
  registrationMessage: string;
}

const errorsSlice = createSlice({
  name: 'errors',
  initialState: { loginMessage: '', registrationMessage: '' } as ErrorsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(clearLoginError, (state) => {
        state.loginMessage = '';
      })
      .addCase(loginInputError, (state) => {
        state.loginMessage = LOGIN_INPUT_ERROR;
      })
      .addCase(loginFailed, (state, action) => {
        state.loginMessage = action.payload;
      })
      .addCase(clearRegistrationError, (state) => {
        state.registrationMessage = '';
      })
      .addCase(registrationInputError, (state) => {
        state.registrationMessage = REGISTRATION_INPUT_ERROR;
      })
      .addCase(registrationFailed, (state, action) => {
        state.registrationMessage = action.payload;
      });
  },
});

export const userReducer = userSlice.reducer;
export const errorsReducer = errorsSlice.reducer;
