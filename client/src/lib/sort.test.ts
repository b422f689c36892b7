import { describe, expect, it } from 'vitest';
import { makeRecord } from './components/fixtures';
import { DEFAULT_SORT, SORT_OPTIONS, sortRecords } from './sort';

const records = [
  makeRecord({ id: 1, artist: 'beatles', title: 'Revolver', date_added: '2026-03-01T10:00:00Z' }),
  makeRecord({ id: 2, artist: 'Abba', title: 'arrival', date_added: '2026-05-01T10:00:00Z' }),
  makeRecord({ id: 3, artist: 'Can', title: 'Tago Mago', date_added: '2026-01-01T10:00:00Z' }),
  makeRecord({ id: 4, artist: 'Émile', title: 'Zebra', date_added: '2026-04-01T10:00:00Z' }),
];
const ids = (key: Parameters<typeof sortRecords>[1]) => sortRecords(records, key).map((r) => r.id);

describe('sortRecords (client-side sort, PRODUCT.md §4)', () => {
  it('offers the six options in order, newest by default', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      'Newest Records',
      'Oldest Records',
      'Artist [A-Z]',
      'Artist [Z-A]',
      'Album [A-Z]',
      'Album [Z-A]',
    ]);
    expect(DEFAULT_SORT).toBe('newest');
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
