/**
 * Writes made without a connection (EXTENSIONS.md §9): a saga helper that puts a spin or want
 * into the outbox (lib/offline/outbox.ts, imported on first use) with the `clientId` its first
 * send carried, so that if that send did reach the server, the flush's repeat is answered 200
 * and nothing is stored twice.
 */
import { call, put, select } from 'redux-saga/effects';
import { selectCurrentUserId } from '@/entities/session/session';
import type { OutboxItem, OutboxKind } from './db';
import { setOutbox, writeQueued } from './state';

/** lib/offline/outbox.ts, loaded on first use. */
export const loadOutbox = () => import('./outbox');
type OutboxModule = Awaited<ReturnType<typeof loadOutbox>>;

/** A UUID for a repeat-safe add (API.md "Offline copy and repeat-safe writes"); undefined where the browser has none. */
export function newClientId(): string | undefined {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : undefined;
}

/**
 * Queues a write in the outbox, then setOutbox and WRITE_QUEUED.
 * @param body - the POST body without `clientId`
 * @returns false when it could not be queued (nobody signed in, no IndexedDB)
 */
export function* queueOffline(kind: OutboxKind, body: Record<string, unknown>, clientId?: string) {
  try {
    const userId = (yield select(selectCurrentUserId)) as number | undefined;
    if (userId === undefined || typeof indexedDB === 'undefined') return false;
    const outbox = (yield call(loadOutbox)) as OutboxModule;
    yield call(outbox.queueWrite, userId, kind, body, undefined, clientId);
    const items = (yield call(outbox.readOutbox, userId)) as OutboxItem[];
    yield put(setOutbox(items));
    yield put(writeQueued(kind));
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the failed outbox item a new write replaces (lib/offline/outboxEdit.ts), once the new
 * one is stored or queued, then setOutbox. Never throws: an item that cannot be removed now stays
 * failed (it is never sent) and can still be discarded by hand.
 * @param clientId - the failed item's `clientId`
 */
export function* dropReplacedItem(clientId: string) {
  try {
    const userId = (yield select(selectCurrentUserId)) as number | undefined;
    if (userId === undefined || typeof indexedDB === 'undefined') return;
    const outbox = (yield call(loadOutbox)) as OutboxModule;
    yield call(outbox.dropOutboxItem, userId, clientId);
    const items = (yield call(outbox.readOutbox, userId)) as OutboxItem[];
    yield put(setOutbox(items));
  } catch {
    // Kept as failed: shown with its edit link and Discard.
  }
}
