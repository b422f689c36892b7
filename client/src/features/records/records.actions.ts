/**
 * The named actions of the records feature (PRODUCT.md §7): search, friends' crates,
 * their next pages (EXTENSIONS.md §1), add, edit, delete, the payloads the record forms
 * send, and RECORD_SAVED, which three slices answer (the other answers the records saga puts
 * are the list slice's own, recordList.slice.ts). CLEAR_RECORDS, FETCH_MOOD and FETCH_RECORD
 * are dispatched by other features too: they are in entities/crate/crate.ts.
 */
import { createAction } from '@reduxjs/toolkit';
import {
  DEFAULT_RECORD_SORT,
  type AddRecordBody,
  type EditRecordBody,
  type CrateRecord,
  type RecordSort,
} from '@spincrate/contract';
import { requestFailure } from '@/lib/requests';

/**
 * FETCH_RECORDS: load the FIRST page of the signed-in user's crate in `sort` order
 * (default newest). When the store already holds that list, its first page is
 * revalidated (If-None-Match) and the loaded pages stay if it is unchanged.
 */
export const fetchRecords = createAction(
  'FETCH_RECORDS',
  (sort: RecordSort = DEFAULT_RECORD_SORT, folder = '') => ({ payload: { sort, folder } }),
);
export const fetchRecordsFailed = requestFailure(fetchRecords.type);
/** SEARCH_RECORDS: load the FIRST page of the own records matching `search`, in `sort` order. */
export const searchRecords = createAction(
  'SEARCH_RECORDS',
  (search: string, sort: RecordSort = DEFAULT_RECORD_SORT, folder = '') => ({
    payload: { search, sort, folder },
  }),
);
export const searchRecordsFailed = requestFailure(searchRecords.type);
/** FETCH_RECORDS_NEXT_PAGE: load the next page of the own list (the grid's end came near). */
export const fetchRecordsNextPage = createAction('FETCH_RECORDS_NEXT_PAGE');
/**
 * FETCH_RECORDS_NEXT_PAGE_FAILED: the next page from `from` failed (the loaded pages stay;
 * scrolling to the end again retries).
 */
export const fetchRecordsNextPageFailed = requestFailure<{ from: string }>(fetchRecordsNextPage.type);
/** FETCH_FRIENDS_RECORDS_NEXT_PAGE (payload: the friend's id): load the next page of that friend's list. */
export const fetchFriendsRecordsNextPage = createAction<number>('FETCH_FRIENDS_RECORDS_NEXT_PAGE');
/** FETCH_FRIENDS_RECORDS_NEXT_PAGE_FAILED: as FETCH_RECORDS_NEXT_PAGE_FAILED, for a friend's list. */
export const fetchFriendsRecordsNextPageFailed = requestFailure<{ from: string }>(
  fetchFriendsRecordsNextPage.type,
);
/** POST_RECORD: the body of POST /api/record/add (the contract's `addRecordSchema` input). */
export const postRecord = createAction<AddRecordBody>('POST_RECORD');
export const postRecordFailed = requestFailure(postRecord.type);
/** EDIT_RECORD: the body of PUT /api/record/edit (the contract's `editRecordSchema` input). */
export const editRecord = createAction<EditRecordBody>('EDIT_RECORD');
export const editRecordFailed = requestFailure(editRecord.type);
export const deleteRecord = createAction<number>('DELETE_RECORD');
export const deleteRecordFailed = requestFailure(deleteRecord.type);
/** Put by the records saga when POST_RECORD or EDIT_RECORD succeeded (the add and edit screens move on). */
export const recordSaved = createAction<CrateRecord>('RECORD_SAVED');
/** FETCH_FRIENDS_RECORDS: load the FIRST page of a friend's crate in `sort` order. */
export const fetchFriendsRecords = createAction(
  'FETCH_FRIENDS_RECORDS',
  (friendId: number, sort: RecordSort = DEFAULT_RECORD_SORT) => ({ payload: { friend_id: friendId, sort } }),
);
/** FETCH_FRIENDS_RECORDS_FAILED: a 404 or 400 means not a friend (or a bad id). */
export const fetchFriendsRecordsFailed = requestFailure(fetchFriendsRecords.type);
/** SEARCH_FRIENDS_RECORDS: load the FIRST page of a friend's records matching `search`. */
export const searchFriendsRecords = createAction(
  'SEARCH_FRIENDS_RECORDS',
  (query: { search: string; friend_id: number; sort?: RecordSort }) => ({
    payload: { search: query.search, friend_id: query.friend_id, sort: query.sort ?? DEFAULT_RECORD_SORT },
  }),
);
export const searchFriendsRecordsFailed = requestFailure(searchFriendsRecords.type);

/** EXTENSIONS.md §4: look the digits of a barcode up (`GET /api/lookup/barcode`). */
export const lookupBarcode = createAction<string>('LOOKUP_BARCODE');
/**
 * LOOKUP_BARCODE_FAILED: the look-up of `code` failed; a 503, or no answer (no status), means
 * the service could not answer.
 */
export const lookupBarcodeFailed = requestFailure<{ code: string }>(lookupBarcode.type);
