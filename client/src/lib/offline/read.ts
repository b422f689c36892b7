/**
 * Answers from the offline copy (EXTENSIONS.md §9) for the screens that show it when the server
 * can't be reached: the crate's lists (the server's search, sorts and folder filter, from the
 * contract's rules), one record, the wantlist, a blindbag draw, and the barcode answer at the
 * record shop. Each returns undefined when the copy was never synced completely (nothing to
 * show) or IndexedDB cannot be used.
 */
import {
  OFFLINE_RECORDS_BLOCK_ID,
  barcodeForms,
  compareRecords,
  folderCounts,
  indexSearchTexts,
  joinSearchTexts,
  listFromIndex,
  matchingPositions,
  lowerAsServer,
  recordIndex,
  recordInFolder,
  recordSearchFields,
  recordMatchesSearch,
  searchActive,
  unplayedSince,
  wantList,
  type CrateRecord,
  type FolderCount,
  type JoinedSearchTexts,
  type RecordIndex,
  type RecordListRules,
  type Want,
  type WantSort,
} from '@spincrate/contract';
import { isServerUnreachable, subscribeConnectivity } from '@/lib/connectivity';
import { unwrap, wrap } from 'idb';
import {
  newestRecords,
  openOfflineCopy,
  RECORDS_BY_DATE_ADDED,
  snapshotPartKey,
  type CrateSearchTexts,
  type CrateSnapshot,
  type OfflineDb,
  type OfflineMeta,
} from './db';
import { isCopyFirstScreen, type CopyFirstScreen } from './firstScreen';

/** What a read found, and when the copy was synced. */
export interface FromCopy<T> {
  value: T;
  /** ISO 8601 time of the copy's last complete sync. */
  syncedAt: string;
  /** Records in the copy. */
  records: number;
}

/** An opened copy that was synced completely once. */
interface SyncedCopy {
  db: OfflineDb;
  syncedAt: string;
  /** The records' revision (changes with every page of records a sync writes). */
  recordsRev: number | null;
  /** How many records the copy holds, when the state knows it for this revision. */
  records?: number;
}

/** The copy `db` as its state `meta` describes it; undefined before a complete sync. */
function copyOf(db: OfflineDb, meta: OfflineMeta | undefined): SyncedCopy | undefined {
  if (!meta?.syncedAt) return undefined;
  const copy: SyncedCopy = { db, syncedAt: meta.syncedAt, recordsRev: meta.recordsRev };
  if (meta.counted && meta.counted.rev === meta.recordsRev) copy.records = meta.counted.records;
  return copy;
}

/** How many records the copy holds: from its state when known, else counted. */
async function recordCount(copy: SyncedCopy): Promise<number> {
  return copy.records ?? (await copy.db.count('records'));
}

/**
 * The copy's state as read while the server is out of reach, for the rest of that time: no sync
 * can change the copy then (a sync needs the server), so a search as the user types at the shop
 * asks IndexedDB nothing (issue 24: offline search ≤ 100 ms; on a busy phone a read waited
 * 50–100 ms for its answer). Forgotten whenever the server becomes reachable or unreachable.
 */
let readWhileUnreachable: { userId: number; db: OfflineDb; copy: SyncedCopy } | undefined;
/** Counts the server's changes between reachable and unreachable. */
let connectivityChanges = 0;
subscribeConnectivity(() => {
  connectivityChanges += 1;
  readWhileUnreachable = undefined;
});

async function synced(userId: number): Promise<SyncedCopy | undefined> {
  try {
    const db = await openOfflineCopy(userId);
    if (readWhileUnreachable?.db === db && isServerUnreachable()) return readWhileUnreachable.copy;
    const unreachable = isServerUnreachable();
    const changes = connectivityChanges;
    const copy = copyOf(db, await db.get('meta', 'state'));
    // Kept only when read while out of reach from start to end (a sync may have ended before).
    if (copy && unreachable && changes === connectivityChanges) readWhileUnreachable = { userId, db, copy };
    return copy;
  } catch {
    return undefined;
  }
}

/**
 * The crate's records in memory, prepared for searching and sorting (the contract's
 * `recordIndex`), for the copy and records' revision they were read at: read once, then every
 * list, search and sort of the same copy is answered from memory (issue 24: offline search over
 * 20,000 records ≤ 100 ms).
 */
