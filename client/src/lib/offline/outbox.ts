/**
 * The outbox (EXTENSIONS.md §9; API.md "Offline copy and repeat-safe writes"): spins and wants
 * made while the server could not be reached wait in the offline copy, each with the `clientId`
 * it was made with, and are sent when the connection is back. The server stores a `clientId` once
 * per user and answers a repeat with 200 and the first result, so sending an item twice (two
 * tabs, an answer lost on the way) never makes a second spin or want.
 *
 * - 200 or 201: sent; the item is removed.
 * - 400: the server refuses it as it is; the item is kept as `failed` with the server's message
 *   (the spins page offers to edit it).
 * - 401: the session is gone; every item is kept and the flush stops (the user logs in again).
 * - no answer, 5xx, 429: the flush stops; the items wait for the next one.
 */
import type { AxiosInstance } from 'axios';
import { errorMessage, errorStatus, loadApi } from '@/lib/api';
import { openOfflineCopy, type OutboxItem, type OutboxKind } from './db';

/** The route an outbox item is sent to. */
export const OUTBOX_ROUTES: Readonly<Record<OutboxKind, string>> = {
  spin: '/api/spins/add',
  want: '/api/want/add',
};

type Http = Pick<AxiosInstance, 'post'>;

/** Tells apart items made in the same millisecond (see `OutboxItem.order`). */
let made = 0;

/**
 * Puts a spin or want into the outbox with its `clientId` (a new `crypto.randomUUID()` unless
 * given: the one a send that got no answer carried).
 * @param body - the POST body, without `clientId`
 * @param titles - what to call it in the list; a spin's default: its records' titles in the copy
 * @returns the stored item
 */
export async function queueWrite(
  userId: number,
  kind: OutboxKind,
  body: Record<string, unknown>,
  titles?: string[],
  clientId: string = crypto.randomUUID(),
): Promise<OutboxItem> {
  const db = await openOfflineCopy(userId);
  // A spin's records named from the copy, to show it before it is sent.
  if (!titles && kind === 'spin' && Array.isArray(body.albums)) {
    const found = await Promise.all(body.albums.map((id) => db.get('records', Number(id))));
    titles = found.flatMap((record) => (record ? [record.title] : []));
  }
  const item: OutboxItem = {
    clientId,
    kind,
    body,
    createdAt: new Date().toISOString(),
    order: Date.now() * 1000 + (made++ % 1000),
    status: 'waiting',
    ...(titles ? { titles } : {}),
  };
  await db.put('outbox', item);
  return item;
}

/** The outbox's items, oldest first. */
export async function readOutbox(userId: number): Promise<OutboxItem[]> {
  const db = await openOfflineCopy(userId);
  const items = await db.getAll('outbox');
  return items.sort((a, b) => a.order - b.order);
}

/** Removes an item (a failed one the user gave up on). */
export async function dropOutboxItem(userId: number, clientId: string): Promise<void> {
  const db = await openOfflineCopy(userId);
  await db.delete('outbox', clientId);
}

/** How a flush ended. */
export interface FlushResult {
  /** Items the server now has (answered 200 or 201). */
  sent: number;
  /** A send was answered 401: the items stay until the user logs in again. */
  loginNeeded: boolean;
}

/** The flush under way in this tab: a second caller waits for it, then flushes what is left. */
let running: Promise<unknown> = Promise.resolve();

/**
 * Sends the waiting items of `userId`'s outbox, oldest first, one at a time (see the module's
 * comment for each answer). Flushes in one tab run one after another.
 * @param http - the axios instance (tests); default the app's
 */
export function flushOutboxItems(userId: number, http?: Http): Promise<FlushResult> {
  const next = running.then(
    () => flushNow(userId, http),
    () => flushNow(userId, http),
  );
  running = next.catch(() => undefined);
  return next;
}

async function flushNow(userId: number, http?: Http): Promise<FlushResult> {
  const items = (await readOutbox(userId)).filter((item) => item.status === 'waiting');
  if (items.length === 0) return { sent: 0, loginNeeded: false };
  const client = http ?? (await loadApi());
  const db = await openOfflineCopy(userId);
  let sent = 0;
  for (const item of items) {
    try {
      await client.post(OUTBOX_ROUTES[item.kind], { ...item.body, clientId: item.clientId });
      await db.delete('outbox', item.clientId);
      sent += 1;
    } catch (err) {
      const status = errorStatus(err);
      if (status === 401) return { sent, loginNeeded: true };
      if (status === 400) {
        await db.put('outbox', { ...item, status: 'failed', error: errorMessage(err) });
        continue;
      }
      // No answer, or the server can't take it now: the rest waits for the next flush.
      return { sent, loginNeeded: false };
    }
  }
  return { sent, loginNeeded: false };
}
