import { describe, expect, it } from 'vitest';
import { makeRecord } from './components/fixtures';
import { DEFAULT_SORT, SORT_OPTIONS, SORT_PARAMS, sortFromParam, sortRecords } from './sort';

const records = [
  makeRecord({ id: 1, artist: 'beatles', title: 'Revolver', date_added: '2026-03-01T10:00:00Z' }),
  makeRecord({ id: 2, artist: 'Abba', title: 'arrival', date_added: '2026-05-01T10:00:00Z' }),
  makeRecord({ id: 3, artist: 'Can', title: 'Tago Mago', date_added: '2026-01-01T10:00:00Z' }),
  makeRecord({ id: 4, artist: 'Émile', title: 'Zebra', date_added: '2026-04-01T10:00:00Z' }),
];
const ids = (key: Parameters<typeof sortRecords>[1]) => sortRecords(records, key).map((r) => r.id);

describe('sortRecords (client-side sort, PRODUCT.md §4)', () => {
  it('offers the eight options in order (EXTENSIONS.md §1 adds two after Album [Z-A]), newest by default', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      'Newest Records',
      'Oldest Records',
      'Artist [A-Z]',
      'Artist [Z-A]',
      'Album [A-Z]',
      'Album [Z-A]',
      'Most Played',
      'Least Recently Played',
    ]);
    expect(DEFAULT_SORT).toBe('newest');
  });

  it("names each sort in the URL query as API.md's sort parameter does", () => {
    expect(SORT_OPTIONS.map((o) => SORT_PARAMS[o.key])).toEqual([
      'newest',
      'oldest',
      'artist_asc',
      'artist_desc',
      'title_asc',
      'title_desc',
      'most_played',
      'least_recently_played',
    ]);
    expect(sortFromParam('least_recently_played')).toBe('leastRecentlyPlayed');
    expect(sortFromParam('bogus')).toBe('newest');
    expect(sortFromParam(null)).toBe('newest');
  });

  it('sorts by plays: most played (ties: last played later first), least recently played (never first)', () => {
    const played = [
      makeRecord({ id: 1, play_count: 3, last_played: '2026-01-05' }),
      makeRecord({ id: 2, play_count: 0, last_played: null }),
      makeRecord({ id: 3, play_count: 3, last_played: '2026-02-01' }),
      makeRecord({ id: 4, play_count: 1, last_played: '2025-12-31' }),
      makeRecord({ id: 5, play_count: 0, last_played: null }),
    ];
    expect(sortRecords(played, 'mostPlayed').map((r) => r.id)).toEqual([3, 1, 4, 5, 2]);
    expect(sortRecords(played, 'leastRecentlyPlayed').map((r) => r.id)).toEqual([2, 5, 4, 1, 3]);
  });

  it('sorts by date added, newest or oldest first', () => {
    expect(ids('newest')).toEqual([2, 4, 1, 3]);
    expect(ids('oldest')).toEqual([3, 1, 4, 2]);
  });

  it('sorts by artist with locale comparison (case and accents do not push a name to the end)', () => {
    expect(ids('artistAsc')).toEqual([2, 1, 3, 4]);
    expect(ids('artistDesc')).toEqual([4, 3, 1, 2]);
  });

  it('sorts by album title with locale comparison', () => {
    expect(ids('titleAsc')).toEqual([2, 1, 3, 4]);
    expect(ids('titleDesc')).toEqual([4, 3, 1, 2]);
  });

  it('breaks ties: same date by id, same artist by album', () => {
    const same = [
      makeRecord({ id: 7, artist: 'X', title: 'b', date_added: '2026-01-01T00:00:00Z' }),
      makeRecord({ id: 9, artist: 'X', title: 'a', date_added: '2026-01-01T00:00:00Z' }),
    ];
    expect(sortRecords(same, 'newest').map((r) => r.id)).toEqual([9, 7]);
    expect(sortRecords(same, 'artistAsc').map((r) => r.id)).toEqual([9, 7]);
  });

  it('returns a copy and leaves the store list alone', () => {
    const frozen = Object.freeze(records.slice());
    const sorted = sortRecords(frozen, 'oldest');
    expect(sorted).not.toBe(frozen);
    expect(frozen.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('sorts thousands of records quickly', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      makeRecord({
        id: i + 1,
        artist: `Artist ${(i * 7919) % 5000}`,
        date_added: new Date(2020, 0, 1 + (i % 900)).toISOString(),
      }),
    );
    const start = performance.now();
    for (const option of SORT_OPTIONS) sortRecords(many, option.key);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