let crate:
  | {
      db: OfflineDb;
      rev: number | null;
      index: Promise<RecordIndex<CrateRecord>>;
      /** The index has been read (a search then lists from memory instead of the search texts). */
      ready: boolean;
      /** The index, once read. */
      value?: RecordIndex<CrateRecord>;
      /**
       * The records read so far from the copy's snapshot, in its order (the "newest" list, as
       * the search texts' ids): a search before the whole crate is read takes its first
       * records from here when they are among them.
       */
      soFar: CrateRecord[];
    }
  | undefined;

/**
 * `records` frozen (each shallowly), as they enter memory: immer, which freezes what the store
 * keeps, stops at a frozen object, so the store keeps them as they are, where it would
 * otherwise freeze 20,000 records deeply in the one task that puts the whole list (about
 * 400 ms on a busy phone, then no key press is answered).
 */
function frozen(records: CrateRecord[]): CrateRecord[] {
  for (const record of records) Object.freeze(record);
  return records;
}

/**
 * The layout of {@link CrateSnapshot} and {@link CrateSearchTexts} this code writes and reads
 * (1: one JSON text with the search texts inside; 2: the records' JSON in parts, the search
 * texts and ids beside them; 3: as 2, the search texts lowered as the server lowers them, the
 * contract's `lowerAsServer`, where 2 lowered İ and a final Σ otherwise).
 */
const SNAPSHOT_FORMAT = 3;

/** A value of the `crate` store. */
type CrateValue = CrateSnapshot | CrateSearchTexts | string | undefined;

/**
 * `value` as the kept crate's entry holding `field` (`parts`: the snapshot; `texts`: the search
 * texts) of this code's layout and of records revision `rev`; undefined when it is not that.
 */
function keptOf<F extends 'parts' | 'texts'>(value: CrateValue, field: F, rev: number | null) {
  return typeof value === 'object' && field in value && value.format === SNAPSHOT_FORMAT && value.rev === rev
    ? (value as Extract<CrateSnapshot | CrateSearchTexts, Record<F, unknown>>)
    : undefined;
}

/**
 * Resolves in a task of its own (the browser's `scheduler.yield` where it has one), so that a
 * key press waiting meanwhile is handled first.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Reads a search is waiting for right now ({@link urgently}): the whole crate's read asks
 * IndexedDB for its next parts only once none is left, so those few reads never queue behind
 * megabytes of parts (issue 24: offline search ≤ 100 ms while the crate is still being read).
 */
const urgentReads = new Set<Promise<unknown>>();

/** `read`, marked as one a search is waiting for until it settles. */
function urgently<T>(read: Promise<T>): Promise<T> {
  urgentReads.add(read);
  const settled = () => urgentReads.delete(read);
  read.then(settled, settled);
  return read;
}

/** Resolves once no read a search is waiting for is left. */
async function afterUrgentReads(): Promise<void> {
  while (urgentReads.size > 0) await Promise.allSettled([...urgentReads]);
}

/** Parts of the kept crate asked for at once while it is read (the next ones asked while these parse). */
const PARTS_IN_FLIGHT = 2;

/**
 * The crate's index from its snapshot, when the copy keeps one of the records' current revision:
 * its parts asked for {@link PARTS_IN_FLIGHT} at a time, and never while a search waits for a
 * read of its own ({@link urgently}), then each parsed in a task of its own (no long task
 * while the user types at the shop: each part is at most 1,000 records). The search texts are
 * the ones already read for searching ({@link crateSearchTexts}).
 */
async function indexFromSnapshot(
  copy: SyncedCopy,
  records: CrateRecord[],
): Promise<RecordIndex<CrateRecord> | undefined> {
  const [kept, search] = await Promise.all([copy.db.get('crate', 'snapshot'), crateSearchTexts(copy)]);
  const snapshot = keptOf(kept, 'parts', copy.recordsRev);
  if (!snapshot || !search) return undefined;
  let next = 0;
  /** The next parts, with the snapshot's state read in the same transaction; undefined when it changed or failed. */
  const ask = async (): Promise<unknown[] | undefined> => {
    await afterUrgentReads();
    const from = next;
    next = Math.min(snapshot.parts, next + PARTS_IN_FLIGHT);
    try {
      const store = copy.db.transaction('crate').store;
      const keys = Array.from({ length: next - from }, (_, i) => snapshotPartKey(from + i));
      const [state, ...parts] = await Promise.all([
        store.get('snapshot'),
        ...keys.map((key) => store.get(key)),
      ]);
      // A sync keeping another revision meanwhile: these parts may not be of this one.
      return keptOf(state, 'parts', copy.recordsRev) ? parts : undefined;
    } catch {
      return undefined;
    }
  };
  let asked: Promise<unknown[] | undefined> | undefined = ask();
  while (asked) {
    const parts: unknown[] | undefined = await asked;
    // The next parts are asked for while these parse.
    asked = parts && next < snapshot.parts ? ask() : undefined;
    if (!parts) return undefined;
    for (const part of parts) {
      if (typeof part !== 'string') return undefined;
      await nextTask();
      for (const record of frozen(JSON.parse(part) as CrateRecord[])) records.push(record);
    }
  }
  if (records.length !== search.texts.length || records.some((r, i) => r.id !== search.ids[i]))
    return undefined;
  const index = recordIndex(
    records,
    'newest',
    search.texts.map((text) => ({ text })),
  );
  // The same texts in the same order: joined once for both.
  index.joined = joinedTexts.get(search);
  return index;
}

