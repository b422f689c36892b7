/**
 * The offline copy's list rules (contract/src/offlineRules.ts) on the shared table of cases
 * (contract/src/offlineRules.cases.ts), which the server's test asks of the API too
 * (server/src/features/records/offlineRules.test.ts): the same answers offline as online
 * (EXTENSIONS.md §9).
 */
import { describe, expect, it } from 'vitest';
import {
  LETTER_RULE_CASES,
  RECORD_RULE_CASES,
  RULE_CASE_CRATE,
  RULE_CASE_LETTER_CRATE,
  RULE_CASE_LETTER_WANTS,
  RULE_CASE_WANTS,
  WANT_LETTER_RULE_CASES,
  WANT_RULE_CASES,
  barcodeForms,
  joinSearchTexts,
  matchingPositions,
  recordList,
  recordSearchFields,
  searchTextMatcher,
  wantList,
  type CrateRecord,
  type RuleCaseRecord,
  type RuleCaseWant,
  type Want,
} from '@spincrate/contract';

/** A crate of the table as Records (ids in the table's order), plays counted as the server does. */
const asRecords = (crate: readonly RuleCaseRecord[]): CrateRecord[] =>
  crate.map((r, i) => ({
    id: i + 1,
    user_id: 1,
    title: r.title,
    artist: r.artist,
    coverart: '/covers/fallback.svg',
    date_added: r.dateAdded,
    mood: r.mood,
    mood_id: r.moodId,
    details: r.details,
    tags: JSON.stringify(r.tags),
    play_count: r.plays.length,
    last_played: r.plays.length ? [...r.plays].sort().at(-1)! : null,
    year: r.year,
    barcode: null,
    mb_release_group_id: null,
    rating: r.rating,
    folder: r.folder,
    location: null,
    media_condition: null,
    sleeve_condition: null,
    price: r.price
      ? {
          amount: `${Math.floor(r.price.cents / 100)}.${String(r.price.cents % 100).padStart(2, '0')}`,
          currency: r.price.currency,
        }
      : null,
    purchased_on: null,
    purchased_from: null,
    label: null,
    catalog_number: null,
    format: null,
    discogs_release_id: null,
    cover: null,
  }));
const records = asRecords(RULE_CASE_CRATE);
const keyOf = (id: number) => RULE_CASE_CRATE[id - 1]!.key;

/** A wantlist of the table as Wants (ids in the table's order). */
const asWants = (list: readonly RuleCaseWant[]): Want[] =>
  list.map((w, i) => ({
    id: i + 1,
    title: w.title,
    artist: w.artist,
    year: w.year,
    barcode: null,
    mb_release_id: null,
    mb_release_group_id: null,
    coverart: '/covers/fallback.svg',
    priority: w.priority,
    max_price: null,
    notes: w.notes,
    date_added: w.dateAdded,
    cover: null,
  }));
const wants = asWants(RULE_CASE_WANTS);
const wantKeyOf = (id: number) => RULE_CASE_WANTS[id - 1]!.key;

const label = (c: { sort: string; search?: string; folder?: string }) =>
  `sort=${c.sort}${c.search === undefined ? '' : ` search="${c.search}"`}${c.folder === undefined ? '' : ` folder="${c.folder}"`}`;

describe('the offline copy lists records as the server does', () => {
  it.each(RECORD_RULE_CASES.map((c) => [label(c), c] as const))('%s', (_, c) => {
    // Shuffled input: the order comes from the rules, not from the copy's order.
    const input = [...records].reverse();
    expect(recordList(input, c).map((r) => keyOf(r.id))).toEqual(c.expected);
  });
});

describe('the offline copy lists wants as the server does', () => {
  it.each(WANT_RULE_CASES.map((c) => [label(c), c] as const))('%s', (_, c) => {
    expect(wantList([...wants].reverse(), c.sort, c.search).map((w) => wantKeyOf(w.id))).toEqual(c.expected);
  });
});

/*
 * The letters whose lower case JavaScript's toLowerCase and the server's PostgreSQL lower()
 * disagree on (İ, a final Σ), and some they agree on (ß, ẞ, ǅ): "search, sort and folder filter
 * work on it with the server's rules, so answers are the same as online" (EXTENSIONS.md §9).
 * The server's test asks the same cases of the API.
 */
