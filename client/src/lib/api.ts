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

let axiosStatic: AxiosStatic | undefined;
let instance: Promise<AxiosInstance> | undefined;

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
      return axios.create({
        baseURL: '/',
        withCredentials: true,
        headers: { 'Content-Type': 'application/json' },
      });
    },
    (err: unknown) => {
      instance = undefined;
      throw err;
    },
  );
  return instance;
}

type Methods = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

/** axios's request methods, each loading the instance first (see `loadApi`). */
export const api: Methods = {
  get: async (...args) => (await loadApi()).get(...args),
  post: async (...args) => (await loadApi()).post(...args),
  put: async (...args) => (await loadApi()).put(...args),
  patch: async (...args) => (await loadApi()).patch(...args),
  delete: async (...args) => (await loadApi()).delete(...args),
};

/** The HTTP status of a failed call, or undefined when no response came back. */
export function errorStatus(err: unknown): number | undefined {
  // Before axios is loaded, no error can be one of its own.
  return axiosStatic?.isAxiosError(err) ? err.response?.status : undefined;
}

/** A short description of a failed call, for the console and `requestFailed`. */
export function errorMessage(err: unknown): string {
  if (axiosStatic?.isAxiosError(err)) {
    const body = err.response?.data as { error?: { message?: string } } | undefined;
    return body?.error?.message ?? err.message;
  }
  return err instanceof Error ? err.message : String(err);
}
