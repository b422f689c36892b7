/**
 * The one axios instance: every call of PRODUCT.md §7 goes through it, with
 * credentials (cookies). No request timeout is set (PRODUCT.md §9).
 *
 * axios is loaded on the first call, not with the page: the login screen makes no call
 * until the form is sent (the session and the configuration come in `index.html`'s data
 * blocks), so axios stays out of its first load (issue 11: ≤ 100 KB). `api` has axios's
 * own method signatures; each method waits for the instance, then calls it.
 */
import type { AxiosInstance, AxiosStatic } from 'axios';
import { startActivity } from './activity';
import { noteCallOutcome } from './connectivity';

let axiosStatic: AxiosStatic | undefined;
let instance: Promise<AxiosInstance> | undefined;
/** The instance once loaded: later calls go out at once, not a microtask later. */
let ready: AxiosInstance | undefined;

/**
 * The axios instance, loading axios the first time (later calls share the same promise).
 * Call it ahead of a request to have axios ready (e.g. when the login form gets focus).
 * @returns the instance (`baseURL` `/`, cookies sent, JSON bodies)
 * @throws the dynamic import's error when axios's chunk cannot be fetched (then the next
 *   call tries again)
 */
export function loadApi(): Promise<AxiosInstance> {
  instance ??= import('axios').then(
    ({ default: axios }) => {
      axiosStatic = axios;
      ready = axios.create({
        baseURL: '/',
        withCredentials: true,
        headers: { 'Content-Type': 'application/json' },
      });
      return ready;
    },
    (err: unknown) => {
      instance = undefined;
      throw err;
    },
  );
  return instance;
}

type Methods = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

/**
 * axios's request methods, each loading the instance first (see `loadApi`); once it is
 * loaded, a request is sent within the call (e.g. before React renders the click that
 * asked for it).
 */
export const api: Methods = {
  get: (...args) => watch(ready ? ready.get(...args) : loadApi().then((axios) => axios.get(...args)), true),
  post: async (...args) => watch((await loadApi()).post(...args)),
  put: async (...args) => watch((await loadApi()).put(...args)),
  patch: async (...args) => watch((await loadApi()).patch(...args)),
  delete: async (...args) => watch((await loadApi()).delete(...args)),
};

/**
 * Follows a call: a GET counts as the screen's data loading (the progress bar,
 * lib/activity.ts) while `counted`, and its outcome tells whether the server can be
 * reached (lib/connectivity.ts).
 */
function watch<T>(call: Promise<T>, counted = false): Promise<T> {
  const done = counted ? startActivity() : undefined;
  return call.then(
    (value) => {
      done?.();
      noteCallOutcome();
      return value;
    },
    (err: unknown) => {
      done?.();
      noteCallOutcome(err);
      throw err;
    },
  );
}

/** The HTTP status of a failed call, or undefined when no response came back. */
export function errorStatus(err: unknown): number | undefined {
  // Before axios is loaded, no error can be one of its own.
  return axiosStatic?.isAxiosError(err) ? err.response?.status : undefined;
}

/**
 * The `Retry-After` of a failed call's answer, in seconds (API.md "Conventions": 429 and 503
 * carry it), or undefined when there is no answer, no header or no number of seconds in it.
 */
export function retryAfterSeconds(err: unknown): number | undefined {
  if (!axiosStatic?.isAxiosError(err) || !err.response) return undefined;
  const headers = err.response.headers as Record<string, unknown> | undefined;
  const value = Number(headers?.['retry-after']);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** A short description of a failed call, for the console and the failure actions (lib/requests.ts). */
export function errorMessage(err: unknown): string {
  if (axiosStatic?.isAxiosError(err)) {
    const body = err.response?.data as { error?: { message?: string } } | undefined;
    return body?.error?.message ?? err.message;
  }
  return err instanceof Error ? err.message : String(err);
}
