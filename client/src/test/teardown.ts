/**
 * What a test leaves running when it ends, stopped before the next test starts (issue 28:
 * a request of one test, still on its way or sent later by a saga, landed in the next
 * test's fake server and was counted there — the order of tests changed their outcome).
 *
 * - The sagas: every task a store's saga middleware runs (the root saga, the user data's
 *   sagas) is kept and cancelled after the test, with the forks and calls under it.
 * - The requests: every request of an axios instance made with `axios.create` (lib/api.ts)
 *   carries the test's abort signal; requests still on their way are aborted after the test
 *   (its screens unmounted first, so nothing answers them).
 *
 * src/test/setup.ts installs both (`trackSagaTasks` through a mock of app/sagaRuntime.ts,
 * `abortRequestsOfEndedTests` on axios) and, after each test, calls `cancelSagas`, unmounts
 * the screens, then calls `abortRequests`.
 */
import type { AxiosStatic, InternalAxiosRequestConfig } from 'axios';
import type { SagaMiddleware, Task } from 'redux-saga';

const tasks = new Set<Task>();
let requests = new AbortController();

/**
 * Wraps redux-saga's `createSagaMiddleware` so that every task its middlewares run is
 * cancelled by `cancelSagas`.
 * @param create - redux-saga's default export
 */
export function trackSagaTasks<C extends (...args: never[]) => SagaMiddleware>(create: C): C {
  return ((...args: Parameters<C>) => {
    const middleware = create(...args);
    const run = middleware.run.bind(middleware);
    middleware.run = ((...runArgs: Parameters<typeof run>) => {
      const task = run(...runArgs);
      tasks.add(task);
      void task.toPromise().then(
        () => tasks.delete(task),
        () => tasks.delete(task),
      );
      return task;
    }) as typeof middleware.run;
    return middleware;
  }) as C;
}

/** Gives a request the current test's abort signal (beside any signal of its own). */
function withTestSignal(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const own = config.signal as AbortSignal | undefined;
  config.signal = own ? AbortSignal.any([own, requests.signal]) : requests.signal;
  return config;
}

/**
 * Makes every instance `axios.create` returns from now on send its requests with the
 * current test's abort signal (`abortRequests` aborts it). Once per test file.
 * @param axios - axios's default export, as lib/api.ts imports it
 */
export function abortRequestsOfEndedTests(axios: AxiosStatic): void {
  const create = axios.create.bind(axios);
  axios.create = (config) => {
    const instance = create(config);
    instance.interceptors.request.use(withTestSignal);
    return instance;
  };
}

/** Cancels every saga task the test's stores still run (and the effects they wait on). */
export function cancelSagas(): void {
  for (const task of tasks) task.cancel();
  tasks.clear();
}

/** Aborts the test's requests still on their way; the next test's requests get a new signal. */
export function abortRequests(): void {
  requests.abort(new Error('the test that sent this request has ended'));
  requests = new AbortController();
}
