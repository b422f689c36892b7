// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECORD_SORT, recordSortOf } from '@spincrate/contract';
import { SORT_OPTIONS } from './sort';

describe('sort options (EXTENSIONS.md §1: the server sorts)', () => {
  it('offers the ten options in order (EXTENSIONS.md §1 adds two after Album [Z-A], §5 two more after Least Recently Played), newest by default', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      'Newest Records',
      'Oldest Records',
      'Artist [A-Z]',
      'Artist [Z-A]',
      'Album [A-Z]',
      'Album [Z-A]',
      'Most Played',
      'Least Recently Played',
      'Top Rated',
      'Most Expensive',
    ]);
    expect(DEFAULT_RECORD_SORT).toBe('newest');
  });

  it("names each sort in the URL query as API.md's sort parameter does", () => {
    expect(SORT_OPTIONS.map((o) => o.sort)).toEqual([
      'newest',
      'oldest',
      'artist_asc',
      'artist_desc',
      'title_asc',
      'title_desc',
      'most_played',
      'least_recently_played',
      'rating_desc',
      'price_desc',
    ]);
    expect(recordSortOf('rating_desc')).toBe('rating_desc');
    expect(recordSortOf('least_recently_played')).toBe('least_recently_played');
    expect(recordSortOf('bogus')).toBe('newest');
    expect(recordSortOf(null)).toBe('newest');
  });
});
