/**
 * Client-side sorting of a crate (PRODUCT.md §2 sort radio group, §4 "Sorting is done
 * in the client by artist, title (locale comparison) or date_added").
 */
import type { CrateRecord } from './types';

export type SortKey =
  | 'newest'
  | 'oldest'
  | 'artistAsc'
  | 'artistDesc'
  | 'titleAsc'
  | 'titleDesc'
  | 'mostPlayed'
  | 'leastRecentlyPlayed';

/** The options of the sort radio group, in the order they are shown. */
export const SORT_OPTIONS: ReadonlyArray<{ key: SortKey; label: string }> = [
  { key: 'newest', label: 'Newest Records' },
  { key: 'oldest', label: 'Oldest Records' },
  { key: 'artistAsc', label: 'Artist [A-Z]' },
  { key: 'artistDesc', label: 'Artist [Z-A]' },
  { key: 'titleAsc', label: 'Album [A-Z]' },
  { key: 'titleDesc', label: 'Album [Z-A]' },
  // EXTENSIONS.md §1: two sorts after Album [Z-A].
  { key: 'mostPlayed', label: 'Most Played' },
  { key: 'leastRecentlyPlayed', label: 'Least Recently Played' },
];

/** Each sort's name in a URL query and in API.md's `sort` parameter ("Lists at scale"). */
export const SORT_PARAMS: Readonly<Record<SortKey, string>> = {
  newest: 'newest',
  oldest: 'oldest',
  artistAsc: 'artist_asc',
  artistDesc: 'artist_desc',
  titleAsc: 'title_asc',
  titleDesc: 'title_desc',
  mostPlayed: 'most_played',
  leastRecentlyPlayed: 'least_recently_played',
};

/**
 * The sort a URL query names (`?sort=artist_asc`).
 * @returns the sort, or DEFAULT_SORT for a missing or unknown name
 */
export function sortFromParam(value: string | null): SortKey {
  const found = (Object.keys(SORT_PARAMS) as SortKey[]).find((key) => SORT_PARAMS[key] === value);
  return found ?? DEFAULT_SORT;
}

export const DEFAULT_SORT: SortKey = 'newest';

// One collator for every comparison: the same order as String#localeCompare, much faster
// on thousands of records.
const collator = new Intl.Collator();

function time(record: CrateRecord): number {
  const t = Date.parse(record.date_added);
  return Number.isNaN(t) ? 0 : t;
}

function byDate(a: CrateRecord, b: CrateRecord, ta: number, tb: number): number {
  return ta - tb || a.id - b.id;
}

/**
 * A sorted copy of `records` (the input is never changed).
 * Newest/Oldest go by `date_added` (then id); Artist sorts by artist then album,
 * Album by album then artist, both with locale comparison.
 * @param records - the crate as the store holds it
 * @param key - the chosen sort option
 */
export function sortRecords(records: readonly CrateRecord[], key: SortKey): CrateRecord[] {
  const copy = records.slice();
  switch (key) {
    case 'newest':
    case 'oldest': {
      const times = new Map(copy.map((r) => [r, time(r)] as const));
      const sign = key === 'newest' ? -1 : 1;
      return copy.sort((a, b) => sign * byDate(a, b, times.get(a)!, times.get(b)!));
    }
    case 'artistAsc':
    case 'artistDesc': {
      const sign = key === 'artistAsc' ? 1 : -1;
      return copy.sort(
        (a, b) =>
          sign * (collator.compare(a.artist, b.artist) || collator.compare(a.title, b.title) || a.id - b.id),
      );
    }
    case 'titleAsc':
    case 'titleDesc': {
      const sign = key === 'titleAsc' ? 1 : -1;
      return copy.sort(
        (a, b) =>
          sign * (collator.compare(a.title, b.title) || collator.compare(a.artist, b.artist) || a.id - b.id),
      );
    }
    // API.md "Lists at scale": play_count desc, last_played desc, id desc.
    case 'mostPlayed':
      return copy.sort(
        (a, b) =>
          b.play_count - a.play_count ||
          (b.last_played ?? '').localeCompare(a.last_played ?? '') ||
          b.id - a.id,
      );
    // Never-spun first, then last_played asc, then id asc.
    case 'leastRecentlyPlayed':
      return copy.sort((a, b) => {
        if (a.last_played === null || b.last_played === null) {
          if (a.last_played !== b.last_played) return a.last_played === null ? -1 : 1;
          return a.id - b.id;
        }
        return a.last_played.localeCompare(b.last_played) || a.id - b.id;
      });
  }
}
