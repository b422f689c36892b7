/** Test data for the records screens and components (used by tests only). */
import type { ListQuery, RecordsList } from '@/entities/crate/crate';
import type { CrateRecord } from '@spincrate/contract';

let nextId = 1000;

/**
 * A record with sensible defaults.
 * @param fields - the fields that matter to the test
 */
export function makeRecord(fields: Partial<CrateRecord> = {}): CrateRecord {
  const id = fields.id ?? nextId++;
  return {
    id,
    user_id: 1,
    title: `Album ${id}`,
    artist: `Artist ${id}`,
    coverart: `http://localhost/covers/${id}.jpg`,
    date_added: '2026-01-01T12:00:00.000Z',
    mood: 'Mellow',
    mood_id: 10,
    details: '',
    tags: '[]',
    play_count: 0,
    last_played: null,
    year: null,
    barcode: null,
    mb_release_group_id: null,
    rating: null,
    folder: null,
    location: null,
    media_condition: null,
    sleeve_condition: null,
    price: null,
    purchased_on: null,
    purchased_from: null,
    label: null,
    catalog_number: null,
    format: null,
    discogs_release_id: null,
    cover: null,
    ...fields,
  };
}

/** Fixed moods for forms. */
export const MOODS = [
  { id: 10, mood: 'Mellow' },
  { id: 11, mood: 'Upbeat' },
];

/**
 * The records slice holding `records` as the loaded pages of a list (default: the own
 * crate, newest first, every record loaded).
 */
export function loadedList(records: CrateRecord[], query: Partial<ListQuery> = {}): RecordsList {
  const list: ListQuery = { owner: 'own', sort: 'newest', search: '', ...query };
  return {
    items: records,
    query: list,
    shown: list,
    total: records.length,
    next: null,
    etag: '"list-1"',
    status: 'succeeded',
    friendNotFound: false,
  };
}
