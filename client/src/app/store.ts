/**
 * The Redux store: the slices of PRODUCT.md §3 and the sagas that answer the named
 * actions of §7.
 *
 * The first load holds only what every visitor's screens use: the session, the auth errors,
 * the theme and the runtime configuration (issue 11: the login screen ≤ 100 KB); redux-saga
 * with the auth and layout sagas loads with the first action (app/lazySagas.ts). The signed-in user's data — the reducers and sagas of records,
 * social, spins, blindbag, imports and stats (app/userData.ts) — is loaded on demand by
 * `loadUserData`: at start when the page says a user is signed in (main.tsx), on LOGIN and
 * FETCH_USER before the user is stored (entities/session/session.ts `ensureUserData`), and by the route
 * guard before a signed-in screen shows (RequireUser.tsx).
 */
import { combineSlices, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import {
  errorsReducer,
  LOGIN_FAILED_OTHER,
  loginFailed,
  REGISTRATION_FAILED,
  registrationFailed,
} from '@/features/auth/auth.slice';
import { login, register } from '@/features/auth/auth.actions';
import { LOAD_USER_DATA, userReducer } from '@/entities/session/session';
import { configReducer, themeReducer } from '@/features/layout/layout.slice';
import type { UserDataState } from './userData';
import { lazySagas, type SagaRuntime } from './lazySagas';

/** The slices of the first load. */
const firstLoadReducers = {
  errors: errorsReducer,
  user: userReducer,
  theme: themeReducer,
  config: configReducer,
};

type FirstLoadState = { [K in keyof typeof firstLoadReducers]: ReturnType<(typeof firstLoadReducers)[K]> };

/** The whole state. The user data's keys exist once app/userData.ts is loaded. */
export type RootState = FirstLoadState & UserDataState;

/** The user data module (app/userData.ts), as `loadUserData` loads it. */
type UserDataModule = typeof import('./userData');

/** The root reducer: the first load's slices, and the user data's once injected. */
const rootReducer = combineSlices(firstLoadReducers).withLazyLoadedSlices<UserDataState>();

/** Adds the user data's reducers to the root reducer (once: the same reducers again are a no-op). */
function injectUserDataReducers(userData: UserDataModule): void {
  for (const [reducerPath, reducer] of Object.entries(userData.userDataReducers)) {
    rootReducer.inject({ reducerPath, reducer } as Parameters<typeof rootReducer.inject>[0]);
  }
}

/**
 * What a LOGIN or REGISTER gets when redux-saga cannot be loaded (offline, or the app's
 * files were replaced by a deploy): PRODUCT.md §8's failure texts, as the auth saga gives
 * them when the server cannot be reached; undefined for any other action.
 */
export function answerUnloaded(action: UnknownAction): UnknownAction | undefined {
  if (login.match(action)) return loginFailed(LOGIN_FAILED_OTHER);
  if (register.match(action)) return registrationFailed(REGISTRATION_FAILED);
  return undefined;
}

/** Modules the store would load on demand, given when they are already loaded (tests import them). */
export interface LoadedModules {
  /** app/userData.ts: its reducers and sagas are added at once, and `preloadedState` may hold their state. */
  userData?: UserDataModule;
  /** app/sagaRuntime.ts: redux-saga and the root saga run at once. */
  sagas?: SagaRuntime;
}

/**
 * Builds a store. redux-saga and the root saga load with the first action (or `loadSagas()`,
 * app/lazySagas.ts), the user data with `loadUserData()`.
 * @param preloadedState - initial state (tests; the page's session and configuration blocks)
 * @param loaded - modules already loaded (tests)
 * @returns the store, with `loadSagas()` (see app/lazySagas.ts) and `loadUserData()`: loads
 *   app/userData.ts and the sagas (once), adds its reducers and starts its sagas; resolves
 *   when they run; rejects when a module cannot be loaded (a later call tries again); and
 *   `userDataLoaded()`, true once they run.
 */
export function makeStore(preloadedState?: Partial<RootState>, loaded: LoadedModules = {}) {
  let loading: Promise<void> | undefined;
  let userDataRunning = false;
  const sagas = lazySagas(
    () => import('./sagaRuntime'),
    { [LOAD_USER_DATA]: () => loadUserData() },
    answerUnloaded,
  );
  if (loaded.userData) injectUserDataReducers(loaded.userData);
  const store = configureStore({
    // The user data's keys are optional until injected; screens that read them only render
    // once they are (RequireUser).
    reducer: rootReducer as unknown as Reducer<RootState>,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas.middleware),
  });
  if (loaded.sagas) sagas.start(loaded.sagas);
  if (loaded.userData) {
    if (!loaded.sagas) throw new Error('makeStore: the user data needs the sagas loaded too');
    void sagas.run(loaded.userData.userDataSagas);
    userDataRunning = true;
    loading = Promise.resolve();
  }

  function loadUserData(): Promise<void> {
    loading ??= Promise.all([import('./userData'), sagas.load()]).then(
      async ([module]) => {
        injectUserDataReducers(module);
        // Gives the new slices their initial state (Redux's REPLACE action).
        store.replaceReducer(rootReducer as unknown as Reducer<RootState>);
        await sagas.run(module.userDataSagas);
        userDataRunning = true;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  /** True once the user data's reducers and sagas run. */
  const userDataLoaded = () => userDataRunning;

  return Object.assign(store, { loadUserData, userDataLoaded, loadSagas: sagas.load });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