/**
 * The crate's search texts of the copy's records revision, read once per copy and revision
 * (about 60 bytes a record: a search right after the start reads these, not the whole crate).
 */
let searchTexts:
  | {
      db: OfflineDb;
      rev: number | null;
      texts: Promise<CrateSearchTexts | undefined>;
      /** The texts, once read (undefined before, and when none are kept). */
      value?: CrateSearchTexts;
    }
  | undefined;

/** The copy's search texts of its current records revision; undefined when none are kept. */
function crateSearchTexts(copy: SyncedCopy): Promise<CrateSearchTexts | undefined> {
  if (searchTexts?.db === copy.db && searchTexts.rev === copy.recordsRev) return searchTexts.texts;
  const entry: NonNullable<typeof searchTexts> = {
    db: copy.db,
    rev: copy.recordsRev,
    texts: copy.db
      .get('crate', 'search')
      .then((value) => {
        const kept = keptOf(value, 'texts', copy.recordsRev);
        entry.value = kept;
        // Joined for searching at the next idle moment, before a search asks.
        if (kept) void idle().then(() => joinedOf(kept));
        return kept;
      })
      .catch(() => undefined),
  };
  searchTexts = entry;
  return entry.texts;
}

/** Search texts joined for searching ({@link joinedOf}), by the texts read. */
const joinedTexts = new WeakMap<CrateSearchTexts, JoinedSearchTexts>();

/** `search`'s texts joined for the contract's `matchingPositions`: joined once, then kept. */
function joinedOf(search: CrateSearchTexts): JoinedSearchTexts {
  let joined = joinedTexts.get(search);
  if (!joined) {
    joined = joinSearchTexts(search.texts);
    joinedTexts.set(search, joined);
  }
  return joined;
}

/** Resolves at the browser's next idle moment (at most 5 s away), or at once without requestIdleCallback. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 5000 });
    else resolve();
  });
}

/** Records written to JSON per idle moment when the snapshot is made (each a short task on a phone). */
const SNAPSHOT_SLICE = 1000;

/**
 * Keeps the snapshot of the crate at records revision `rev` and its search texts, in one
 * transaction (all or nothing), in place of what the `crate` store held.
 * @param parts - JSON arrays of at most {@link SNAPSHOT_SLICE} records each, in the "newest"
 *   order (written a slice per idle moment)
 * @param ids - the records' ids, in the same order
 * @param texts - each record's search text, in the same order
 * @throws IndexedDB's error (quota)
 */
async function putCrateSnapshot(
  db: OfflineDb,
  rev: CrateSnapshot['rev'],
  parts: readonly string[],
  ids: number[],
  texts: string[],
): Promise<void> {
  const snapshot: CrateSnapshot = { rev, format: SNAPSHOT_FORMAT, parts: parts.length };
  const search: CrateSearchTexts = { rev, format: SNAPSHOT_FORMAT, ids, texts };
  const tx = db.transaction('crate', 'readwrite');
  // An older snapshot may have had more parts.
  void tx.store.clear();
  for (const [i, part] of parts.entries()) void tx.store.put(part, snapshotPartKey(i));
  void tx.store.put(search, 'search');
  void tx.store.put(snapshot, 'snapshot');
  await tx.done;
}

/**
 * Keeps `index` (read at `copy`'s records revision) as the copy's snapshot: its JSON written a
 * slice of records per idle moment (never one long task while the user types), then stored;
 * a snapshot that cannot be written (quota) is simply not kept.
 */
async function keepSnapshot(copy: SyncedCopy, index: RecordIndex<CrateRecord>): Promise<void> {
  try {
    const parts: string[] = [];
    for (let from = 0; from < index.records.length; from += SNAPSHOT_SLICE) {
      await idle();
      parts.push(JSON.stringify(index.records.slice(from, from + SNAPSHOT_SLICE)));
    }
    await idle();
    const ids = index.records.map((record) => record.id);
    const texts = index.fields.map((fields) => fields.text);
    await putCrateSnapshot(copy.db, copy.recordsRev, parts, ids, texts);
  } catch {
    // Not kept: the next start reads the records again.
  }
}

