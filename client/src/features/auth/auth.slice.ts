/**
 * The login / registration error texts (PRODUCT.md §3 slices, §4 error text states,
 * §8 messages). The current user is in entities/session/session.ts.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loginInputError } from './auth.actions';

/** PRODUCT.md §8 texts. */
export const LOGIN_INPUT_ERROR = 'Enter your username and password!';
export const LOGIN_FAILED_401 = "Oops! The username and password didn't match. Try again!";
export const LOGIN_FAILED_OTHER = 'Oops! Something went wrong! Is the server running?';
/**
 * EXTENSIONS.md §11: a login refused with 429 says when to try again, not PRODUCT.md §8's
 * "server" text.
 * @param retryAfterSeconds - the answer's `Retry-After` (seconds); rounded up to whole
 *   minutes (at least 1); without it, the 15 minutes of API.md "Security"'s window
 */
export function loginLockedText(retryAfterSeconds: number | undefined): string {
  const minutes = retryAfterSeconds === undefined ? 15 : Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
export const REGISTRATION_INPUT_ERROR = 'Choose a username and password!';
export const REGISTRATION_FAILED = "Oops! That didn't work. The username might already be taken. Try again!";

interface ErrorsState {
  loginMessage: string;
  registrationMessage: string;
}

const errorsSlice = createSlice({
  name: 'errors',
  initialState: { loginMessage: '', registrationMessage: '' } as ErrorsState,
  reducers: {
    clearLoginError: (state) => {
      state.loginMessage = '';
    },
    /** The login screen's error text after a failed login (PRODUCT.md §8). */
    loginFailed: (state, action: PayloadAction<string>) => {
      state.loginMessage = action.payload;
    },
    clearRegistrationError: (state) => {
      state.registrationMessage = '';
    },
    /** The registration form was sent with a field empty. */
    registrationInputError: (state) => {
      state.registrationMessage = REGISTRATION_INPUT_ERROR;
    },
    /** The registration screen's error text after a failed registration (PRODUCT.md §8). */
    registrationFailed: (state, action: PayloadAction<string>) => {
      state.registrationMessage = action.payload;
    },
  },
  extraReducers: (builder) => {
    // LOGIN_INPUT_ERROR is one of PRODUCT.md §7's named actions (auth.actions.ts).
    builder.addCase(loginInputError, (state) => {
      state.loginMessage = LOGIN_INPUT_ERROR;
    });
  },
});

export const {
  clearLoginError,
  loginFailed,
  clearRegistrationError,
  registrationInputError,
  registrationFailed,
} = errorsSlice.actions;
export const errorsReducer = errorsSlice.reducer;
