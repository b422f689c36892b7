/**
 * The server's list rules as plain functions, for the offline copy (EXTENSIONS.md §9: "search,
 * sort and folder filter work on it with the server's rules, so answers are the same as
 * online"). Each function mirrors one piece of the server's SQL; the shared table of cases in
 * `offlineRules.cases.ts` is run against the API (server/src/features/records/offlineRules.test.ts)
 * and against these functions (client/src/lib/offline/offlineRules.test.ts), so the two cannot
 * drift apart silently.
 *
 * No zod here: the client bundles these functions.
 */
import type { CrateRecord, FolderCount, Want } from './entities.js';
import type { RecordSort, WantSort } from './limits.js';

/** The record fields the rules read (a Record of API.md "Entities as returned"). */
export type RuleRecord = Pick<
  CrateRecord,
  | 'id'
  | 'title'
  | 'artist'
  | 'mood'
  | 'details'
  | 'tags'
  | 'year'
  | 'date_added'
  | 'play_count'
  | 'last_played'
  | 'rating'
  | 'price'
  | 'folder'
>;

/** The want fields the rules read. */
export type RuleWant = Pick<Want, 'id' | 'title' | 'artist' | 'notes' | 'year' | 'date_added' | 'priority'>;

/**
 * Case- and accent-insensitive order, as the server's `record_order` collation (ICU
 * `en-u-ks-level1`, migration 0003) and `new Intl.Collator('en', {sensitivity: 'base'})`
 * (API.md "Lists at scale").
 */
const collator = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The order of names (artists, titles) in every sort (API.md "Lists at scale": case- and
 * accent-insensitive, `new Intl.Collator('en', {sensitivity: 'base'})`): below 0 when `a`
 * comes first, 0 when they tie.
 */
export const compareNames = (a: string, b: string): number => collator.compare(a, b);

/** The two letters JavaScript's `toLowerCase` lowers otherwise than the server ({@link lowerAsServer}). */
const NOT_AS_SERVER = /[\u0130\u03a3]/;
/** {@link NOT_AS_SERVER}, every one of them. */
const EVERY_NOT_AS_SERVER = /[\u0130\u03a3]/g;

/**
 * `text` lower-cased as the server's PostgreSQL lowers it, so that the offline copy's search and
 * folder filter give the answers of the server's (EXTENSIONS.md §9: "search, sort and folder
 * filter work on it with the server's rules, so answers are the same as online"). The server
 * matches with `ILIKE` (which lowers the text and the pattern with `lower()`, then compares them)
 * and `lower(a) = lower(b)`; its database's ctype is C.UTF-8 (libc), where `lower()` maps each
 * code point on its own to its simple lower case (`towlower`), whatever stands around it.
 *
 * `String.prototype.toLowerCase` does the same except for two letters, both turned here into the
 * server's lower case first: İ (U+0130), which it makes "i̇" (i and U+0307, two code points) where
 * the server makes "i"; and Σ (U+03A3), which it makes ς at the end of a word where the server
 * always makes σ. Every other letter lowers alike (ß stays ß, ẞ becomes ß, ǅ becomes ǆ), as far
 * as the browser's Unicode and the server's C library know the same letters (letters added in
 * Unicode 16 and later, unknown to glibc 2.36, are lowered by a browser that knows them only).
 * @param text - any text
 * @returns the text with each code point lower-cased as PostgreSQL's `lower()` does
 */
export function lowerAsServer(text: string): string {
  // Most texts hold neither letter (a text of Latin-1 letters alone is told at once: the pattern
  // holds none): lowered as they are.
  if (!NOT_AS_SERVER.test(text)) return text.toLowerCase();
  return text.replace(EVERY_NOT_AS_SERVER, (letter) => (letter === '\u0130' ? 'i' : '\u03c3')).toLowerCase();
}

/**
 * Whether `text` contains `search` as PostgreSQL's `ILIKE '%search%'` decides it (lib/validation.ts
 * `likePattern`: `%`, `_` and `\` match themselves): both lowered as the server does
 * ({@link lowerAsServer}), so ignoring case, NOT ignoring accents.
 */
function containsIgnoringCase(text: string, search: string): boolean {
  return lowerAsServer(text).includes(lowerAsServer(search));
}

