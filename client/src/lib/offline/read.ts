/**
 * Answers from the offline copy (EXTENSIONS.md §9) for the screens that show it when the server
 * can't be reached: the crate's lists (the server's search, sorts and folder filter, from the
 * contract's rules), one record, the wantlist, a blindbag draw, and the barcode answer at the
 * record shop. Each returns undefined when the copy was never synced completely (nothing to
 * show) or IndexedDB cannot be used.
 */
import {
  barcodeForms,
  recordInFolder,
  recordList,
  recordMatchesSearch,
  unplayedSince,
  wantList,
  type CrateRecord,
  type RecordListRules,
  type Want,
  type WantSort,
} from '@spincrate/contract';
import { openOfflineCopy, type OfflineDb } from './db';

/** What a read found, and when the copy was synced. */
export interface FromCopy<T> {
  value: T;
  /** ISO 8601 time of the copy's last complete sync. */
  syncedAt: string;
  /** Records in the copy. */
  records: number;
}

async function synced(userId: number): Promise<{ db: OfflineDb; syncedAt: string } | undefined> {
  try {
    const db = await openOfflineCopy(userId);
    const meta = await db.get('meta', 'state');
    return meta?.syncedAt ? { db, syncedAt: meta.syncedAt } : undefined;
  } catch {
    return undefined;
  }
}

/** The own crate's whole list as the server would answer it (`GET /api/record`, search, folder). */
export async function readCopyRecords(
  userId: number,
  rules: RecordListRules,
): Promise<FromCopy<CrateRecord[]> | undefined> {
  const copy = await synced(userId);
  if (!copy) return undefined;
  const all = await copy.db.getAll('records');
  return { value: recordList(all, rules), syncedAt: copy.syncedAt, records: all.length };
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
