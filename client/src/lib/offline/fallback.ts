/**
 * "When the server can't be reached (or takes over 3 s)" (EXTENSIONS.md §9): a saga helper that
 * waits for a request and, when it got no answer at all or none within {@link OFFLINE_AFTER_MS},
 * lets the screen show the offline copy, then keeps waiting for the server (asking again once
 * `/api/health` answers) so its answer replaces the copy's as soon as it comes.
 *
 * Shared by the screens that read the copy (crate, record, wantlist, blindbag). The copy's reads
 * (lib/offline/read.ts, with IndexedDB) are imported on first use.
 */
import { call, delay, race, select } from 'redux-saga/effects';
import { FIRST_RETRY_MS, isServerUnreachable, isUnreachableError, whenReachable } from '@/lib/connectivity';
import { afterPaint } from '@/lib/afterPaint';
import { selectCurrentUserId } from '@/entities/session/session';

/** How long a screen waits for the server before it shows the offline copy (ms). */
export const OFFLINE_AFTER_MS = 3000;

/** The longest wait between two sends of a request that got no answer while the server answers its health check (ms). */
const LONGEST_RETRY_MS = 8000;

/** The copy's reads once loaded ({@link loadCopyReads}). */
let loadedReads: Awaited<ReturnType<typeof importCopyReads>> | undefined;
const importCopyReads = () => import('./read');

/** lib/offline/read.ts, loaded on first use. */
export const loadCopyReads = () =>
  importCopyReads().then((reads) => {
    loadedReads = reads;
    return reads;
  });
export type CopyReads = Awaited<ReturnType<typeof loadCopyReads>>;

/**
 * lib/offline/read.ts when it is loaded already, else undefined: a saga then goes on in the
 * same task, with no promise to wait for (issue 24: offline search ≤ 100 ms).
 */
function copyReadsNow(): CopyReads | undefined {
  return loadedReads;
}

/** Resolves after the next frame is painted (lib/afterPaint.ts; in a task of its own where there are no frames). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    afterPaint(resolve);
  });
}

type Settled<T> = { value: T } | { error: unknown };

/** Waits for `promise` at most `ms` (null: as long as it takes). */
function* settleWithin<T>(promise: Promise<T>, ms: number | null) {
  const settled: Promise<Settled<T>> = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (ms === null) return (yield call(() => settled)) as Settled<T>;
  const outcome = (yield race({ done: call(() => settled), late: delay(ms) })) as {
    done?: Settled<T>;
    late?: true;
  };
  return outcome.done ?? null;
}

/**
 * Sends `request` and waits for its answer; the first time it has none within 3 s, or got no
 * answer at all — or at once, before sending it, while the server is known to be out of reach
 * (lib/connectivity.ts `isServerUnreachable`) — runs `showCopy` (which puts the copy's answer and returns true, or false when
 * there is no copy). A request without an answer is sent again once the server answers
 * `/api/health` (at once the first time, then after 1, 2, 4, 8 s and every 8 s, while it still
 * gets no answer); an HTTP error answer is thrown as it is.
 * @param showCopy - a saga given the copy's reads and the signed-in user's id
 * @param onUnreachable - a saga run with the error of each request that got no answer
 * @returns the server's answer, and whether the copy was shown meanwhile
 * @throws the request's error when it was an HTTP answer (4xx, 5xx)
 */
export function* requestOrCopy<T>(
  request: () => Promise<T>,
  showCopy: (reads: CopyReads, userId: number) => Generator<unknown, boolean, never>,
  onUnreachable?: (err: unknown) => Generator,
) {
  let copyTried = false;
  let copyShown = false;
  function* tryCopy() {
    if (copyTried) return;
    copyTried = true;
    try {
      const userId = (yield select(selectCurrentUserId)) as number | undefined;
      if (userId === undefined) return;
      const reads = copyReadsNow() ?? ((yield call(loadCopyReads)) as CopyReads);
      copyShown = (yield call(showCopy, reads, userId)) as boolean;
    } catch {
      // No IndexedDB, or its code cannot be loaded: the screen waits for the server as before.
    }
  }
  // The server is known to be out of reach (an earlier call got no answer, and its health
  // checks none since): the copy answers first, before the request is even sent, so a search,
  // sort or folder chosen offline shows at once (issue 24: offline search ≤ 100 ms); the
  // request still goes, and the server's answer replaces the copy's when it comes.
  if (isServerUnreachable()) {
    yield call(tryCopy);
    // The copy's list is painted before the request's own work (it fails at once anyway).
    if (copyShown) yield call(afterNextPaint);
  }
  let pending = request();
  // How long to wait before the next send when this request got no answer again although
  // the server answered its health check: 1, 2, 4, 8 s, then every 8 s (never a tight loop).
  let retryMs = 0;
  for (;;) {
    const outcome = (yield call(
      settleWithin<T>,
      pending,
      copyTried ? null : OFFLINE_AFTER_MS,
    )) as Settled<T> | null;
    if (outcome === null) {
      yield call(tryCopy);
      continue;
    }
    if ('value' in outcome) return { response: outcome.value, copyShown };
    if (!isUnreachableError(outcome.error)) throw outcome.error;
    if (onUnreachable) yield call(onUnreachable, outcome.error);
    yield call(tryCopy);
    yield call(whenReachable);
    if (retryMs > 0) yield delay(retryMs);
    retryMs = Math.min(Math.max(retryMs * 2, FIRST_RETRY_MS), LONGEST_RETRY_MS);
    pending = request();
  }
}