/** The snapshot this tab last kept or found kept, by copy and records revision. */
let snapshotKept: { db: OfflineDb; rev: number } | undefined;

/**
 * Keeps the crate's snapshot of the copy's current records revision, when it has none, for
 * the next start (issue 24): the first start at the record shop, offline, usually follows a
 * sync at home, and it then parses a few JSON texts instead of reading every record. Called after
 * each sync. The records are read and written a slice per idle moment, by their keys in the
 * "newest" order, so the app used online meanwhile meets no long task and no crate held in
 * memory. A sync writing records meanwhile moves the revision: the snapshot is then not kept
 * (the next sync keeps one).
 * @param db - the copy just synced (the sync's connection)
 * @returns once kept, or found already kept, or given up; never throws
 */
export async function keepCrateSnapshot(db: OfflineDb): Promise<void> {
  try {
    // The sync's own connection, never opened again: a logout meanwhile closed it and deleted
    // the copy, and this then stops instead of making a new one.
    const state = await db.get('meta', 'state');
    if (!state?.syncedAt || state.recordsRev === null) return;
    const copy = { db, recordsRev: state.recordsRev };
    if (snapshotKept?.db === copy.db && snapshotKept.rev === copy.recordsRev) return;
    // The search texts are a megabyte or so: read once per start, then known from snapshotKept.
    const store = copy.db.transaction('crate').store;
    const [kept, keptTexts] = await Promise.all([store.get('snapshot'), store.get('search')]);
    if (keptOf(kept, 'parts', copy.recordsRev) && keptOf(keptTexts, 'texts', copy.recordsRev)) {
      snapshotKept = { db: copy.db, rev: copy.recordsRev };
      return;
    }
    // Oldest first by the date_added index (equal times by id); reversed, the "newest" order.
    const ids = (await copy.db.getAllKeysFromIndex('records', RECORDS_BY_DATE_ADDED)).reverse();
    const parts: string[] = [];
    const texts: string[] = [];
    for (let from = 0; from < ids.length; from += SNAPSHOT_SLICE) {
      await idle();
      const store = copy.db.transaction('records').store;
      const slice = await Promise.all(ids.slice(from, from + SNAPSHOT_SLICE).map((id) => store.get(id)));
      if (slice.some((record) => record === undefined)) return;
      const records = slice as CrateRecord[];
      parts.push(JSON.stringify(records));
      for (const record of records) texts.push(recordSearchFields(record).text);
    }
    await idle();
    if ((await copy.db.get('meta', 'state'))?.recordsRev !== copy.recordsRev) return;
    await putCrateSnapshot(copy.db, copy.recordsRev, parts, ids, texts);
    snapshotKept = { db: copy.db, rev: copy.recordsRev };
  } catch {
    // Not kept: the next offline start reads the records, and keeps the snapshot then.
  }
}

/**
 * The crate's index, read again when the copy or its records' revision changed: from the
 * copy's snapshot when it is of that revision (a few JSON texts: far quicker than 20,000 records),
 * else from the records, then kept as the snapshot for the next start.
 */
function crateIndex(copy: SyncedCopy): Promise<RecordIndex<CrateRecord>> {
  if (crate && crate.db === copy.db && crate.rev === copy.recordsRev) return crate.index;
  const soFar: CrateRecord[] = [];
  const index = (async () => {
    const kept = await indexFromSnapshot(copy, soFar).catch(() => undefined);
    if (kept) return kept;
    soFar.length = 0;
    // Oldest first by the date_added index; reversed, the "newest" order, kept as it is.
    const oldestFirst = await copy.db.getAllFromIndex('records', RECORDS_BY_DATE_ADDED);
    const read = recordIndex(frozen(oldestFirst.reverse()), 'newest');
    void keepSnapshot(copy, read);
    return read;
  })();
  const entry: NonNullable<typeof crate> = { db: copy.db, rev: copy.recordsRev, index, ready: false, soFar };
  crate = entry;
  index.then(
    (value) => {
      entry.ready = true;
      entry.value = value;
      // Its search texts joined at the next idle moment, before a search asks.
      if (!value.joined) void idle().then(() => indexSearchTexts(value));
    },
    () => {
      if (crate === entry) crate = undefined;
    },
  );
  return index;
}

