/**
 * The signed-in user's crate as several features read it: the records list (the loaded
 * pages of one list: own crate, a friend's crate, or search results; PRODUCT.md §3
 * `records`, EXTENSIONS.md §1), one record looked up by id, the mood list, the actions
 * that load them, and their selectors. The slices themselves belong to the records
 * feature; the spins (choosing albums), import (choosing a mood) and other screens use
 * them through this module.
 */
import { createAction } from '@reduxjs/toolkit';
import {
  COLLECTION_FIRST_PAGE_SIZE,
  DEFAULT_RECORD_SORT,
  PAGE_LIMIT_MAX,
  type RecordSort,
} from '@spincrate/contract';
import type { LoadStatus } from '@/lib/requests';
import type { CrateRecord, Mood } from '@/lib/types';

/**
 * Records asked for by a list's first page: 60 is a whole number of rows at every column
 * count (1, 3, 4, 6) and about two screens of covers on a desktop (API.md "Lists at scale":
 * 1–200); the server hands the own collection's first page of this size to the page.
 */
export const RECORDS_PAGE_SIZE = COLLECTION_FIRST_PAGE_SIZE;

/**
 * Records asked for by each page after the first: the largest whole number of rows at
 * every column count (1, 3, 4, 6) within the API's largest page (API.md "Lists at scale":
 * `limit` 1–200). A user who scrolls past the first page is likely to go on, and larger
 * pages reach the end of a 20,000-record crate in 104 requests instead of 334 (issue 11:
 * scrolling to the last record works).
 */
export const NEXT_PAGE_SIZE = Math.floor(PAGE_LIMIT_MAX / 12) * 12;

/** Which list the loaded pages belong to: whose crate, in which order, which search ('' for none). */
export interface ListQuery {
  /** 'own', or the friend's user id. */
  owner: 'own' | number;
  sort: RecordSort;
  search: string;
  /** The own crate's folder filter (`folder=F`, EXTENSIONS.md §5); absent or '' for every folder. */
  folder?: string;
}

/** Whether two list queries ask for the same list. */
export function sameQuery(a: ListQuery | null, b: ListQuery | null): boolean {
  return (
    !!a &&
    !!b &&
    a.owner === b.owner &&
    a.sort === b.sort &&
    a.search === b.search &&
    (a.folder ?? '') === (b.folder ?? '')
  );
}

/**
 * FETCH_RECORDS: load the FIRST page of the signed-in user's crate in `sort` order
 * (default newest). When the store already holds that list, its first page is
 * revalidated (If-None-Match) and the loaded pages stay if it is unchanged.
 */
export const fetchRecords = createAction(
  'FETCH_RECORDS',
  (sort: RecordSort = DEFAULT_RECORD_SORT, folder = '') => ({ payload: { sort, folder } }),
);
/** CLEAR_RECORDS: empty the records list (a screen is left). */
export const clearRecords = createAction('CLEAR_RECORDS');
/** FETCH_MOOD: load the mood list. */
export const fetchMood = createAction('FETCH_MOOD');
/**
 * FETCH_RECORD: find one record by id (own, or a friend's with `friendId`), for the
 * screens that show one record when it is not among the loaded pages (a link, a reload).
 * `title`, when the screen that linked here knew it (the stats page's top records), lets
 * the look-up search for that title first instead of walking the whole crate.
 */
export const fetchRecord = createAction<{ recordId: number; friendId?: number; title?: string }>(
  'FETCH_RECORD',
);

/**
 * The navigation state a link to a record's details may carry (react-router's
 * `<Link state>`): the record's title, a hint for FETCH_RECORD's look-up.
 */
export interface RecordLinkState {
  recordTitle: string;
}

/**
 * Reads {@link RecordLinkState}'s title from a location's `state`.
 * @param state - `useLocation().state` (anything)
 * @returns the title, or undefined when the state holds none
 */
export function recordTitleHint(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('recordTitle' in state)) return undefined;
  const title = (state as { recordTitle: unknown }).recordTitle;
  return typeof title === 'string' && title.trim() !== '' ? title : undefined;
}

/** The loaded pages of one records list (EXTENSIONS.md §1, API.md "Lists at scale"). */
export interface RecordsList {
  /**
   * The records of the pages loaded so far, in the server's order. While the first page
   * of another sort or search of the same crate is on its way, the previous list's
   * records stay (`shown` names their list), so the grid does not empty in between.
   */
  items: CrateRecord[];
  /** The list asked for last (the answers that count belong to it); null when none. */
  query: ListQuery | null;
  /**
   * The list `items` belong to: `query` once its first page has come, the previous list
   * while that first page is on its way; null when `items` is empty.
   */
  shown: ListQuery | null;
  /**
   * How many records the whole list holds (`X-Total-Count`); null until the first page
   * answers (the previous list's count while its records are shown).
   */
  total: number | null;
  /** The URL of the next page (`Link: rel="next"`); null when the last page is loaded. */
  next: string | null;
  /** The first page's ETag, to revalidate the list when a screen shows it again. */
  etag: string | null;
  /** The last request for this list (first or next page). */
  status: LoadStatus;
  /** The last friend's-crate request was answered "not your friend" (404) or a bad id (400). */
  friendNotFound: boolean;
}

/** One record looked up by id (FETCH_RECORD). */
export interface RecordLookup {
  /** What was asked for; null before any look-up. */
  recordId: number | null;
  friendId: number | null;
  /** The record, once found; null while looking or when it does not exist. */
  record: CrateRecord | null;
  /** `succeeded` with `record` null: the record is not in that crate. */
  status: LoadStatus;
}

/** The part of the root state this module reads. */
interface WithCrate {
  records: RecordsList;
  recordLookup: RecordLookup;
  mood: Mood[];
}

/** The records of the loaded pages (own crate, a friend's crate, or search results). */
export const selectRecords = (state: WithCrate): CrateRecord[] => state.records.items;
/** The loaded pages with their query, count and next page. */
export const selectRecordsList = (state: WithCrate): RecordsList => state.records;
/** The moods records can have. */
export const selectMoods = (state: WithCrate): Mood[] => state.mood;
/** The last record looked up by id. */
export const selectRecordLookup = (state: WithCrate): RecordLookup => state.recordLookup;

/**
 * A record by id from the loaded pages of the matching crate, or from the last look-up.
 * @param friendId - the friend whose record it is; undefined for an own record
 */
export function selectKnownRecord(
  state: WithCrate,
  recordId: number,
  friendId?: number,
): CrateRecord | undefined {
  const owner = friendId ?? 'own';
  if (state.records.query?.owner === owner) {
    const found = state.records.items.find((r) => r.id === recordId);
    if (found) return found;
  }
  const lookup = state.recordLookup;
  if (lookup.record && lookup.recordId === recordId && lookup.friendId === (friendId ?? null)) {
    return lookup.record;
  }
  return undefined;
}
