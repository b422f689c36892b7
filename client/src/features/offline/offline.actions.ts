/**
 * Actions of the offline copy (EXTENSIONS.md §9). PRODUCT.md names none of them; the types
 * follow its style.
 */
import { createAction } from '@reduxjs/toolkit';
import type { OutboxItem } from '@/lib/offline/db';

/** The screens that can show the offline copy instead of the server's answer. */
export type OfflineScreen = 'records' | 'record' | 'wants' | 'blindbag';

/** SYNC_OFFLINE_COPY: bring the offline copy up to date now (GET /api/sync/records, /wants). */
export const syncOfflineCopy = createAction('SYNC_OFFLINE_COPY');
/** OFFLINE_COPY_SYNCED: a sync ended; when, and how many records the copy holds. */
export const offlineCopySynced = createAction<{ syncedAt: string; records: number }>('OFFLINE_COPY_SYNCED');
/** OFFLINE_COPY_SHOWN: a screen shows the copy (the server could not answer within 3 s). */
export const offlineCopyShown = createAction<{ screen: OfflineScreen; syncedAt: string }>(
  'OFFLINE_COPY_SHOWN',
);
/** OFFLINE_COPY_HIDDEN: the server answered the screen again. */
export const offlineCopyHidden = createAction<OfflineScreen>('OFFLINE_COPY_HIDDEN');

/** FLUSH_OUTBOX: send the spins and wants waiting in the outbox. */
export const flushOutbox = createAction('FLUSH_OUTBOX');
/** SET_OUTBOX: what the outbox holds now (waiting and failed items, oldest first). */
export const setOutbox = createAction<OutboxItem[]>('SET_OUTBOX');
/** OUTBOX_LOGIN_NEEDED: the server answered 401 to a send: the items stay, the user must log in again. */
export const outboxLoginNeeded = createAction('OUTBOX_LOGIN_NEEDED');