describe('the offline copy lists records as the server does: the letter cases', () => {
  const letterRecords = asRecords(RULE_CASE_LETTER_CRATE);
  const letterKeyOf = (id: number) => RULE_CASE_LETTER_CRATE[id - 1]!.key;
  it.each(LETTER_RULE_CASES.map((c) => [label(c), c] as const))('%s', (_, c) => {
    expect(recordList([...letterRecords].reverse(), c).map((r) => letterKeyOf(r.id))).toEqual(c.expected);
  });
});

describe('the offline copy lists wants as the server does: the letter cases', () => {
  const letterWants = asWants(RULE_CASE_LETTER_WANTS);
  const letterKeyOf = (id: number) => RULE_CASE_LETTER_WANTS[id - 1]!.key;
  it.each(WANT_LETTER_RULE_CASES.map((c) => [label(c), c] as const))('%s', (_, c) => {
    expect(wantList([...letterWants].reverse(), c.sort, c.search).map((w) => letterKeyOf(w.id))).toEqual(
      c.expected,
    );
  });
});

describe('barcode forms', () => {
  it('a 12-digit UPC-A is the 13-digit EAN with a leading 0, both ways', () => {
    expect(barcodeForms('724384960650')).toEqual(['724384960650', '0724384960650']);
    expect(barcodeForms('0724384960650')).toEqual(['0724384960650', '724384960650']);
    expect(barcodeForms('5012345678900')).toEqual(['5012345678900']);
    expect(barcodeForms('96385074')).toEqual(['96385074']);
  });
});

describe('searching many records’ texts at once', () => {
  /** The positions `searchTextMatcher` matches, asked of each text in turn. */
  const oneByOne = (texts: string[], search: string) =>
    texts.flatMap((text, i) => (searchTextMatcher(search)(text) ? [i] : []));

  it('finds the texts a search matches, each once, never across two texts', () => {
    const texts = ['blue train', 'kind of blue\u0000miles davis', '', 'train', 'blue blue blue'];
    const joined = joinSearchTexts(texts);
    expect(matchingPositions(joined, 'blue')).toEqual([0, 1, 4]);
    expect(matchingPositions(joined, '  TRAIN ')).toEqual([0, 3]);
    // "blue" ends one text and "train" starts the next: no match spans them.
    expect(matchingPositions(joinSearchTexts(['kind of blue', 'train']), 'blue train')).toEqual([]);
    // The last text, and a text matching at its very start.
    expect(matchingPositions(joined, 'blue blue')).toEqual([4]);
    expect(matchingPositions(joined, 'kind')).toEqual([1]);
    // A search spanning two fields of one text matches nothing, as the server's.
    expect(matchingPositions(joined, 'blue\u0000miles')).toEqual([]);
    // No search: every text.
    expect(matchingPositions(joined, '   ')).toEqual([0, 1, 2, 3, 4]);
    expect(matchingPositions(joinSearchTexts([]), 'blue')).toEqual([]);
    expect(matchingPositions(joinSearchTexts([]), '')).toEqual([]);
  });

  it('answers as each record’s own text would, on the shared crate and a crate of thousands', () => {
    const crate = asRecords(RULE_CASE_CRATE);
    const texts = crate.map((record) => recordSearchFields(record).text);
    const searches = [...RECORD_RULE_CASES.flatMap((c) => (c.search ? [c.search] : [])), 'a', 'ö', ' '];
    expect(searches.length).toBeGreaterThan(5);
    for (const search of searches)
      expect(matchingPositions(joinSearchTexts(texts), search)).toEqual(oneByOne(texts, search));
    // Thousands of texts of a few letters: many matches, at every place of a text.
    const many = Array.from({ length: 3000 }, (_, i) => ((i * 7919) % 9973).toString(36).repeat(1 + (i % 3)));
    const joined = joinSearchTexts(many);
    for (const search of ['1', 'a', 'zz', '9a', 'k1', '00', 'abc'])
      expect(matchingPositions(joined, search)).toEqual(oneByOne(many, search));
  });
});
