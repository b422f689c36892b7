/**
 * "At the record shop" (EXTENSIONS.md §9): a saga helper for the barcode screens (add record,
 * add a want). It sends the look-up (`GET /api/lookup/barcode`); when that gets no answer at all,
 * or none within {@link OFFLINE_AFTER_MS}, the screen answers from the offline copy (shopAnswerShown:
 * in the crate, on the wantlist, another edition, or not in the crate checked against the copy),
 * and a code the copy knows nothing about is kept in the scan list (lib/offline/scans.ts) to
 * look up once the server answers again. The IndexedDB code is imported on first use.
 */
import { call, delay, put, race, select } from 'redux-saga/effects';
import { isUnreachableError } from '@/lib/connectivity';
import { selectCurrentUserId } from '@/entities/session/session';
import type { ScanItem } from './db';
import { loadCopyReads, OFFLINE_AFTER_MS, type CopyReads } from './fallback';
import type { FromCopy, ShopAnswer } from './read';
import { setScans, shopAnswerShown } from './state';

/** lib/offline/scans.ts, loaded on first use. */
export const loadScans = () => import('./scans');
export type ScansModule = Awaited<ReturnType<typeof loadScans>>;

/**
 * Answers `code` from the copy: shopAnswerShown, and for a code neither in the crate nor on
 * the wantlist, queues it in the scan list, then setScans.
 * @returns false when there is no complete copy (or no IndexedDB): the screen says what it said before
 */
function* answerFromCopy(code: string) {
  try {
    const userId = (yield select(selectCurrentUserId)) as number | undefined;
    if (userId === undefined || typeof indexedDB === 'undefined') return false;
    const reads = (yield call(loadCopyReads)) as CopyReads;
    const found = (yield call(reads.answerBarcodeFromCopy, userId, code)) as FromCopy<ShopAnswer> | undefined;
    if (!found) return false;
    const queued = found.value.record === null && found.value.want === null;
    if (queued) {
      const scans = (yield call(loadScans)) as ScansModule;
      yield call(scans.queueScan, userId, code);
      const items = (yield call(scans.readScans, userId)) as ScanItem[];
      yield put(setScans(items));
    }
    yield put(
      shopAnswerShown({
        code,
        answer: found.value,
        syncedAt: found.syncedAt,
        records: found.records,
        queued,
      }),
    );
    return true;
  } catch {
    return false;
  }
}

type Settled<T> = { value: T } | { error: unknown };

/**
 * Sends `request` (the barcode look-up of `code`); after 3 s without an answer the copy's answer
 * is shown while the request keeps waiting; with no answer at all it is shown and the error thrown.
 * @returns the server's answer
 * @throws the request's error (the caller's screen then says the look-up failed, below the copy's answer)
 */
export function* lookUpOrAnswerFromCopy<T>(code: string, request: () => Promise<T>) {
  const settled: Promise<Settled<T>> = request().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const first = (yield race({ done: call(() => settled), late: delay(OFFLINE_AFTER_MS) })) as {
    done?: Settled<T>;
  };
  let outcome = first.done;
  if (!outcome) {
    yield call(answerFromCopy, code);
    outcome = (yield call(() => settled)) as Settled<T>;
  } else if ('error' in outcome && isUnreachableError(outcome.error)) {
    yield call(answerFromCopy, code);
  }
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}