/** The tags of a record (`tags` is the JSON text of a string array); [] when unreadable. */
function tagsOf(tags: string): string[] {
  try {
    const value: unknown = JSON.parse(tags);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Joins a record's search fields in {@link RecordSearchFields.text}: U+0000, which no field
 * holds (PostgreSQL text cannot store it, and the server refuses a search holding it), so a
 * match never spans two fields.
 */
const FIELD_SEPARATOR = '\u0000';

/**
 * A record's search fields, read once: title, artist, mood, details and each tag, lower-cased
 * as the server does ({@link lowerAsServer}; the tags' JSON read), and the year as digits,
 * joined in one text, so a search is one `includes` per record (issue 24: offline search over
 * 20,000 records). {@link recordMatchesSearch} and {@link recordIndex} both match through it.
 */
export interface RecordSearchFields {
  /** The lower-cased texts, then the year's digits (when known), joined by U+0000. */
  text: string;
}

/** The search fields of `record` (see {@link RecordSearchFields}). */
export function recordSearchFields(record: RuleRecord): RecordSearchFields {
  // Each field lowered on its own: quicker than lowering the joined text (a string of parts).
  let text = `${lowerAsServer(record.title)}${FIELD_SEPARATOR}${lowerAsServer(record.artist)}${FIELD_SEPARATOR}${lowerAsServer(record.mood)}${FIELD_SEPARATOR}${lowerAsServer(record.details)}`;
  for (const tag of tagsOf(record.tags)) text += FIELD_SEPARATOR + lowerAsServer(tag);
  if (record.year !== null) text += FIELD_SEPARATOR + String(record.year);
  return { text };
}

/**
 * Whether search fields match a search text already trimmed and lower-cased (`lowered`, by
 * {@link lowerAsServer}): one field contains it, ignoring case. The year's digits are matched lower-cased too, which is the
 * same (only digits can be found in digits, and they have no case). A text holding U+0000
 * matches nothing (no field can hold it).
 */
function fieldsMatch(fields: RecordSearchFields, lowered: string): boolean {
  return !lowered.includes(FIELD_SEPARATOR) && fields.text.includes(lowered);
}

/**
 * The record search of {@link recordMatchesSearch} for many records' search texts already read
 * ({@link RecordSearchFields.text}; the offline copy's crate, issue 24): the search trimmed and
 * lower-cased once ({@link lowerAsServer}), then one `includes` per record. An empty search
 * matches all.
 */
export function searchTextMatcher(search: string): (text: string) => boolean {
  const lowered = lowerAsServer(search.trim());
  if (lowered === '') return () => true;
  // No field holds U+0000 (it separates them): such a search matches nothing.
  if (lowered.includes(FIELD_SEPARATOR)) return () => false;
  return (text) => text.includes(lowered);
}

/**
 * Many records' search texts ({@link RecordSearchFields}`.text`) in one string, for
 * {@link matchingPositions}: searching one long string for the text is several times quicker
 * than asking each record's text in turn (issue 24: offline search over 20,000 records
 * ≤ 100 ms on a busy phone).
 */
export interface JoinedSearchTexts {
  /**
   * The texts, separated by U+0000 (which separates fields: no search text holds it). Nothing
   * is appended after the last: `join`'s string is flat, where one more piece would make the
   * first search copy the whole string (about 4 ms of a phone's first search).
   */
  readonly joined: string;
  /** Where each text starts in `joined` (UTF-16 code units), in the texts' order. */
  readonly starts: Int32Array;
}

/** Joins `texts` (the search texts of many records) for {@link matchingPositions}. */
export function joinSearchTexts(texts: readonly string[]): JoinedSearchTexts {
  const starts = new Int32Array(texts.length);
  let at = 0;
  for (let i = 0; i < texts.length; i += 1) {
    starts[i] = at;
    at += texts[i]!.length + 1;
  }
  const joined = texts.join(FIELD_SEPARATOR);
  return { joined, starts };
}

/**
 * The positions (ascending) of the texts `search` matches, as {@link searchTextMatcher} would
 * answer for each text of {@link joinSearchTexts}' `texts`: a match never spans two texts,
 * because the search text never holds the separator between them.
 * @param texts - the joined search texts
 * @param search - the search as typed (trimmed and lowered here as the server does)
 */
export function matchingPositions(texts: JoinedSearchTexts, search: string): number[] {
  const { joined, starts } = texts;
  const lowered = lowerAsServer(search.trim());
  if (lowered === '') return Array.from(starts, (_, i) => i);
  if (lowered.includes(FIELD_SEPARATOR)) return [];
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = joined.indexOf(lowered, from);
    if (at < 0) return found;
    // The text holding `at`: the last one starting at or before it.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    found.push(low);
    // On from the next text: each text is counted once.
    if (low + 1 >= starts.length) return found;
    from = starts[low + 1]!;
  }
}

/**
 * Record search (API.md "Routes": `GET /api/record/search`;/**
 * Record search (API.md "Routes": `GET /api/record/search`; server/src/features/records/records.entity.ts
 * `recordSearchCondition`): the title, artist, mood, details, year or one of the tags contains
 * the text, ignoring case (accents count: "Bjork" does not find "Björk"); a match never spans
 * two fields. The text is trimmed first, as the server trims it; an empty text matches all.
 */
export function recordMatchesSearch(record: RuleRecord, search: string): boolean {
  const text = search.trim();
  if (text === '') return true;
  return fieldsMatch(recordSearchFields(record), lowerAsServer(text));
}

/**
 * The folder filter of {@link recordInFolder} for many records: the folder lowered once
 * ({@link lowerAsServer}), then one lowering and one comparison per record.
 */
function folderMatcher(folder: string | undefined): (record: Pick<CrateRecord, 'folder'>) => boolean {
  if (!folder) return () => true;
  const lowered = lowerAsServer(folder);
  return (record) => record.folder !== null && lowerAsServer(record.folder) === lowered;
}

/**
 * The folder filter (API.md "Collection details": `folder=F`, exact, ignoring case; SQL
 * `lower(r.folder) = lower(F)`, so both lowered as the server does: {@link lowerAsServer}). An
 * empty or absent folder keeps every record.
 */
export function recordInFolder(record: Pick<CrateRecord, 'folder'>, folder: string | undefined): boolean {
  return folderMatcher(folder)(record);
}

/**
 * Wantlist search (server/src/features/wants/wants.queries.ts): title, artist, notes or year
 * contains the text, ignoring case as the server does ({@link lowerAsServer}). Trimmed; empty
 * matches all.
 */
export function wantMatchesSearch(want: RuleWant, search: string): boolean {
  const text = search.trim();
  if (text === '') return true;
  return (
    containsIgnoringCase(want.title, text) ||
    containsIgnoringCase(want.artist, text) ||
    (want.notes !== null && containsIgnoringCase(want.notes, text)) ||
    (want.year !== null && String(want.year).includes(text))
  );
}

type Compare<T> = (a: T, b: T) => number;

const byNumber = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
const byTime = (a: string, b: string) => byNumber(Date.parse(a), Date.parse(b));
/** Never spun sorts as the earliest date (SQL `COALESCE(last_played, '-infinity')`). */
const byLastPlayed = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
/** Whole cents of a price, whatever the currency; unpriced is -1 (SQL `COALESCE(price_cents, -1)`). */
function cents(price: CrateRecord['price']): number {
  if (!price) return -1;
  const [whole = '0', fraction = ''] = price.amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Chains comparisons: the first that is not 0 decides. */
function chain<T>(...compares: Compare<T>[]): Compare<T> {
  return (a, b) => {
    for (const compare of compares) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
}
const descending =
  <T>(compare: Compare<T>): Compare<T> =>
  (a, b) =>
    compare(b, a);

const RECORD_ORDERS: Record<RecordSort, Compare<RuleRecord>> = {
  newest: descending(
    chain(
      (a, b) => byTime(a.date_added, b.date_added),
      (a, b) => byNumber(a.id, b.id),
    ),
  ),
  oldest: chain(
    (a, b) => byTime(a.date_added, b.date_added),
    (a, b) => byNumber(a.id, b.id),
  ),
  artist_asc: chain(
    (a, b) => collator.compare(a.artist, b.artist),
    (a, b) => collator.compare(a.title, b.title),
    (a, b) => byNumber(a.id, b.id),
  ),
  artist_desc: descending(
    chain(
      (a, b) => collator.compare(a.artist, b.artist),
      (a, b) => collator.compare(a.title, b.title),
      (a, b) => byNumber(a.id, b.id),
    ),
  ),
  title_asc: chain(
    (a, b) => collator.compare(a.title, b.title),
    (a, b) => byNumber(a.id, b.id),
  ),
  title_desc: descending(
    chain(
      (a, b) => collator.compare(a.title, b.title),
      (a, b) => byNumber(a.id, b.id),
    ),
  ),
  most_played: descending(
    chain(
      (a, b) => byNumber(a.play_count, b.play_count),
      (a, b) => byLastPlayed(a.last_played, b.last_played),
      (a, b) => byNumber(a.id, b.id),
    ),
  ),
  least_recently_played: chain(
    (a, b) => byLastPlayed(a.last_played, b.last_played),
    (a, b) => byNumber(a.id, b.id),
  ),
  rating_desc: descending(
    chain(
      (a, b) => byNumber(a.rating ?? 0, b.rating ?? 0),
      (a, b) => byTime(a.date_added, b.date_added),
      (a, b) => byNumber(a.id, b.id),
    ),
  ),
  price_desc: descending(
    chain(
      (a, b) => byNumber(cents(a.price), cents(b.price)),
      (a, b) => byTime(a.date_added, b.date_added),
      (a, b) => byNumber(a.id, b.id),
    ),
  ),
};

/**
 * The comparison of a record sort (API.md "Lists at scale" `sort`; server/src/features/records/recordLists.ts
 * `SORTS`): the sort keys, then the id in the same direction.
 */
export function compareRecords(sort: RecordSort): Compare<RuleRecord> {
  return RECORD_ORDERS[sort];
}

const WANT_ORDERS: Record<WantSort, Compare<RuleWant>> = {
  newest: descending(
    chain(
      (a, b) => byTime(a.date_added, b.date_added),
      (a, b) => byNumber(a.id, b.id),
    ),
  ),
  // 1 first, then newest first, then the higher id (SQL: (-priority), date_added, id, all DESC).
  priority: chain(
    (a, b) => byNumber(a.priority, b.priority),
    descending((a, b) => byTime(a.date_added, b.date_added)),
    descending((a, b) => byNumber(a.id, b.id)),
  ),
  artist_asc: chain(
    (a, b) => collator.compare(a.artist, b.artist),
    (a, b) => collator.compare(a.title, b.title),
    (a, b) => byNumber(a.id, b.id),
  ),
  title_asc: chain(
    (a, b) => collator.compare(a.title, b.title),
    (a, b) => byNumber(a.id, b.id),
  ),
};

/** The comparison of a wantlist sort (API.md "Wantlist"; wants.queries.ts `SORTS`). */
export function compareWants(sort: WantSort): Compare<RuleWant> {
  return WANT_ORDERS[sort];
}

/** What a list of records is asked for. */
export interface RecordListRules {
  sort: RecordSort;
  /** Search text ('' or absent: none). */
  search?: string;
  /** Folder ('' or absent: every folder). */
  folder?: string;
}

/**
 * Records prepared for being listed many times (the offline copy's crate, searched as the
 * user types): each record's search fields read once, and each sort's order kept once it was
 * computed. Build it with {@link recordIndex}, list with {@link listFromIndex}; a changed
 * crate needs a new index.
 */
export interface RecordIndex<T extends RuleRecord> {
  readonly records: readonly T[];
  /** The search fields of `records[i]`. */
  readonly fields: readonly RecordSearchFields[];
  /** Positions in `records` in each sort's order, kept once computed. */
  readonly orders: Map<RecordSort, readonly number[]>;
  /** The records' search texts joined ({@link indexSearchTexts}), kept once computed. */
  joined?: JoinedSearchTexts;
}

/**
 * The index's search texts joined for {@link matchingPositions}: computed the first time
 * (a search, or an idle moment before one), then kept in the index.
 */
export function indexSearchTexts(index: RecordIndex<RuleRecord>): JoinedSearchTexts {
  index.joined ??= joinSearchTexts(index.fields.map((fields) => fields.text));
  return index.joined;
}

/**
 * Prepares `records` for {@link listFromIndex}.
 * @param inOrder - a sort `records` are already in (e.g. read through an index in that
 *   order): its order is taken as it is instead of being sorted
 * @param fields - `records`' search fields when they were computed already (kept from an
 *   earlier index by this code's `recordSearchFields`); default: computed now
 */
export function recordIndex<T extends RuleRecord>(
  records: readonly T[],
  inOrder?: RecordSort,
  fields: readonly RecordSearchFields[] = records.map(recordSearchFields),
): RecordIndex<T> {
  const orders = new Map<RecordSort, readonly number[]>();
  if (inOrder)
    orders.set(
      inOrder,
      records.map((_, i) => i),
    );
  return { records, fields, orders };
}

/**
 * A whole record list from an index, as the server would answer it: the records matching the
 * search and folder, in the sort's order (the first list of a sort sorts the whole crate once;
 * later ones, searched or filtered, only walk that order). A new array.
 */
export function listFromIndex<T extends RuleRecord>(index: RecordIndex<T>, rules: RecordListRules): T[] {
  let order = index.orders.get(rules.sort);
  if (!order) {
    const compare = compareRecords(rules.sort);
    const { records } = index;
    order = records.map((_, i) => i).sort((a, b) => compare(records[a]!, records[b]!));
    index.orders.set(rules.sort, order);
  }
  // The records the search matches, marked by position (none marked: no search).
  let matching: Uint8Array | undefined;
  if (lowerAsServer((rules.search ?? '').trim()) !== '') {
    matching = new Uint8Array(index.records.length);
    for (const i of matchingPositions(indexSearchTexts(index), rules.search!)) matching[i] = 1;
  }
  const inFolder = folderMatcher(rules.folder);
  const list: T[] = [];
  for (const i of order) {
    const record = index.records[i]!;
    if (matching && matching[i] !== 1) continue;
    if (!inFolder(record)) continue;
    list.push(record);
  }
  return list;
}

/**
 * A whole record list as the server would answer it: the records matching the search and
 * folder, in the sort's order. A new array; `records` is not changed.
 */
export function recordList<T extends RuleRecord>(records: readonly T[], rules: RecordListRules): T[] {
  return listFromIndex(recordIndex(records), rules);
}

/** A whole wantlist as the server would answer it (search, then sort). */
export function wantList<T extends RuleWant>(wants: readonly T[], sort: WantSort, search = ''): T[] {
  return wants.filter((w) => wantMatchesSearch(w, search)).sort(compareWants(sort));
}

/**
 * Every form of a UPC/EAN (API.md "Adding by barcode": a 12-digit UPC-A is the same barcode
 * as the 13-digit EAN with a leading `0`); the server's `barcodeForms`.
 */
export function barcodeForms(code: string): string[] {
  if (code.length === 12) return [code, `0${code}`];
  if (code.length === 13 && code.startsWith('0')) return [code, code.slice(1)];
  return [code];
}

/**
 * Whether a record may be drawn by the blindbag with `unplayedSince` (`YYYY-MM-DD`, the first
 * day of the window: `unplayedDays` N counts today, so it is today − (N − 1) days): never spun,
 * or last spun before that day (server/src/features/blindbag/blindbag.queries.ts).
 */
export function unplayedSince(record: Pick<CrateRecord, 'last_played'>, since: string): boolean {
  return record.last_played === null || record.last_played < since;
}

/** Code point order (PostgreSQL's `min()` and `ORDER BY` on text in the C collation). */
function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * The crate's folders with their record counts, as `GET /api/record/folders` answers them
 * (API.md "Collection details"; server/src/lib/folders.queries.ts): each folder once ignoring
 * case (lowered as the server does, {@link lowerAsServer}), named by its first spelling in code
 * point order, by name as names are ordered ({@link compareNames}), then by the lowered name.
 * EXTENSIONS.md §9: the folder filter works on the offline copy as online.
 */
export function folderCounts(records: Iterable<Pick<CrateRecord, 'folder'>>): FolderCount[] {
  const groups = new Map<string, FolderCount>();
  for (const record of records) {
    if (record.folder === null) continue;
    const key = lowerAsServer(record.folder);
    const group = groups.get(key);
    if (!group) groups.set(key, { folder: record.folder, records: 1 });
    else {
      group.records += 1;
      if (compareCodePoints(record.folder, group.folder) < 0) group.folder = record.folder;
    }
  }
  return [...groups.entries()]
    .sort(([keyA, a], [keyB, b]) => compareNames(a.folder, b.folder) || compareCodePoints(keyA, keyB))
    .map(([, group]) => group);
}
