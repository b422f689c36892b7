/**
 * The session: who is signed in (PRODUCT.md §3 `user` slice), the actions that change
 * it (FETCH_USER, SET_USER, LOGOUT of §7), the selectors every screen reads it with,
 * and `endsSession`, which every slice holding the user's data answers by going back
 * to its initial state, so the next user on the same tab never sees the previous
 * user's data. Shared code: every feature may import it.
 */
import { createAction, createSlice, type Action } from '@reduxjs/toolkit';
import { isRequestFailure, type LoadStatus } from '@/lib/requests';
import type { User } from '@spincrate/contract';

/** FETCH_USER: ask who is signed in (GET /api/user). */
export const fetchUser = createAction('FETCH_USER');
/** SET_USER: the signed-in user, or the empty object when nobody is. */
export const setUser = createAction<User | Record<string, never>>('SET_USER');
/** LOGOUT: end the session (POST /api/user/logout). */
export const logout = createAction('LOGOUT');

/**
 * Saga context key of the store's `loadUserData` (app/store.ts): loads the reducers and sagas
 * of the signed-in user's data (app/userData.ts), which are not part of the first load.
 */
export const LOAD_USER_DATA = 'loadUserData';

/**
 * True for an action after which the signed-in user's data must be forgotten: SET_USER
 * with nobody (a logout, or no session), or any call answered 401 (the session is gone).
 */
export function endsSession(action: Action): boolean {
  if (setUser.match(action)) return !('id' in action.payload && action.payload.id);
  return isRequestFailure(action) && action.payload.status === 401;
}

export interface UserState {
  /** The current user; empty object when logged out. */
  user: User | Record<string, never>;
  /**
   * Where the check of the current user is: `idle` until FETCH_USER is first asked, `loading`
   * until it answers, then `succeeded` (a user or nobody) or `failed` (no answer: treated as
   * logged out). The guard waits while it is not answered, so it does not flash the login form.
   */
  status: LoadStatus;
}

const userSlice = createSlice({
  name: 'user',
  initialState: { user: {}, status: 'idle' } as UserState,
  // No setter of its own: FETCH_USER and LOGOUT are named (PRODUCT.md §7); SET_USER is shared
  // (`endsSession` and the offline slice match it); the failures are the requests'.
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchUser, (state) => {
        if (state.status === 'idle') state.status = 'loading';
      })
      .addCase(setUser, (state, action) => {
        state.user = action.payload;
        state.status = 'succeeded';
      })
      // No answer to FETCH_USER counts as "logged out" too, so the guard stops waiting;
      // a 401 from any other call means the session is gone.
      .addMatcher(isRequestFailure, (state, action) => {
        if (action.meta.failureOf === fetchUser.type) {
          state.user = {};
          state.status = 'failed';
        } else if (action.payload.status === 401) {
          state.user = {};
          state.status = 'succeeded';
        }
      });
  },
});

export const userReducer = userSlice.reducer;

/** The part of the root state this module reads (the store combines it under `user`). */
interface WithUser {
  user: UserState;
}

/** The signed-in user, or undefined when nobody is. */
export const selectCurrentUser = (state: WithUser): User | undefined => {
  const { user } = state.user;
  return 'id' in user && user.id ? (user as User) : undefined;
};
/** The signed-in user's id, or undefined when nobody is. */
export const selectCurrentUserId = (state: WithUser): number | undefined => selectCurrentUser(state)?.id;
/** Whether a user is signed in. */
export const selectIsLoggedIn = (state: WithUser): boolean => selectCurrentUser(state) !== undefined;
/** False until the first FETCH_USER has answered (with a user, nobody, or no answer). */
export const selectUserChecked = (state: WithUser): boolean =>
  state.user.status === 'succeeded' || state.user.status === 'failed';
