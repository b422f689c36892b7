/**
 * Answers from the offline copy (EXTENSIONS.md §9) for the screens that show it when the server
 * can't be reached: the crate's lists (the server's search, sorts and folder filter, from the
 * contract's rules), one record, the wantlist, a blindbag draw, and the barcode answer at the
 * record shop. Each returns undefined when the copy was never synced completely (nothing to
 * show) or IndexedDB cannot be used.
 */
import {
  barcodeForms,
  listFromIndex,
  recordIndex,
  recordInFolder,
  recordSearchFields,
  recordMatchesSearch,
  searchActive,
  unplayedSince,
  wantList,
  type CrateRecord,
  type RecordIndex,
  type RecordListRules,
  type Want,
  type WantSort,
} from '@spincrate/contract';
import { isServerUnreachable, subscribeConnectivity } from '@/lib/connectivity';
import { openOfflineCopy, RECORDS_BY_DATE_ADDED, type CrateSnapshot, type OfflineDb } from './db';

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
}

/**
 * The copy's state as read while the server is out of reach, for the rest of that time: no sync
 * can change the copy then (a sync needs the server), so a search as the user types at the shop
 * asks IndexedDB nothing (issue 24: offline search ≤ 100 ms; on a busy phone a read waited
 * 50–100 ms for its answer). Forgotten whenever the server becomes reachable or unreachable.
 */
let readWhileUnreachable: { db: OfflineDb; copy: SyncedCopy } | undefined;
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
    const meta = await db.get('meta', 'state');
    const copy = meta?.syncedAt ? { db, syncedAt: meta.syncedAt, recordsRev: meta.recordsRev } : undefined;
    // Kept only when read while out of reach from start to end (a sync may have ended before).
    if (copy && unreachable && changes === connectivityChanges) readWhileUnreachable = { db, copy };
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
let crate: { db: OfflineDb; rev: number | null; index: Promise<RecordIndex<CrateRecord>> } | undefined;

/** The layout of {@link CrateSnapshot.json} this code writes and reads. */
const SNAPSHOT_FORMAT = 1;

/** What {@link CrateSnapshot.json} holds. */
interface SnapshotContent {
  records: CrateRecord[];
  texts: string[];
}

/** The crate's index from its snapshot, when the copy keeps one of the records' current revision. */
async function indexFromSnapshot(copy: SyncedCopy): Promise<RecordIndex<CrateRecord> | undefined> {
  const snapshot = await copy.db.get('crate', 'snapshot');
  if (!snapshot || snapshot.format !== SNAPSHOT_FORMAT || snapshot.rev !== copy.recordsRev) return undefined;
  const { records, texts } = JSON.parse(snapshot.json) as SnapshotContent;
  if (records.length !== texts.length) return undefined;
  return recordIndex(
    records,
    'newest',
    texts.map((text) => ({ text })),
  );
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
 * The snapshot of the crate at records revision `rev`, its JSON that of a {@link SnapshotContent}.
 * @param parts - JSON arrays of records in the "newest" order, each without its brackets
 *   (written a slice per idle moment)
 * @param texts - each record's search text, in the same order
 */
function crateSnapshot(
  rev: CrateSnapshot['rev'],
  parts: readonly string[],
  texts: readonly string[],
): CrateSnapshot {
  return {
    rev,
    format: SNAPSHOT_FORMAT,
    json: `{"records":[${parts.filter((part) => part !== '').join(',')}],"texts":${JSON.stringify(texts)}}`,
  };
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
      // `[…]` without its brackets: the slices are joined into one array below.
      parts.push(JSON.stringify(index.records.slice(from, from + SNAPSHOT_SLICE)).slice(1, -1));
    }
    await idle();
    const texts = index.fields.map((fields) => fields.text);
    await copy.db.put('crate', crateSnapshot(copy.recordsRev, parts, texts), 'snapshot');
  } catch {
    // Not kept: the next start reads the records again.
  }
}

/** The snapshot this tab last kept or found kept, by copy and records revision. */
let snapshotKept: { db: OfflineDb; rev: number } | undefined;

