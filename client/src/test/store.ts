/**
 * The store as the tests make it: with redux-saga and the root saga (app/sagaRuntime.ts) and
 * the signed-in user's reducers and sagas (app/userData.ts) added at once, so a test's preloaded state may hold their slices and
 * its actions reach their sagas without waiting for a module load.
 */
import * as userData from '@/app/userData';
import * as sagas from '@/app/sagaRuntime';
import { makeStore as makeAppStore, type RootState } from '@/app/store';

/**
 * Builds a store with every reducer and saga running.
 * @param preloadedState - initial state
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  return makeAppStore(preloadedState, { userData, sagas });
}