/**
 * Starts reading the whole crate into memory, when it is not there or on its way (the next
 * {@link readCopyRecords} of the same copy then waits for this read): right after the
 * collection's first screen is painted, so that a search made soon after finds its records
 * in memory (issue 24: offline search ≤ 100 ms). Never throws.
 */
export async function warmCopyCrate(userId: number): Promise<void> {
  const copy = await synced(userId);
  if (copy) void crateIndex(copy).catch(() => undefined);
}

/** The own crate's whole list as the server would answer it (`GET /api/record`, search, folder). */
export async function readCopyRecords(
  userId: number,
  rules: RecordListRules,
): Promise<FromCopy<CrateRecord[]> | undefined> {
  const copy = await synced(userId);
  if (!copy) return undefined;
  const index = await crateIndex(copy);
  return { value: listFromIndex(index, rules), syncedAt: copy.syncedAt, records: index.records.length };
}

/** The crate's folders with their counts, as `GET /api/record/folders` would answer (EXTENSIONS.md §9). */
export async function readCopyFolders(userId: number): Promise<FromCopy<FolderCount[]> | undefined> {
  const copy = await synced(userId);
  if (!copy) return undefined;
  const index = await crateIndex(copy);
  return { value: folderCounts(index.records), syncedAt: copy.syncedAt, records: index.records.length };
}

/** A list's first records, and how many the whole list holds. */
export interface FirstRecords {
  records: CrateRecord[];
  total: number;
}

/** The records' `date_added` index of a new read-only transaction of `db` holding `stores`. */
function dateIndexOf(db: OfflineDb, stores: Array<'records' | 'meta'> = ['records']): IDBIndex {
  return unwrap(db).transaction(stores).objectStore('records').index(RECORDS_BY_DATE_ADDED);
}

/** The first `limit` records of the "newest" list and the crate's size. */
async function newestFirstRecords(copy: SyncedCopy, limit: number): Promise<FirstRecords> {
  const records = await newestRecords(dateIndexOf(copy.db), limit);
  return { records, total: await recordCount(copy) };
}

/** The records store of a new read-only transaction of `db`. */
const recordsStore = (db: OfflineDb) => db.transaction('records').store;

/**
 * Searched lists in another order than "newest" are answered from the search texts only when
 * they match at most this many records (each then read by id to be sorted); a larger list waits
 * for the whole crate.
 */
const SORTED_SEARCH_MAX = 400;

/**
 * The first `limit` records of a searched list (no folder), from the crate's search texts: the
 * matching records taken from those of the whole crate's read so far, the others read by id
 * (before every other read: {@link urgently}), so the whole crate is not waited for (issue 24:
 * offline search ≤ 100 ms right after the start). Undefined when the copy keeps no search
 * texts of its revision, a record is missing, or the list is in another order than "newest"
 * and matches over {@link SORTED_SEARCH_MAX} records.
 */
async function searchedFirstRecords(
  copy: SyncedCopy,
  rules: RecordListRules,
  limit: number,
): Promise<FirstRecords | undefined> {
  const search = await crateSearchTexts(copy);
  if (!search) return undefined;
  const positions = searchedPositions(search, rules, limit);
  if (!positions) return undefined;
  const inMemory = readSoFar(copy, search);
  // One transaction for the records not read yet, made only when one is missing.
  let store: ReturnType<typeof recordsStore> | undefined;
  const byId = (at: number) => (store ??= recordsStore(copy.db)).get(search.ids[at]!);
  const read = await urgently(Promise.all(positions.wanted.map((at) => inMemory(at) ?? byId(at))));
  if (read.some((record) => record === undefined)) return undefined;
  return searchedFirst(read as CrateRecord[], rules, limit, positions.total);
}

/**
 * The positions, in the search texts' order ("newest"), of the records a searched list's
 * first `limit` records are taken from (all its records in another order), and how many match;
 * undefined for a list in another order than "newest" matching over {@link SORTED_SEARCH_MAX}.
 */
function searchedPositions(
  search: CrateSearchTexts,
  rules: RecordListRules,
  limit: number,
): { wanted: number[]; total: number } | undefined {
  const found = matchingPositions(joinedOf(search), rules.search ?? '');
  const newest = rules.sort === 'newest';
  if (!newest && found.length > SORTED_SEARCH_MAX) return undefined;
  return { wanted: newest ? found.slice(0, limit) : found, total: found.length };
}

/** The record at a position of `search`, when the whole crate's read has reached it already. */
function readSoFar(copy: SyncedCopy, search: CrateSearchTexts): (at: number) => CrateRecord | undefined {
  const soFar = crate?.db === copy.db && crate.rev === copy.recordsRev ? crate.soFar : [];
  return (at) => (soFar[at]?.id === search.ids[at] ? soFar[at] : undefined);
}

