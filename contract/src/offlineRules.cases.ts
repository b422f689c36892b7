/**
 * One table of list cases, run twice: against the API (server/src/features/records/offlineRules.test.ts,
 * which stores this crate and wantlist and asks the routes) and against the offline copy's rules
 * (`offlineRules.ts`, in client/src/lib/offline/offlineRules.test.ts). The expected orders are
 * written out by hand from API.md ("Lists at scale", "Routes", "Collection details",
 * "Wantlist"), not computed, so both sides are held to the spec and to each other. A second,
 * smaller crate and wantlist ({@link RULE_CASE_LETTER_CRATE}) hold the letters whose lower case
 * JavaScript and PostgreSQL could disagree on.
 * Test data only: nothing of the app imports it.
 */
import type { RecordSort, WantSort } from './limits.js';

/** A record of the shared crate; inserted in this order, so the ids grow in it. */
export interface RuleCaseRecord {
  key: string;
  title: string;
  artist: string;
  /** A mood of database.sql's list, by id and name. */
  moodId: number;
  mood: string;
  details: string;
  tags: string[];
  year: number | null;
  /** ISO 8601 UTC. */
  dateAdded: string;
  rating: number | null;
  /** Whole cents and currency, or null. */
  price: { cents: number; currency: string } | null;
  folder: string | null;
  /** One spin of this record alone per date (`YYYY-MM-DD`). */
  plays: string[];
}

export const RULE_CASE_CRATE: readonly RuleCaseRecord[] = [
  {
    key: 'k1',
    title: 'Debut',
    artist: 'Björk',
    moodId: 6,
    mood: 'Dreamy',
    details: '',
    tags: ['electronic', 'art pop'],
    year: 1993,
    dateAdded: '2026-01-01T10:00:00.000Z',
    rating: 5,
    price: { cents: 2499, currency: 'EUR' },
    folder: 'Pop',
    plays: ['2026-11-01', '2026-11-03'],
  },
  {
    key: 'k2',
    title: 'homogenic',
    artist: 'bjork',
    moodId: 14,
    mood: 'Melancholy',
    details: 'Ordered from Reykjavík',
    tags: [],
    year: 1997,
    dateAdded: '2026-01-02T10:00:00.000Z',
    rating: null,
    price: null,
    folder: 'pop',
    plays: ['2026-11-02'],
  },
  {
    key: 'k3',
    title: 'Arrival',
    artist: 'ABBA',
    moodId: 12,
    mood: 'Happy',
    details: 'Mum’s copy',
    tags: ['pop'],
    year: 1976,
    dateAdded: '2026-01-03T10:00:00.000Z',
    rating: 3,
    price: { cents: 500, currency: 'USD' },
    folder: 'Shelf 2',
    plays: [],
  },
  {
    key: 'k4',
    title: 'Águas',
    artist: 'abba',
    moodId: 10,
    mood: 'Mellow',
    details: '',
    tags: ['jazz'],
    year: null,
    dateAdded: '2026-01-03T10:00:00.000Z',
    rating: 3,
    price: { cents: 500, currency: 'EUR' },
    folder: null,
    plays: ['2026-11-02'],
  },
  {
    key: 'k5',
    title: 'Abbey Road',
    artist: 'The Beatles',
    moodId: 15,
    mood: 'Nostalgic',
    details: 'UK 2019 remix',
    tags: ['rock', 'british invasion'],
    year: 1969,
    dateAdded: '2026-02-01T10:00:00.000Z',
    rating: 5,
    price: { cents: 3550, currency: 'GBP' },
    folder: 'Shelf 2',
    plays: ['2026-11-02', '2026-11-02'],
  },
  {
    key: 'k6',
    title: 'Le Grand Bleu',
    artist: 'Éric Serra',
    moodId: 6,
    mood: 'Dreamy',
    details: '',
    tags: ['soundtrack'],
    year: 1988,
    dateAdded: '2026-02-02T10:00:00.000Z',
    rating: null,
    price: null,
    folder: null,
    plays: [],
  },
  {
    key: 'k7',
    title: 'Simple Things',
    artist: 'Zero 7',
    moodId: 10,
    mood: 'Mellow',
    details: 'Funky bassline 50% off',
    tags: [],
    year: 2001,
    dateAdded: '2026-02-03T10:00:00.000Z',
    rating: 1,
    price: { cents: 99, currency: 'EUR' },
    folder: 'Jazz',
    plays: ['2026-10-01'],
  },
  {
    key: 'k8',
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    moodId: 10,
    mood: 'Mellow',
    details: '1959 original',
    tags: ['jazz', 'modal'],
    year: 1959,
    dateAdded: '2026-03-01T10:00:00.000Z',
    rating: 5,
    price: { cents: 12000, currency: 'USD' },
    folder: 'JAZZ',
    plays: ['2026-11-03', '2026-11-01'],
  },
  {
    key: 'k9',
    title: 'kind of blue',
    artist: 'miles davis',
    moodId: 9,
    mood: 'Funky',
    details: 'reissue',
    tags: ['Jazz'],
    year: 2015,
    dateAdded: '2026-03-01T10:00:00.000Z',
    rating: null,
    price: null,
    folder: 'jazz',
    plays: [],
  },
  {
    key: 'k10',
    title: 'Selected Ambient Works 85–92',
    artist: 'Aphex Twin',
    moodId: 6,
    mood: 'Dreamy',
    details: 'under_score',
    tags: ['ambient'],
    year: 1992,
    dateAdded: '2026-03-02T10:00:00.000Z',
    rating: 4,
    price: { cents: 2499, currency: 'USD' },
    folder: null,
    plays: ['2026-11-03'],
  },
];

