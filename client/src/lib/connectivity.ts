/**
 * Whether the server can be reached (EXTENSIONS.md §11): a call that got no answer at all
 * (the server stopped, the network gone) marks it unreachable; from then on `/api/health`
 * is asked, more and more rarely (1, 2, 4, 8 s, then every 8 s), until it answers, which
 * marks it reachable again. While unreachable, the app shows "Can't reach Spincrate —
 * retrying…" (features/layout/AppStatus.tsx), and callers that wait with `whenReachable`
 * try again.
 *
 * A tiny store of its own (no Redux, no React here: it is part of the first load, used by
 * the screens' code loader, app/lazyScreen.ts). Shared code: every feature may import it.
 */
/** The server's health route (API.md): 200 when it and its database serve. */
const HEALTH_URL = '/api/health';

/** The wait before the first health check again while the server can't be reached (ms); it doubles up to 8 s. */
export const FIRST_RETRY_MS = 1000;

let unreachable = false;
const listeners = new Set<() => void>();
/** The health checks under way, shared by every caller waiting; resolves once the server answers. */
let waiting: Promise<void> | undefined;
/** Bumped by `resetConnectivity`: health checks of an older generation stop. */
let generation = 0;

function set(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

/** True while the server is known to be out of reach. */
export function isServerUnreachable(): boolean {
  return unreachable;
}

/**
 * Calls `listener` whenever the server becomes reachable or unreachable.
 * @returns a function that stops the calls
 */
export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True for a call that got no HTTP answer at all (axios's `ERR_NETWORK`: connection
 * refused or reset, DNS, offline); false for any answer, 5xx included, and for a call
 * the app cancelled.
 */
export function isUnreachableError(err: unknown): boolean {
  const e = err as { code?: unknown; response?: unknown } | null | undefined;
  return e?.code === 'ERR_NETWORK' && !e.response;
}

/** One health check: true when the server answers 200. */
async function healthy(): Promise<boolean> {
  try {
    const response = await fetch(HEALTH_URL, { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the server answers `/api/health`: at once when it does now, otherwise
 * after marking it unreachable (the banner shows) and checking again after each of
 * wait (1, 2, 4, then every 8 s) until it answers; then it is marked reachable.
 * Every caller shares the same checks. Never rejects.
 */
export function whenReachable(): Promise<void> {
  waiting ??= (async () => {
    const own = generation;
    let attempt = 0;
    while (!(await healthy())) {
      if (own !== generation) return;
      set(true);
      await sleep(FIRST_RETRY_MS * 2 ** Math.min(attempt, 3));
      if (own !== generation) return;
      attempt += 1;
    }
    if (own !== generation) return;
    set(false);
    waiting = undefined;
  })();
  return waiting;
}

/**
 * Notes how a call ended: no answer at all marks the server unreachable and starts the
 * health checks (see whenReachable); anything else (an answer, even an error's) marks it
 * reachable.
 * @param err - the call's error, or undefined when it was answered
 */
export function noteCallOutcome(err?: unknown): void {
  if (isUnreachableError(err)) void whenReachable();
  else set(false);
}

/**
 * Forgets the state and stops the health checks under way (tests: nothing of one test's
 * checks reaches the next test's fake server). A caller still waiting on the stopped checks
 * is never resolved by them.
 */
export function resetConnectivity(): void {
  generation += 1;
  waiting = undefined;
  set(false);
}