/** A searched list's first `limit` records from its `records` (in the "newest" order), sorted by `rules`. */
function searchedFirst(
  records: CrateRecord[],
  rules: RecordListRules,
  limit: number,
  total: number,
): FirstRecords {
  if (rules.sort !== 'newest') records.sort(compareRecords(rules.sort));
  return { records: records.slice(0, limit), total };
}

/** A read of the newest first page started before the screen asked for it ({@link prefetchCopyFirstRecords}). */
let prefetched:
  | { userId: number; limit: number; read: Promise<{ copy: SyncedCopy; first: FirstRecords } | undefined> }
  | undefined;

/**
 * The collection's first screen the service worker read from the copy and put into the page of
 * an offline start (lib/offline/firstScreen.ts), until the screen takes it.
 */
let handed: CopyFirstScreen | undefined;

/**
 * Takes the page's block of the copy's first screen (the contract's
 * `OFFLINE_RECORDS_BLOCK_ID`, put there by the service worker): returns it once and
 * removes it from the page.
 * @param userId - the signed-in user: a block of anybody else's copy is not taken
 * @param limit - the first page's size the screen asks for
 * @param doc - the page (default `document`)
 * @returns undefined when the page has none (the server's page, another screen, no copy), it
 *   was taken already, or it is not the copy's first screen of this user with this size
 */
