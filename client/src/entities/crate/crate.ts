/**
 * The signed-in user's crate as several features read it: the records list (the loaded
 * pages of one list: own crate, a friend's crate, or search results; PRODUCT.md §3
 * `records`, EXTENSIONS.md §1), one record looked up by id, the mood list, the actions
 * other features dispatch (CLEAR_RECORDS, FETCH_MOOD, FETCH_RECORD), and their selectors.
 * The slices, the list's paging and FETCH_RECORDS belong to the records feature; the spins
 * (choosing albums), import (choosing a mood) and other screens use the crate through
 * this module.
 */
import { createAction } from '@reduxjs/toolkit';
import type { CrateRecord, Mood, RecordSort } from '@spincrate/contract';
import { requestFailure, type LoadStatus } from '@/lib/requests';

/** Which list the loaded pages belong to: whose crate, in which order, which search ('' for none). */
export interface ListQuery {
  /** 'own', or the friend's user id. */
  owner: 'own' | number;
  sort: RecordSort;
  search: string;
  /** The own crate's folder filter (`folder=F`, EXTENSIONS.md §5); absent or '' for every folder. */
  folder?: string;
}

/** CLEAR_RECORDS: empty the records list (a screen is left). */
export const clearRecords = createAction('CLEAR_RECORDS');
/** FETCH_MOOD: load the mood list. */
export const fetchMood = createAction('FETCH_MOOD');
export const fetchMoodFailed = requestFailure(fetchMood.type);
/**
 * FETCH_RECORD: find one record by id (own, or a friend's with `friendId`), for the
 * screens that show one record when it is not among the loaded pages (a link, a reload).
 * `title`, when the screen that linked here knew it (the stats page's top records), lets
 * the look-up search for that title first instead of walking the whole crate.
 */
export const fetchRecord = createAction<{ recordId: number; friendId?: number; title?: string }>(
  'FETCH_RECORD',
);
export const fetchRecordFailed = requestFailure(fetchRecord.type);

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