/** One list asked of the shared crate, and the records it holds in order (by key). */
export interface RecordRuleCase {
  sort: RecordSort;
  search?: string;
  folder?: string;
  expected: string[];
}

export const RECORD_RULE_CASES: readonly RecordRuleCase[] = [
  { sort: 'newest', expected: ['k10', 'k9', 'k8', 'k7', 'k6', 'k5', 'k4', 'k3', 'k2', 'k1'] },
  { sort: 'oldest', expected: ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10'] },
  // Case and accents ignored; ties by title, then id.
  { sort: 'artist_asc', expected: ['k4', 'k3', 'k10', 'k1', 'k2', 'k6', 'k8', 'k9', 'k5', 'k7'] },
  { sort: 'artist_desc', expected: ['k7', 'k5', 'k9', 'k8', 'k6', 'k2', 'k1', 'k10', 'k3', 'k4'] },
  { sort: 'title_asc', expected: ['k5', 'k4', 'k3', 'k1', 'k2', 'k8', 'k9', 'k6', 'k10', 'k7'] },
  { sort: 'title_desc', expected: ['k7', 'k10', 'k6', 'k9', 'k8', 'k2', 'k1', 'k3', 'k4', 'k5'] },
  // play_count desc, last_played desc, id desc.
  { sort: 'most_played', expected: ['k8', 'k1', 'k5', 'k10', 'k4', 'k2', 'k7', 'k9', 'k6', 'k3'] },
  // Never spun first, then last_played asc, then id asc.
  {
    sort: 'least_recently_played',
    expected: ['k3', 'k6', 'k9', 'k7', 'k2', 'k4', 'k5', 'k1', 'k8', 'k10'],
  },
  // Unrated last, then date_added desc, id desc.
  { sort: 'rating_desc', expected: ['k8', 'k5', 'k1', 'k10', 'k4', 'k3', 'k7', 'k9', 'k6', 'k2'] },
  // By amount whatever the currency, unpriced last, then date_added desc, id desc.
  { sort: 'price_desc', expected: ['k8', 'k5', 'k10', 'k1', 'k4', 'k3', 'k7', 'k9', 'k6', 'k2'] },
  // Search: case-insensitive, accents count, a field at a time.
  { sort: 'newest', search: 'bjork', expected: ['k2'] },
  { sort: 'newest', search: 'BJöRK', expected: ['k1'] },
  { sort: 'newest', search: 'jazz', expected: ['k9', 'k8', 'k4'] },
  { sort: 'newest', search: 'funky', expected: ['k9', 'k7'] },
  { sort: 'newest', search: '50%', expected: ['k7'] },
  { sort: 'newest', search: 'a_b', expected: [] },
  { sort: 'newest', search: 'under_score', expected: ['k10'] },
  { sort: 'newest', search: '1959', expected: ['k8'] },
  { sort: 'newest', search: '199', expected: ['k10', 'k2', 'k1'] },
  { sort: 'newest', search: 'melancholy', expected: ['k2'] },
  { sort: 'newest', search: 'british', expected: ['k5'] },
  { sort: 'newest', search: 'modal rock', expected: [] },
  { sort: 'artist_asc', search: '  abba  ', expected: ['k4', 'k3'] },
  { sort: 'most_played', search: 'blue', expected: ['k8', 'k9'] },
  // Folder: exact, ignoring case.
  { sort: 'newest', folder: 'jazz', expected: ['k9', 'k8', 'k7'] },
  { sort: 'title_asc', folder: 'POP', expected: ['k1', 'k2'] },
  { sort: 'newest', folder: 'Shelf 2', search: 'road', expected: ['k5'] },
  { sort: 'newest', folder: 'Shelf', expected: [] },
];

/** A want of the shared wantlist; inserted in this order. */
export interface RuleCaseWant {
  key: string;
  title: string;
  artist: string;
  notes: string | null;
  year: number | null;
  priority: number;
  dateAdded: string;
}

export const RULE_CASE_WANTS: readonly RuleCaseWant[] = [
  {
    key: 'w1',
    title: 'Maggot Brain',
    artist: 'Funkadelic',
    notes: 'orig. Westbound',
    year: 1971,
    priority: 2,
    dateAdded: '2026-01-01T10:00:00.000Z',
  },
  {
    key: 'w2',
    title: 'Blue Train',
    artist: 'John Coltrane',
    notes: null,
    year: 1958,
    priority: 1,
    dateAdded: '2026-01-02T10:00:00.000Z',
  },
  {
    key: 'w3',
    title: 'À la recherche',
    artist: 'Édith Piaf',
    notes: 'any pressing',
    year: null,
    priority: 1,
    dateAdded: '2026-01-02T10:00:00.000Z',
  },
  {
    key: 'w4',
    title: 'blue train',
    artist: 'john coltrane',
    notes: 'MONO',
    year: 1957,
    priority: 3,
    dateAdded: '2026-01-03T10:00:00.000Z',
  },
];

/** One wantlist asked of the shared wants, and the wants it holds in order (by key). */
export interface WantRuleCase {
  sort: WantSort;
  search?: string;
  expected: string[];
}

export const WANT_RULE_CASES: readonly WantRuleCase[] = [
  { sort: 'newest', expected: ['w4', 'w3', 'w2', 'w1'] },
  // Priority 1 first, then newest first, then id desc.
  { sort: 'priority', expected: ['w3', 'w2', 'w1', 'w4'] },
  { sort: 'artist_asc', expected: ['w3', 'w1', 'w2', 'w4'] },
  { sort: 'title_asc', expected: ['w3', 'w2', 'w4', 'w1'] },
  { sort: 'newest', search: 'westbound', expected: ['w1'] },
  { sort: 'newest', search: 'mono', expected: ['w4'] },
  { sort: 'newest', search: '195', expected: ['w4', 'w2'] },
  { sort: 'newest', search: 'edith', expected: [] },
  { sort: 'priority', search: 'TRAIN', expected: ['w2', 'w4'] },
];

/**
 * A second crate, of another user, for letters whose lower case JavaScript's `toLowerCase` and
 * PostgreSQL's `lower()` (used by `ILIKE`, database ctype C.UTF-8) could disagree on: İ (U+0130),
 * which the server lowers to "i"; Σ (U+03A3), which the server lowers to σ even at the end of a
 * word (never ς); ß and ẞ (U+1E9E), which it lowers to ß (never "ss"); ǅ and Ǆ, lowered to ǆ.
 * The answers are what PostgreSQL gives (`SELECT lower('İΣΑΣ ß ẞ ǅ Ǆ')` is
 * `iσασ ß ß ǆ ǆ`): search and the folder filter ignore case as the server does (API.md "Routes",
 * "Collection details"), so the offline copy answers the same (EXTENSIONS.md §9).
 */
export const RULE_CASE_LETTER_CRATE: readonly RuleCaseRecord[] = [
  {
    key: 'm1',
    title: 'İstanbul Sessions',
    artist: 'Ilhan Erşahin',
    moodId: 10,
    mood: 'Mellow',
    details: '',
    tags: ['jazz'],
    year: 2005,
    dateAdded: '2026-04-01T10:00:00.000Z',
    rating: null,
    price: null,
    folder: 'İSTANBUL',
    plays: [],
  },
  {
    key: 'm2',
    title: 'ΟΔΥΣΣΕΑΣ',
    artist: 'Vangelis',
    moodId: 6,
    mood: 'Dreamy',
    details: '',
    tags: [],
    year: null,
    dateAdded: '2026-04-02T10:00:00.000Z',
    rating: null,
    price: null,
    folder: 'ΕΛΛΑΣ',
    plays: [],
  },
  {
    key: 'm3',
    title: 'Straße',
    artist: 'ǅemal',
    moodId: 12,
    mood: 'Happy',
    details: '',
    tags: [],
    year: null,
    dateAdded: '2026-04-03T10:00:00.000Z',
    rating: null,
    price: null,
    folder: null,
    plays: [],
  },
];

export const LETTER_RULE_CASES: readonly RecordRuleCase[] = [
  { sort: 'newest', expected: ['m3', 'm2', 'm1'] },
  // Case ignored at the first level: İ sorts as I; Greek after Latin.
  { sort: 'title_asc', expected: ['m1', 'm3', 'm2'] },
  // lower('İSTANBUL SESSIONS') is 'istanbul sessions' (JavaScript: 'i̇stanbul…', with U+0307).
  { sort: 'newest', search: 'istanbul', expected: ['m1'] },
  { sort: 'newest', search: 'İSTANBUL', expected: ['m1'] },
  // lower('ΟΔΥΣΣΕΑΣ') is 'οδυσσεασ' (JavaScript: 'οδυσσεας', with a final ς).
  { sort: 'newest', search: 'εασ', expected: ['m2'] },
  { sort: 'newest', search: 'ας', expected: [] },
  { sort: 'newest', search: 'ΣΣΕΑΣ', expected: ['m2'] },
  // ß is not "ss"; ẞ lowers to ß; ǅ and Ǆ lower to ǆ.
  { sort: 'newest', search: 'straße', expected: ['m3'] },
  { sort: 'newest', search: 'STRAẞE', expected: ['m3'] },
  { sort: 'newest', search: 'strasse', expected: [] },
  { sort: 'newest', search: 'ǄEMAL', expected: ['m3'] },
  // Folder: lower(folder) = lower(F).
  { sort: 'newest', folder: 'istanbul', expected: ['m1'] },
  { sort: 'newest', folder: 'ελλασ', expected: ['m2'] },
  { sort: 'newest', folder: 'ελλας', expected: [] },
  { sort: 'newest', folder: 'ΕΛΛΑΣ', expected: ['m2'] },
];

/** The wantlist of the second crate's user (see {@link RULE_CASE_LETTER_CRATE}). */
export const RULE_CASE_LETTER_WANTS: readonly RuleCaseWant[] = [
  {
    key: 'v1',
    title: 'ΟΔΥΣΣΕΑΣ',
    artist: 'Vangelis',
    notes: 'İSTANBUL pressing',
    year: null,
    priority: 1,
    dateAdded: '2026-04-01T10:00:00.000Z',
  },
  {
    key: 'v2',
    title: 'Straße',
    artist: 'ǅemal',
    notes: null,
    year: 1999,
    priority: 2,
    dateAdded: '2026-04-02T10:00:00.000Z',
  },
];

export const WANT_LETTER_RULE_CASES: readonly WantRuleCase[] = [
  { sort: 'newest', expected: ['v2', 'v1'] },
  { sort: 'newest', search: 'istanbul', expected: ['v1'] },
  { sort: 'newest', search: 'εασ', expected: ['v1'] },
  { sort: 'newest', search: 'ας', expected: [] },
  { sort: 'newest', search: 'STRAẞE', expected: ['v2'] },
  { sort: 'newest', search: 'strasse', expected: [] },
];