export function takeHandedFirstScreen(
  userId: number,
  limit: number,
  doc: Document = document,
): CopyFirstScreen | undefined {
  const element = doc.getElementById(OFFLINE_RECORDS_BLOCK_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return isCopyFirstScreen(data, userId, limit) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts reading the collection's first screen from the copy (the first `limit` records of the
 * "newest" list) before the screen asks: on a page the service worker started without the
 * server, beside the screen's code (issue 24: offline start to the first cover ≤ 1.5 s). When
 * the page carries that screen already (the service worker read it: {@link takeHandedFirstScreen}),
 * it is kept instead ({@link handedFirstRecords}). The next {@link readCopyFirstRecords} of that
 * list takes this read when the copy has not changed since. The crate's search texts are not
 * read here: {@link readCopySearchTextsAhead} reads them once the screen's list is painted. Never throws.
 */
export function prefetchCopyFirstRecords(userId: number, limit: number): void {
  // The service worker read it already, off the main thread.
  handed = takeHandedFirstScreen(userId, limit);
  if (handed) return;
  const read = (async () => {
    const db = await openOfflineCopy(userId);
    // The state and the first records asked for at once, in one transaction.
    const byDate = dateIndexOf(db, ['meta', 'records']);
    const meta = wrap(byDate.objectStore.transaction.objectStore('meta').get('state')) as Promise<
      OfflineMeta | undefined
    >;
    const [state, records] = await Promise.all([meta, newestRecords(byDate, limit)]);
    const copy = copyOf(db, state);
    if (!copy) return undefined;
    return { copy, first: { records, total: await recordCount(copy) } };
  })().catch(() => undefined);
  prefetched = { userId, limit, read };
}

/**
 * The collection's first screen the service worker put into the page of an offline start
 * (taken by {@link prefetchCopyFirstRecords}), without taking it: the first `limit` records of
 * `userId`'s "newest" list with the crate's size, at once, so the screen can be shown before
 * it asks for its list (issue 24: the covers under the first-visit loading screen, not after
 * it). The screen's own {@link readCopyFirstRecords} of that list still takes it, with the same
 * `records` array.
 * @param userId - the signed-in user: another user's screen is never answered
 * @param limit - the first page's size
 * @returns undefined when the page carried none (or it was taken already)
 */
export function handedFirstRecords(userId: number, limit: number): FromCopy<FirstRecords> | undefined {
  if (handed?.userId !== userId || handed.limit !== limit) return undefined;
  return {
    value: { records: frozen(handed.records), total: handed.total },
    syncedAt: handed.syncedAt,
    records: handed.total,
  };
}

/**
 * Starts reading the crate's search texts of the signed-in user's copy (about 60 bytes a
 * record), so that a search soon after an offline start answers without reading them first.
 * Called once the collection's list from the copy is painted (features/records/records.saga.ts
 * `showCopyList`): on a phone the read is a long task, which held the first covers up when it
 * ran beside the start. Resolves once they are read (or there are none); never rejects.
 * @param userId - the signed-in user
 */
export async function readCopySearchTextsAhead(userId: number): Promise<void> {
  try {
    const copy = await synced(userId);
    if (copy) await crateSearchTexts(copy);
  } catch {
    // No copy to read: a search reads what it needs itself.
  }
}

/**
 * The first `limit` records of a list of the own crate, and the list's size, without reading
 * the whole crate (issue 24: the offline start paints before 20,000 records are in memory, and
 * a search right after it answers at once): the unsearched, unfiltered "newest" list — the
 * collection's first screen — through the `date_added` index (or from
 * {@link prefetchCopyFirstRecords}); a searched list without a folder from the search texts.
 * When the crate is in memory already, from there. Undefined for any other list, and when the
 * copy cannot answer this way (then {@link readCopyRecords}).
 */
export async function readCopyFirstRecords(
  userId: number,
  rules: RecordListRules,
  limit: number,
): Promise<FromCopy<FirstRecords> | undefined> {
  const searched = searchActive({ search: rules.search });
  if (rules.folder || (!searched && rules.sort !== 'newest')) return undefined;
  // The first screen the service worker put into the page, taken once without opening the copy:
  // no sync can have changed the copy since (a sync needs the server, out of reach at this start).
  const screen = !searched && handed?.userId === userId && handed.limit === limit ? handed : undefined;
  if (screen) {
    handed = undefined;
    const value = { records: frozen(screen.records), total: screen.total };
    return { value, syncedAt: screen.syncedAt, records: screen.total };
  }
  const copy = await synced(userId);
  if (!copy) return undefined;
  const answer = (value: FirstRecords, records = value.total) => ({
    value,
    syncedAt: copy.syncedAt,
    records,
  });
  const known = crate && crate.db === copy.db && crate.rev === copy.recordsRev ? crate : undefined;
  if (known && (!searched || known.ready)) {
    const index = await known.index;
    const list = listFromIndex(index, rules);
    return answer({ records: list.slice(0, limit), total: list.length }, index.records.length);
  }
  if (searched) {
    const first = await searchedFirstRecords(copy, rules, limit);
    return first && answer(first, (await crateSearchTexts(copy))?.ids.length);
  }
  const early = prefetched?.userId === userId && prefetched.limit === limit ? prefetched.read : undefined;
  prefetched = undefined;
  const got = await early;
  // Taken only when read from the same copy at the same revision (no sync wrote since).
  if (got && got.copy.db === copy.db && got.copy.recordsRev === copy.recordsRev) return answer(got.first);
  return answer(await newestFirstRecords(copy, limit));
}

/**
 * {@link readCopyFirstRecords}'s answer when memory alone holds it, at once (no promise): while
 * the server is out of reach and the copy's state was read meanwhile, from the whole crate
 * once it is read (any sort, search and folder), else for a search without a folder from the
 * search texts and the records read so far. A saga's `call` of it then goes on in the same
 * task, so the screen renders the new list once, with its search (issue 24: offline search over
 * 20,000 records ≤ 100 ms on a busy phone). Undefined whenever an IndexedDB read would be
 * needed; the caller then asks {@link readCopyFirstRecords}.
 * @param userId - the signed-in user
 * @param rules - the list's sort, search and folder (the server's rules: the contract's `recordList`)
 * @param limit - the first page's size
 */
export function readCopyFirstRecordsNow(
  userId: number,
  rules: RecordListRules,
  limit: number,
): FromCopy<FirstRecords> | undefined {
  const kept = readWhileUnreachable;
  if (kept?.userId !== userId || !isServerUnreachable()) return undefined;
  const { copy } = kept;
  const answer = (value: FirstRecords, records: number) => ({ value, syncedAt: copy.syncedAt, records });
  const known = crate && crate.db === copy.db && crate.rev === copy.recordsRev ? crate : undefined;
  if (known?.value) {
    const list = listFromIndex(known.value, rules);
    return answer({ records: list.slice(0, limit), total: list.length }, known.value.records.length);
  }
  if (rules.folder || !searchActive({ search: rules.search })) return undefined;
  const search =
    searchTexts?.db === copy.db && searchTexts.rev === copy.recordsRev ? searchTexts.value : undefined;
  const positions = search && searchedPositions(search, rules, limit);
  if (!search || !positions) return undefined;
  const inMemory = readSoFar(copy, search);
  const records: CrateRecord[] = [];
  for (const at of positions.wanted) {
    const record = inMemory(at);
    if (!record) return undefined;
    records.push(record);
  }
  return answer(searchedFirst(records, rules, limit, positions.total), search.ids.length);
}

/** One own record by id; `value` null when the copy has no such record. */
export async function readCopyRecord(
  userId: number,
  id: number,
): Promise<FromCopy<CrateRecord | null> | undefined> {
  const copy = await synced(userId);
  if (!copy) return undefined;
  return {
    value: (await copy.db.get('records', id)) ?? null,
    syncedAt: copy.syncedAt,
    records: await recordCount(copy),
  };
}

/** The wantlist as `GET /api/want?sort&search` would answer it. */
export async function readCopyWants(
  userId: number,
  sort: WantSort,
  search = '',
): Promise<FromCopy<Want[]> | undefined> {
  const copy = await synced(userId);
  if (!copy) return undefined;
  return {
    value: wantList(await copy.db.getAll('wants'), sort, search),
    syncedAt: copy.syncedAt,
    records: await recordCount(copy),
  };
}

/** The blindbag's filters (API.md "Routes": `GET /api/blindbag`). */
export interface DrawFilters {
  search?: string;
  /** Not spun in the last N days counting today. */
  unplayedDays?: number;
  folder?: string;
}

/** `YYYY-MM-DD` of `today` minus `days` days (UTC, as the server counts). */
function daysBefore(today: Date, days: number): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days));
  return day.toISOString().slice(0, 10);
}