/**
 * Keeps the crate's snapshot of the copy's current records revision, when it has none, for
 * the next start (issue 24): the first start at the record shop, offline, usually follows a
 * sync at home, and it then parses one JSON text instead of reading every record. Called after
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
    // The snapshot's JSON is megabytes: read once per start, then known from snapshotKept.
    const kept = await copy.db.get('crate', 'snapshot');
    if (kept?.format === SNAPSHOT_FORMAT && kept.rev === copy.recordsRev) {
      snapshotKept = { db: copy.db, rev: kept.rev };
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
      // `[…]` without its brackets: the slices are joined into one array below.
      parts.push(JSON.stringify(records).slice(1, -1));
      for (const record of records) texts.push(recordSearchFields(record).text);
    }
    await idle();
    if ((await copy.db.get('meta', 'state'))?.recordsRev !== copy.recordsRev) return;
    await copy.db.put('crate', crateSnapshot(copy.recordsRev, parts, texts), 'snapshot');
    snapshotKept = { db: copy.db, rev: copy.recordsRev };
  } catch {
    // Not kept: the next offline start reads the records, and keeps the snapshot then.
  }
}

/**
 * The crate's index, read again when the copy or its records' revision changed: from the
 * copy's snapshot when it is of that revision (one JSON text: far quicker than 20,000 records),
 * else from the records, then kept as the snapshot for the next start.
 */
function crateIndex(copy: SyncedCopy): Promise<RecordIndex<CrateRecord>> {
  if (crate && crate.db === copy.db && crate.rev === copy.recordsRev) return crate.index;
  const index = (async () => {
    const kept = await indexFromSnapshot(copy).catch(() => undefined);
    if (kept) return kept;
    // Oldest first by the date_added index; reversed, the "newest" order, kept as it is.
    const oldestFirst = await copy.db.getAllFromIndex('records', RECORDS_BY_DATE_ADDED);
    const read = recordIndex(oldestFirst.reverse(), 'newest');
    void keepSnapshot(copy, read);
    return read;
  })();
  const entry = { db: copy.db, rev: copy.recordsRev, index };
  crate = entry;
  index.catch(() => {
    if (crate === entry) crate = undefined;
  });
  return index;
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

/** A list's first records, and how many the whole list holds. */
export interface FirstRecords {
  records: CrateRecord[];
  total: number;
}

/**
 * The first `limit` records of the crate's unsearched, unfiltered "newest" list — the
 * collection's first screen — read through the `date_added` index without reading the whole
 * crate (issue 24: the offline start paints before 20,000 records are in memory); undefined for
 * any other list (then {@link readCopyRecords}). When the crate is in memory already, from there.
 */
export async function readCopyFirstRecords(
  userId: number,
  rules: RecordListRules,
  limit: number,
): Promise<FromCopy<FirstRecords> | undefined> {
  if (rules.sort !== 'newest' || searchActive(rules)) return undefined;
  const copy = await synced(userId);
  if (!copy) return undefined;
  const known = crate && crate.db === copy.db && crate.rev === copy.recordsRev ? crate.index : undefined;
  if (known) {
    const index = await known;
    const records = listFromIndex(index, rules).slice(0, limit);
    return {
      value: { records, total: index.records.length },
      syncedAt: copy.syncedAt,
      records: index.records.length,
    };
  }
  const tx = copy.db.transaction('records');
  const records: CrateRecord[] = [];
  let cursor = await tx.store.index(RECORDS_BY_DATE_ADDED).openCursor(null, 'prev');
  while (cursor && records.length < limit) {
    records.push(cursor.value);
    cursor = await cursor.continue();
  }
  const total = await tx.store.count();
  return { value: { records, total }, syncedAt: copy.syncedAt, records: total };
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
    records: await copy.db.count('records'),
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
    records: await copy.db.count('records'),
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
   * same artist and title ignoring case (API.md "Adding by barcode": `other_editions`), with
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
              (r.artist.toLowerCase() === want.artist.toLowerCase() &&
                r.title.toLowerCase() === want.title.toLowerCase())) &&
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
