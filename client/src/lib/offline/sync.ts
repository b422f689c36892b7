/**
 * Keeps the offline copy current (EXTENSIONS.md §9; API.md "Offline copy and repeat-safe
 * writes"): walks `GET /api/sync/records` and `GET /api/sync/wants` from the copy's revisions,
 * pages of up to 2,000 changes, until `more` is false. Each page is applied in one IndexedDB
 * transaction with the revision it brings, so a sync cut off half-way resumes where it stopped;
 * `reset: true` (the revision is too old for the server, which then answers the first page from
 * nothing) empties that store in the same transaction as the page.
 *
 * Uses the app's one axios instance (lib/api.ts `loadApi`) directly: a sync in the background is
 * not the screen's data loading (no progress bar).
 */
import type { AxiosInstance } from 'axios';
import type { SyncRecordsPage, SyncWantsPage } from '@spincrate/contract';
import { SYNC_LIMIT_MAX } from '@spincrate/contract';
import { loadApi } from '@/lib/api';
import { openOfflineCopy, readMeta, type OfflineDb, type OfflineMeta } from './db';

/** How often the copy is synced while the app is open (ms): "every few minutes". */
export const SYNC_INTERVAL_MS = 5 * 60 * 1000;

/** What a finished sync leaves. */
export interface SyncResult {
  /** ISO 8601 time the sync ended. */
  syncedAt: string;
  /** Records in the copy. */
  records: number;
}

type Http = Pick<AxiosInstance, 'get'>;

/**
 * Walks one of the two sync routes into its store.
 * @param db - the open copy
 * @param store - 'records' or 'wants' (also the route's name)
 * @throws the request's error (the revisions of the pages already applied are kept)
 */
async function syncStore(http: Http, db: OfflineDb, store: 'records' | 'wants'): Promise<void> {
  const revKey = store === 'records' ? 'recordsRev' : 'wantsRev';
  let since = (await db.get('meta', 'state'))?.[revKey] ?? null;
  for (;;) {
    const params: Record<string, number> = { limit: SYNC_LIMIT_MAX };
    if (since !== null) params.since = since;
    const response = await http.get<SyncRecordsPage | SyncWantsPage>(`/api/sync/${store}`, { params });
    const page = response.data;
    const rows = 'records' in page ? page.records : page.wants;
    const tx = db.transaction([store, 'meta'], 'readwrite');
    const target = tx.objectStore(store);
    // Too old to answer: the page is the first from nothing, so the copy starts from nothing too.
    if (page.reset) void target.clear();
    for (const row of rows) void target.put(row as never);
    for (const id of page.deleted) void target.delete(id);
    const metaStore = tx.objectStore('meta');
    const meta = await metaStore.get('state');
    if (meta) await metaStore.put({ ...meta, [revKey]: page.rev }, 'state');
    await tx.done;
    since = page.rev;
    if (!page.more) return;
  }
}

/**
 * Syncs the signed-in user's copy: records, then wants; asks once for persistent storage
 * (`navigator.storage.persist()`).
 * @param userId - whose copy (another user's copy is deleted when it is opened)
 * @param http - the axios instance (tests); default the app's
 * @returns when it ended and how many records the copy holds
 * @throws the first request's or IndexedDB's error
 */
export function syncOfflineCopy(userId: number, http?: Http): Promise<SyncResult> {
  // One sync at a time in a tab: a second waits for the first, then asks from where it ended.
  const next = running.then(
    () => syncNow(userId, http),
    () => syncNow(userId, http),
  );
  running = next.catch(() => undefined);
  return next;
}

/** The sync under way in this tab. */
let running: Promise<unknown> = Promise.resolve();

/** The crate's snapshot being kept after the last sync (see keepCrateSnapshot). */
let keeping: Promise<void> = Promise.resolve();

/**
 * Resolves once the work of keeping the crate's snapshot after the last sync has ended (kept,
 * found kept, or given up); a sync does not wait for it. Never rejects.
 */
export function crateSnapshotSettled(): Promise<void> {
  return keeping;
}

async function syncNow(userId: number, http?: Http): Promise<SyncResult> {
  const client = http ?? (await loadApi());
  const db = await openOfflineCopy(userId);
  const meta = await readMeta(db, userId);
  if (!(await db.get('meta', 'state'))) await db.put('meta', meta, 'state');
  if (!meta.persistAsked) {
    await db.put('meta', { ...meta, persistAsked: true }, 'state');
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
  }
  await syncStore(client, db, 'records');
  await syncStore(client, db, 'wants');
  const syncedAt = new Date().toISOString();
  // The state and the records' count read together: the count is of that revision.
  const tx = db.transaction(['meta', 'records'], 'readwrite');
  const [latest, records] = await Promise.all([
    tx.objectStore('meta').get('state'),
    tx.objectStore('records').count(),
  ]);
  const state = latest ?? meta;
  await tx
    .objectStore('meta')
    .put({ ...state, syncedAt, counted: { rev: state.recordsRev, records } }, 'state');
  await tx.done;
  // For the next start, which may be offline: the crate as JSON (lib/offline/read.ts).
  keeping = import('./read').then(({ keepCrateSnapshot }) => keepCrateSnapshot(db)).catch(() => undefined);
  return { syncedAt, records };
}

/** What the copy holds of the crate and when it was synced, for reading it offline. */
export interface OfflineSnapshot {
  meta: OfflineMeta;
  /** Records in the copy. */
  records: number;
}

/**
 * The copy's state for `userId`, or undefined when it was never synced completely (then there
 * is nothing to show offline).
 */
export async function offlineSnapshot(userId: number): Promise<OfflineSnapshot | undefined> {
  const db = await openOfflineCopy(userId);
  const meta = await db.get('meta', 'state');
  if (!meta?.syncedAt) return undefined;
  return { meta, records: await db.count('records') };
}