/**
 * A blindbag draw from the copy: one record chosen uniformly at random among those matching
 * the filters as the server matches them; `value` null when nothing matches.
 * @param random - a number in [0, 1) (tests); default Math.random
 */
export async function drawFromCopy(
  userId: number,
  filters: DrawFilters,
  random: () => number = Math.random,
  today: Date = new Date(),
): Promise<FromCopy<CrateRecord | null> | undefined> {
  const copy = await synced(userId);
  if (!copy) return undefined;
  const all = await copy.db.getAll('records');
  const since = filters.unplayedDays ? daysBefore(today, filters.unplayedDays - 1) : undefined;
  const matching = all.filter(
    (r) =>
      recordMatchesSearch(r, filters.search ?? '') &&
      recordInFolder(r, filters.folder) &&
      (since === undefined || unplayedSince(r, since)),
  );
  const value = matching.length ? matching[Math.floor(random() * matching.length)]! : null;
  return { value, syncedAt: copy.syncedAt, records: all.length };
}

/** What the copy says about a scanned barcode (EXTENSIONS.md §9 "At the record shop"). */
export interface ShopAnswer {
  /** The own record with this barcode (either UPC/EAN form), or null. */
  record: Pick<CrateRecord, 'id' | 'title' | 'artist'> | null;
  /** The want with this barcode, or null. */
  want: Pick<Want, 'id' | 'title' | 'artist'> | null;
  /**
   * Own records that are other editions of the wanted pressing: the same release group, or the
   * same artist and title ignoring case as the server's `lower()` does (the contract's
   * `lowerAsServer`; API.md "Adding by barcode": `other_editions`), with
   * another barcode. Offline only a want tells which pressing a code is, so this is empty
   * unless `want` is set.
   */
  otherEditions: Array<Pick<CrateRecord, 'id' | 'title' | 'artist'>>;
}

/** Answers a barcode from the copy (both UPC-A and EAN-13 forms). */
export async function answerBarcodeFromCopy(
  userId: number,
  code: string,
): Promise<FromCopy<ShopAnswer> | undefined> {
  const copy = await synced(userId);
  if (!copy) return undefined;
  const forms = barcodeForms(code);
  const records = await copy.db.getAll('records');
  const wants = await copy.db.getAll('wants');
  const name = (r: { id: number; title: string; artist: string }) => ({
    id: r.id,
    title: r.title,
    artist: r.artist,
  });
  const record = records
    .filter((r) => r.barcode !== null && forms.includes(r.barcode))
    .sort((a, b) => a.id - b.id)[0];
  const want = wants
    .filter((w) => w.barcode !== null && forms.includes(w.barcode))
    .sort((a, b) => a.id - b.id)[0];
  const otherEditions = want
    ? records
        .filter(
          (r) =>
            ((want.mb_release_group_id !== null && r.mb_release_group_id === want.mb_release_group_id) ||
              (lowerAsServer(r.artist) === lowerAsServer(want.artist) &&
                lowerAsServer(r.title) === lowerAsServer(want.title))) &&
            (r.barcode === null || !forms.includes(r.barcode)),
        )
        .sort((a, b) => a.id - b.id)
        .map(name)
    : [];
  return {
    value: { record: record ? name(record) : null, want: want ? name(want) : null, otherEditions },
    syncedAt: copy.syncedAt,
    records: records.length,
  };
}
