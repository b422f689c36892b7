/**
 * The offline copy (EXTENSIONS.md §9, issue 24 item 3): one IndexedDB database per signed-in
 * user, named with the user's id, holding
 * - `records` and `wants`: the user's crate and wantlist as `GET /api/sync/*` gave them (by id);
 * - `meta`: one entry `state` — whose copy it is, the revision to sync records and wants from,
 *   and when the last sync ended;
 * - `outbox`: spins and wants made without a connection, by `clientId`, until the server has them;
 * - `scans`: barcodes scanned without a connection, to look up once it is back;
 * - `crate`: the whole crate as last read, as JSON in parts ({@link CrateSnapshot}), and its
 *   records' search texts ({@link CrateSearchTexts}).
 *
 * Not part of the first load: the sagas import it after sign-in (features/offline). Logging out
 * and another user signing in on the same browser delete the database (`deleteOfflineCopy`,
 * `openOfflineCopy`).
 */
import { deleteDB, openDB, wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { CrateRecord, Want } from '@spincrate/contract';
import { CURRENT_DB_KEY, OFFLINE_DB_PREFIX, offlineDbName, pageStorage } from './names';

export { offlineDbName };
/**
 * 1: the stores; 2: the records' `date_added` index (the newest first page without reading the
 * whole crate, lib/offline/read.ts); 3: the `crate` store (the crate as last read whole, as
 * JSON: lib/offline/read.ts).
 */
export const OFFLINE_DB_VERSION = 3;
/**
 * The records' index by `date_added`. The server sends it in one fixed form
 * (`YYYY-MM-DDTHH:MM:SS.mmmZ`, UTC), so the text's order is the time's; equal times follow the
 * id. Walked backwards it is the crate's "newest" order (API.md "Lists at scale").
 */
export const RECORDS_BY_DATE_ADDED = 'date_added';

/** What the copy knows about itself (`meta` store, key `state`). */
export interface OfflineMeta {
  userId: number;
  /** The revision to ask `GET /api/sync/records` from next; null before the first sync. */
  recordsRev: number | null;
  /** The same for `GET /api/sync/wants`. */
  wantsRev: number | null;
  /** ISO 8601 time the last complete sync ended; null before one did. */
  syncedAt: string | null;
  /**
   * How many records the copy held at records revision `rev`, counted when a sync ended: an
   * offline start reads it instead of counting the records store (IndexedDB counts by walking
   * it: over 100 ms for 20,000 records on a busy phone, issue 24). Absent before the first sync
   * that wrote it.
   */
  counted?: { rev: number | null; records: number };
  /** Whether persistent storage was asked for already (asked once). */
  persistAsked: boolean;
}

/** The write an outbox item makes once sent. */
export type OutboxKind = 'spin' | 'want';

/** A spin or want made while the server could not be reached (EXTENSIONS.md §9). */
export interface OutboxItem {
  /** The `clientId` sent with it (a UUID): the server stores it once, however often it is sent. */
  clientId: string;
  kind: OutboxKind;
  /** The body of `POST /api/spins/add` or `POST /api/want/add`, without `clientId`. */
  body: Record<string, unknown>;
  /** ISO 8601 time it was made. */
  createdAt: string;
  /** Its place in the outbox: items are sent in this order (made in the same millisecond too). */
  order: number;
  /** `waiting` until sent; `failed` when the server refused it (400), with its message. */
  status: 'waiting' | 'failed';
  error?: string;
  /** The record titles of a spin, to show it in the list before it is sent. */
  titles?: string[];
}

/** A barcode scanned while the server could not be reached, looked up once it is back. */
export interface ScanItem {
  /** The digits, as scanned or typed. */
  code: string;
  /** ISO 8601 time of the (last) scan. */
  scannedAt: string;
  /** `waiting` until looked up; then `found` (pressings found) or `none`. */
  status: 'waiting' | 'found' | 'none';
  /** The first pressing's "title — artist" once found. */
  found?: string;
  /** Once found: the first pressing is in the crate, on the wantlist, or another edition of it is owned. */
  owned?: 'crate' | 'wantlist' | 'other-edition';
}

/**
 * The whole crate as lib/offline/read.ts last read it (`crate` store, key `snapshot`), kept so
 * that the next start reads a few texts instead of 20,000 records (issue 24: offline search
 * right after the start): the records in the "newest" order as JSON, for the records'
 * revision they were read at, in `parts` entries of at most 1,000 records (keys
 * {@link snapshotPartKey}), each read and parsed in a short task of its own. Their search
 * texts are kept beside it ({@link CrateSearchTexts}, same revision).
 */
export interface CrateSnapshot {
  /** `OfflineMeta.recordsRev` when the records were read: a snapshot of any other revision is stale. */
  rev: number | null;
  /** The layout of the parts; a snapshot of another layout is not read. */
  format: number;
  /** How many parts: each a JSON array of `CrateRecord`, newest first, in order. */
  parts: number;
}

/** The key of part `i` (from 0) of the crate's snapshot in the `crate` store. */
export const snapshotPartKey = (i: number): CrateKey => `snapshot-${i}`;

/** The `crate` store's keys: the snapshot, its parts, the search texts. */
type CrateKey = 'snapshot' | 'search' | `snapshot-${number}`;

/**
 * The crate's search texts (`crate` store, key `search`): every record's id in the "newest"
 * order and its search text (the contract's `recordSearchFields`). A search answers its first
 * records from these and a few reads by id, without the whole crate (issue 24: offline search
 * ≤ 100 ms right after the start); the whole crate's index takes its texts from here too.
 */
export interface CrateSearchTexts {
  /** `OfflineMeta.recordsRev` when the records were read (as {@link CrateSnapshot.rev}). */
  rev: number | null;
  /** The layout; texts of another layout are not read. */
  format: number;
  /** Record ids, newest first. */
  ids: number[];
  /** `texts[i]`: the search text of record `ids[i]`. */
  texts: string[];
}

/** The database's shape. */
export interface OfflineSchema extends DBSchema {
  records: { key: number; value: CrateRecord; indexes: { date_added: string } };
  wants: { key: number; value: Want };
  meta: { key: 'state'; value: OfflineMeta };
  outbox: { key: string; value: OutboxItem };
  scans: { key: string; value: ScanItem };
  crate: { key: CrateKey; value: CrateSnapshot | CrateSearchTexts | string };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let open: { userId: number; db: Promise<OfflineDb> } | undefined;

/** Every offline copy's database name this browser holds (as far as it can tell). */
async function copyNames(): Promise<string[]> {
  const names = new Set<string>();
  const known = pageStorage()?.getItem(CURRENT_DB_KEY);
  if (known) names.add(known);
  if (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function') {
    for (const info of await indexedDB.databases()) {
      if (info.name?.startsWith(OFFLINE_DB_PREFIX)) names.add(info.name);
    }
  }
  return [...names];
}

/** Closes the open connection, if any, so the database can be deleted. */
async function closeOpen(): Promise<void> {
  const current = open;
  open = undefined;
  if (!current) return;
  try {
    (await current.db).close();
  } catch {
    // It never opened: nothing to close.
  }
}

/** Deletes every offline copy this browser holds but `name`'s. */
async function deleteOtherCopies(name: string): Promise<void> {
  for (const other of await copyNames()) if (other !== name) await deleteDB(other);
}

/**
 * Opens (creating it the first time) the offline copy of `userId`; any other user's copy in
 * this browser is deleted meanwhile (EXTENSIONS.md §9: a different user signing in), and is
 * gone when this resolves. The two go side by side: the list of the browser's databases is a
 * round trip of its own, which an offline start does not wait for before opening the copy
 * (issue 24). Later calls for the same user share the connection.
 * @throws the browser's error when IndexedDB cannot be used (private mode, quota)
 */
export function openOfflineCopy(userId: number): Promise<OfflineDb> {
  if (open?.userId === userId) return open.db;
  const db = (async () => {
    await closeOpen();
    const name = offlineDbName(userId);
    const othersDeleted = deleteOtherCopies(name);
    // Awaited below once the copy is open; not unhandled when the open fails first.
    othersDeleted.catch(() => undefined);
    const opening = openDB<OfflineSchema>(name, OFFLINE_DB_VERSION, {
      upgrade(database, oldVersion, _newVersion, transaction) {
        if (oldVersion < 1) {
          database.createObjectStore('records', { keyPath: 'id' });
          database.createObjectStore('wants', { keyPath: 'id' });
          database.createObjectStore('meta');
          database.createObjectStore('outbox', { keyPath: 'clientId' });
          database.createObjectStore('scans', { keyPath: 'code' });
        }
        if (oldVersion < 2)
          transaction.objectStore('records').createIndex(RECORDS_BY_DATE_ADDED, 'date_added');
        if (oldVersion < 3) database.createObjectStore('crate');
      },
      // Another tab deletes it (a logout there): let it, and open again next time.
      blocking() {
        void opening.then((opened) => opened.close());
        if (open?.userId === userId) open = undefined;
      },
    });
    const opened = await opening;
    try {
      await othersDeleted;
    } catch (err) {
      opened.close();
      throw err;
    }
    pageStorage()?.setItem(CURRENT_DB_KEY, name);
    return opened;
  })();
  const entry = { userId, db };
  open = entry;
  db.catch(() => {
    if (open === entry) open = undefined;
  });
  return db;
}

/**
 * Deletes every offline copy this browser holds — crate, wants, outbox and scans (EXTENSIONS.md
 * §9: logging out deletes the offline copy). Never rejects: a copy that cannot be deleted now is
 * deleted when the next user opens theirs.
 */
export async function deleteOfflineCopy(): Promise<void> {
  try {
    await closeOpen();
    for (const name of await copyNames()) await deleteDB(name);
    pageStorage()?.removeItem(CURRENT_DB_KEY);
  } catch {
    // IndexedDB unavailable: there is no copy to delete.
  }
}

/** The copy's state, or a fresh one for `userId` when it has none yet. */
export async function readMeta(db: OfflineDb, userId: number): Promise<OfflineMeta> {
  return (
    (await db.get('meta', 'state')) ?? {
      userId,
      recordsRev: null,
      wantsRev: null,
      syncedAt: null,
      persistAsked: false,
    }
  );
}

/** IndexedDB's `getAllRecords` (Chromium 141 on): an index's records in either direction, in one request. */
type GetAllRecords = (options: {
  count?: number;
  direction?: IDBCursorDirection;
}) => IDBRequest<Array<{ value: CrateRecord }>>;

/**
 * The first `limit` (≥ 1) records of the "newest" list, read through the `date_added` index in
 * `byDate` (the records' `date_added` index, in a transaction of its own or shared): in one
 * request where the browser has `getAllRecords`; else a key cursor walked backwards finds the
 * `limit`-th newest time, then one `getAll` reads every record from that time on. A few round
 * trips at most, not one per record: on a busy phone each waits its turn (issue 24).
 */
export async function newestRecords(byDate: IDBIndex, limit: number): Promise<CrateRecord[]> {
  const withRecords = byDate as IDBIndex & { getAllRecords?: GetAllRecords };
  if (typeof withRecords.getAllRecords === 'function') {
    const rows = await wrap(withRecords.getAllRecords({ count: limit, direction: 'prev' }));
    return rows.map((row) => row.value);
  }
  const index = wrap(byDate);
  let cursor = await index.openKeyCursor(null, 'prev');
  if (cursor && limit > 1) cursor = await cursor.advance(limit - 1);
  // Oldest first, equal times by id; reversed, the "newest" order (date_added, id DESC).
  const fromThen = (await index.getAll(
    cursor ? IDBKeyRange.lowerBound(cursor.key) : undefined,
  )) as CrateRecord[];
  return fromThen.reverse().slice(0, limit);
}
