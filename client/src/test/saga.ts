/**
 * Runs one saga worker with `runSaga` (no store) and collects what it puts, for the
 * saga tests of every feature.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, type Saga } from 'redux-saga';

/**
 * Runs `saga` with `args` to its end.
 * @returns the actions it put, in order
 */
export async function runWorker<A extends unknown[]>(saga: Saga<A>, ...args: A): Promise<UnknownAction[]> {
  const put: UnknownAction[] = [];
  await runSaga(
    { dispatch: (action: UnknownAction) => put.push(action), getState: () => ({}) },
    saga,
    ...args,
  ).toPromise();
  return put;
}
