/**
 * The sort options of a crate (PRODUCT.md §2 sort radio group, EXTENSIONS.md §1): the
 * server sorts (API.md "Lists at scale" `sort`), over the whole crate.
 */
import type { RecordSort } from '@spincrate/contract';

export type SortKey =
  | 'newest'
  | 'oldest'
  | 'artistAsc'
  | 'artistDesc'
  | 'titleAsc'
  | 'titleDesc'
  | 'mostPlayed'
  | 'leastRecentlyPlayed'
  | 'topRated'
  | 'mostExpensive';

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
  // EXTENSIONS.md §5: two more after Least Recently Played.
  { key: 'topRated', label: 'Top Rated' },
  { key: 'mostExpensive', label: 'Most Expensive' },
];

/** Each sort's name in a URL query and in API.md's `sort` parameter ("Lists at scale"). */
export const SORT_PARAMS: Readonly<Record<SortKey, RecordSort>> = {
  newest: 'newest',
  oldest: 'oldest',
  artistAsc: 'artist_asc',
  artistDesc: 'artist_desc',
  titleAsc: 'title_asc',
  titleDesc: 'title_desc',
  mostPlayed: 'most_played',
  leastRecentlyPlayed: 'least_recently_played',
  topRated: 'rating_desc',
  mostExpensive: 'price_desc',
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
