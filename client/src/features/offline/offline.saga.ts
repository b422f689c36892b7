/**
 * Sagas of the offline copy (EXTENSIONS.md §9): sync after sign-in, shortly after the app
 * starts signed in, and every 5 minutes while it is open; flush the outbox on `online`, at
 * start, when the page becomes visible and every 60 s. The IndexedDB code (lib/offline/, with
 * `idb`) is imported on first use, never with the first load.
 */
import {
  all,
  call,
  delay,
  fork,
  put,
  select,
  take,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import { eventChannel, type EventChannel } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { failureOf } from '@/lib/requests';
import { selectCurrentUserId, setUser } from '@/entities/session/session';
import type { OutboxItem, ScanItem } from '@/lib/offline/db';
import { loadScans, type ScansModule } from '@/lib/offline/shop';
import type { FlushResult } from '@/lib/offline/outbox';
import { loadOutbox } from '@/lib/offline/queue';
import { hasOfflineCopy } from '@/lib/offline/names';
import type { SyncResult } from '@/lib/offline/sync';
import {
  discardOutboxItem,
  discardOutboxItemFailed,
  flushOutbox,
  flushOutboxFailed,
  lookUpScans,
  lookUpScansFailed,
  offlineCopySynced,
  outboxLoginNeeded,
  setOutbox,
  setScans,
  syncOfflineCopy,
  syncOfflineCopyFailed,
} from '@/lib/offline/state';

/** How often the copy is synced while the app is open (ms): "every few minutes". */
const SYNC_EVERY_MS = 5 * 60 * 1000;
/** How often the outbox is flushed while the app is open (ms). */
const FLUSH_EVERY_MS = 60 * 1000;
/**
 * The wait after a signed-in start before the first sync (ms), then an idle moment: the first
 * screen loads, paints and answers input first. A sync parses pages of 2,000 records and writes
 * them to IndexedDB on the main thread; started 2 s in, it made the 5,000-record collection's
 * first seconds busy on a phone (issue 27's Lighthouse run). A sign-in still syncs at once.
 */
const START_DELAY_MS = 10_000;
/** The wait after a signed-in start before the outbox is sent (ms). */
const START_FLUSH_DELAY_MS = 2_000;
/** The longest wait for an idle moment after {@link START_DELAY_MS} (ms). */
const START_IDLE_TIMEOUT_MS = 5_000;

/** Resolves at the browser's next idle moment (at most {@link START_IDLE_TIMEOUT_MS} away), or at once without `requestIdleCallback`. */
function nextIdleMoment(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window !== 'undefined' && 'requestIdleCallback' in window)
      window.requestIdleCallback(() => resolve(), { timeout: START_IDLE_TIMEOUT_MS });
    else resolve();
  });
}

/** lib/offline/sync.ts, loaded on first use. */
const loadSync = () => import('@/lib/offline/sync');

/** Whether this browser has IndexedDB (not in private modes of some browsers, nor in unit tests without fake-indexeddb). */
const canKeepCopy = (): boolean => typeof indexedDB !== 'undefined';

/** SYNC_OFFLINE_COPY: syncs the signed-in user's copy, then offlineCopySynced. */
function* syncWorker() {
  const userId: number | undefined = yield select(selectCurrentUserId);
  if (userId === undefined || !canKeepCopy()) return;
  try {
    const module: Awaited<ReturnType<typeof loadSync>> = yield call(loadSync);
    const result: SyncResult = yield call(module.syncOfflineCopy, userId);
    yield put(offlineCopySynced(result));
  } catch (err) {
    yield put(syncOfflineCopyFailed(failureOf(err)));
  }
}

/**
 * FLUSH_OUTBOX: sends the outbox's waiting items (lib/offline/outbox.ts), then setOutbox with
 * what is left; outboxLoginNeeded when the server answered 401.
 */
function* flushWorker() {
  const userId: number | undefined = yield select(selectCurrentUserId);
  if (userId === undefined || !canKeepCopy()) return;
  try {
    const module: Awaited<ReturnType<typeof loadOutbox>> = yield call(loadOutbox);
    const result: FlushResult = yield call(module.flushOutboxItems, userId);
    const left: OutboxItem[] = yield call(module.readOutbox, userId);
    yield put(setOutbox(left));
    if (result.loginNeeded) yield put(outboxLoginNeeded());
    // What was sent is now on the server: the copy follows.
    if (result.sent > 0) yield put(syncOfflineCopy());
    // The connection is back (or was there): the scans kept offline are looked up too.
    if (!result.loginNeeded) yield put(lookUpScans());
  } catch (err) {
    yield put(flushOutboxFailed(failureOf(err)));
  }
}

