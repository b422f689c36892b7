/**
 * A Redux middleware that stands in for redux-saga's until redux-saga and the root saga
 * (app/sagaRuntime.ts) are loaded (issue 11: not part of the first load). Every action
 * dispatched before then reaches the reducers at once and is kept; the first one starts the
 * load (so nothing a saga answers is ever lost), and so does `load()` (the login form's
 * focus, a signed-in start). Once loaded, the saga middleware is mounted, the root saga
 * runs, the kept actions are handed to the sagas in order (after the reducers, as
 * redux-saga always does), and every later action goes through redux-saga's own middleware.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { Saga, Task } from 'redux-saga';

/** The module app/sagaRuntime.ts. */
export type SagaRuntime = typeof import('./sagaRuntime');

/** The deferred middleware and its controls. */
export interface LazySagas {
  middleware: Middleware;
  /**
   * Loads redux-saga and starts the root saga (once); resolves when the sagas run; rejects
   * when the module cannot be loaded (a later call, or the next action, tries again).
   */
  load(): Promise<void>;
  /** Runs a saga (e.g. the user data's): at once when the sagas run, else once they do. */
  run(saga: Saga): Promise<Task>;
  /**
   * Mounts an already loaded runtime at once (tests import it), after the store is built.
   * @throws Error when the middleware is not part of a store yet
   */
  start(runtime: SagaRuntime): void;
}

/**
 * Builds the deferred saga middleware.
 * @param importRuntime - loads app/sagaRuntime.ts (a dynamic import)
 * @param context - redux-saga's context for every saga
 * @param unanswered - when the runtime cannot be loaded (offline, a deploy replaced the
 *   files), called with each kept action: the action it returns (e.g. LOGIN_FAILED for a
 *   LOGIN) goes to the reducers, so the screen shows a failure instead of waiting forever;
 *   the kept actions are dropped
 */
export function lazySagas(
  importRuntime: () => Promise<SagaRuntime>,
  context: Record<string, unknown>,
  unanswered: (action: UnknownAction) => UnknownAction | undefined = () => undefined,
): LazySagas {
  let handle: ((action: unknown) => unknown) | undefined;
  let mount: ((module: SagaRuntime) => void) | undefined;
  let loading: Promise<SagaRuntime> | undefined;
  let running: ReturnType<SagaRuntime['createSagaMiddleware']> | undefined;
  const kept: UnknownAction[] = [];

  const middleware: Middleware = (api) => (next) => {
    mount = (module) => {
      const saga = module.createSagaMiddleware({ context });
      const chain = saga(api);
      handle = chain(next);
      // The kept actions already reached the reducers: only the sagas see them again.
      const replay = chain(() => undefined);
      saga.run(module.rootSaga);
      running = saga;
      for (const action of kept.splice(0)) replay(action);
    };
    return (action) => {
      if (handle) return handle(action);
      const result = next(action);
      kept.push(action as UnknownAction);
      void load().catch(() => {
        // Straight to the reducers: the answers are not kept, and start no new load.
        for (const lost of kept.splice(0)) {
          const answer = unanswered(lost);
          if (answer) next(answer);
        }
      });
      return result;
    };
  };

  function load(): Promise<void> {
    if (running) return Promise.resolve();
    loading ??= importRuntime().then(
      (module) => {
        if (!running) mount?.(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading.then(() => undefined);
  }

  function run(saga: Saga): Promise<Task> {
    // At once when the sagas run: an action dispatched right after must reach it.
    if (running) return Promise.resolve(running.run(saga));
    return load().then(() => running!.run(saga));
  }

  function start(runtime: SagaRuntime): void {
    if (running) return;
    if (!mount) throw new Error('lazySagas: the middleware is not part of a store');
    mount(runtime);
  }

  return { middleware, load, run, start };
}
