/**
 * The sort options of a crate (PRODUCT.md §2 sort radio group, EXTENSIONS.md §1): the
 * server sorts (API.md "Lists at scale" `sort`), over the whole crate. Each option is named
 * by its API.md `sort` name everywhere: in the URL query, the store, the requests and the
 * radios' values (read back with the contract's `recordSortOf`).
 */
import type { RecordSort } from '@spincrate/contract';

/** The options of the sort radio group, in the order they are shown. */
export const SORT_OPTIONS: ReadonlyArray<{ sort: RecordSort; label: string }> = [
  { sort: 'newest', label: 'Newest Records' },
  { sort: 'oldest', label: 'Oldest Records' },
  { sort: 'artist_asc', label: 'Artist [A-Z]' },
  { sort: 'artist_desc', label: 'Artist [Z-A]' },
  { sort: 'title_asc', label: 'Album [A-Z]' },
  { sort: 'title_desc', label: 'Album [Z-A]' },
  // EXTENSIONS.md §1: two sorts after Album [Z-A].
  { sort: 'most_played', label: 'Most Played' },
  { sort: 'least_recently_played', label: 'Least Recently Played' },
  // EXTENSIONS.md §5: two more after Least Recently Played.
  { sort: 'rating_desc', label: 'Top Rated' },
  { sort: 'price_desc', label: 'Most Expensive' },
];