/**
 * LOOK_UP_SCANS: shows the scans kept at the record shop (setScans), looks up those still
 * waiting (lib/offline/scans.ts), then setScans with what was found.
 */
function* scansWorker() {
  const userId: number | undefined = yield select(selectCurrentUserId);
  if (userId === undefined || !canKeepCopy()) return;
  try {
    const module: ScansModule = yield call(loadScans);
    const before: ScanItem[] = yield call(module.readScans, userId);
    yield put(setScans(before));
    if (!before.some((item) => item.status === 'waiting')) return;
    const done: number = yield call(module.lookUpScans, userId);
    if (done > 0) {
      const after: ScanItem[] = yield call(module.readScans, userId);
      yield put(setScans(after));
    }
  } catch (err) {
    yield put(lookUpScansFailed(failureOf(err)));
  }
}

/** DISCARD_OUTBOX_ITEM: removes one item (a refused one the user gave up on), then setOutbox. */
function* discardWorker(action: ReturnType<typeof discardOutboxItem>) {
  const userId: number | undefined = yield select(selectCurrentUserId);
  if (userId === undefined || !canKeepCopy()) return;
  try {
    const module: Awaited<ReturnType<typeof loadOutbox>> = yield call(loadOutbox);
    yield call(module.dropOutboxItem, userId, action.payload);
    const left: OutboxItem[] = yield call(module.readOutbox, userId);
    yield put(setOutbox(left));
  } catch (err) {
    yield put(discardOutboxItemFailed(failureOf(err)));
  }
}

/** The browser's `online` event and the page becoming visible, as one channel. */
function connectionChannel(): EventChannel<string> {
  return eventChannel((emit) => {
    const online = () => emit('online');
    const visible = () => {
      if (document.visibilityState === 'visible') emit('visible');
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
    };
  });
}

function* flushOnConnection() {
  if (typeof window === 'undefined') return;
  const channel: EventChannel<string> = yield call(connectionChannel);
  try {
    for (;;) {
      yield take(channel);
      yield put(flushOutbox());
    }
  } finally {
    channel.close();
  }
}

function* every(ms: number, action: () => UnknownAction) {
  for (;;) {
    yield delay(ms);
    const userId: number | undefined = yield select(selectCurrentUserId);
    if (userId !== undefined) yield put(action());
  }
}

/** At start, signed in: after the first screen had its moment, flush; later, at an idle moment, sync. */
function* atStart() {
  const userId: number | undefined = yield select(selectCurrentUserId);
  if (userId === undefined) return;
  // What waits in the outbox is small: it goes after the first screen's moment. A browser
  // without this user's copy has no outbox to send: IndexedDB (and idb's code) is not opened
  // for it until the sync below, after the first screen's busy seconds (issue 27: a 144 ms
  // task of creating the database 2 s into a phone's first visit).
  yield delay(START_FLUSH_DELAY_MS);
  if (hasOfflineCopy(userId)) yield put(flushOutbox());
  yield delay(START_DELAY_MS - START_FLUSH_DELAY_MS);
  yield call(nextIdleMoment);
  yield put(syncOfflineCopy());
}

/** SET_USER with a user (a sign-in): flush what waits, and sync. */
const signedIn = (action: UnknownAction) =>
  setUser.match(action) && 'id' in action.payload && !!action.payload.id;

/** Root saga of the offline copy. */
export function* offlineSaga() {
  yield all([
    takeLatest(syncOfflineCopy.type, syncWorker),
    takeLeading(flushOutbox.type, flushWorker),
    takeEvery(discardOutboxItem.type, discardWorker),
    takeLeading(lookUpScans.type, scansWorker),
    takeLatest(signedIn as (action: unknown) => boolean, function* afterSignIn() {
      yield put(flushOutbox());
      yield put(syncOfflineCopy());
    }),
    fork(atStart),
    fork(every, SYNC_EVERY_MS, syncOfflineCopy),
    fork(every, FLUSH_EVERY_MS, flushOutbox),
    fork(flushOnConnection),
  ]);
}
