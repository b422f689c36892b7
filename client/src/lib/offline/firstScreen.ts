/**
 * The collection's first screen as the offline copy holds it, read by the service worker while
 * it makes the page of an offline start (src/sw/sw.ts) and handed to the app in that page (the
 * contract's `OFFLINE_RECORDS_BLOCK_ID` block), as the server hands the first page to
 * the page it makes online (lib/bootList.ts): the app then shows the covers from the page,
 * without first opening the copy on its main thread, which a busy phone's start keeps waiting
 * (issue 24: offline start to the first cover ≤ 1.5 s). No DOM here: used by a worker.
 */
import { openDB, unwrap } from 'idb';
import type { CrateRecord } from '@spincrate/contract';
import { newestRecords, OFFLINE_DB_VERSION, RECORDS_BY_DATE_ADDED, type OfflineSchema } from './db';
import { offlineDbName } from './names';

/** The first records of the copy's "newest" list (no search, no folder), and what the chip says. */
export interface CopyFirstScreen {
  /** Whose copy it was read from. */
  userId: number;
  /** How many records were asked for (the screen's first page size). */
  limit: number;
  /** ISO 8601 time of the copy's last complete sync. */
  syncedAt: string;
  /** Records in the copy (the list's size). */
  total: number;
  /** The first `limit` records, newest first (API.md "Lists at scale": `date_added`, `id` DESC). */
  records: CrateRecord[];
}

/**
 * Reads the first `limit` records of `userId`'s copy in the "newest" order, with its size and
 * sync time, in one read-only transaction, then closes the connection (a logout's delete of the
 * copy is never blocked by it). Neither creates nor upgrades a database: a browser without the
 * copy, or with one of another layout ({@link OFFLINE_DB_VERSION}), reads nothing.
 * @param userId - the signed-in user, as the page's session block names them
 * @param limit - records to read (≥ 1)
 * @returns undefined when there is no copy of this user synced completely, or it cannot be read
 */
export async function readCopyFirstScreen(
  userId: number,
  limit: number,
): Promise<CopyFirstScreen | undefined> {
  try {
    const name = offlineDbName(userId);
    if (typeof indexedDB.databases !== 'function') return undefined;
    const held = (await indexedDB.databases()).find((info) => info.name === name);
    if (held?.version !== OFFLINE_DB_VERSION) return undefined;
    const db = await openDB<OfflineSchema>(name, OFFLINE_DB_VERSION);
    try {
      const transaction = db.transaction(['meta', 'records']);
      const records = transaction.objectStore('records');
      const [meta, first] = await Promise.all([
        transaction.objectStore('meta').get('state'),
        newestRecords(unwrap(records.index(RECORDS_BY_DATE_ADDED)), limit),
      ]);
      if (!meta?.syncedAt || meta.userId !== userId) return undefined;
      const total =
        meta.counted && meta.counted.rev === meta.recordsRev ? meta.counted.records : await records.count();
      return { userId, limit, syncedAt: meta.syncedAt, total, records: first };
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * Whether `data` (a block's parsed JSON) has the shape of a {@link CopyFirstScreen} of
 * `userId` with `limit` records asked for.
 */
export function isCopyFirstScreen(data: unknown, userId: number, limit: number): data is CopyFirstScreen {
  if (typeof data !== 'object' || data === null) return false;
  const screen = data as Partial<CopyFirstScreen>;
  return (
    screen.userId === userId &&
    screen.limit === limit &&
    typeof screen.syncedAt === 'string' &&
    typeof screen.total === 'number' &&
    Array.isArray(screen.records) &&
    screen.records.every(
      (record) => typeof record === 'object' && record !== null && typeof record.id === 'number',
    )
  );
}
