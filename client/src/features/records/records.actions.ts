/**
 * The named actions of the records feature (PRODUCT.md §7): search, friends' crates,
 * add, edit, delete, and the answers the records saga puts. FETCH_RECORDS,
 * CLEAR_RECORDS and FETCH_MOOD are dispatched by other features too: they are in
 * lib/crate.ts.
 */
import { createAction } from '@reduxjs/toolkit';
import type { BarcodeLookup } from '@spincrate/contract';
import type { CrateRecord, Mood, NewRecord, RecordEdit } from '@/lib/types';

export const searchRecords = createAction<string>('SEARCH_RECORDS');
export const setRecords = createAction<CrateRecord[]>('SET_RECORDS');
export const postRecord = createAction<NewRecord>('POST_RECORD');
export const editRecord = createAction<RecordEdit>('EDIT_RECORD');
export const deleteRecord = createAction<number>('DELETE_RECORD');
export const setMood = createAction<Mood[]>('SET_MOOD');
/** Put by the records saga when POST_RECORD or EDIT_RECORD succeeded (the add and edit screens move on). */
export const recordSaved = createAction<CrateRecord>('RECORD_SAVED');
export const fetchFriendsRecords = createAction<number>('FETCH_FRIENDS_RECORDS');
export const searchFriendsRecords = createAction<{ search: string; friend_id: number }>(
  'SEARCH_FRIENDS_RECORDS',
);

/** EXTENSIONS.md §4: look the digits of a barcode up (`GET /api/lookup/barcode`). */
export const lookupBarcode = createAction<string>('LOOKUP_BARCODE');
/** Put by the records saga with the pressings found for a barcode (possibly none). */
export const barcodeFound = createAction<BarcodeLookup>('BARCODE_FOUND');
/** Put by the records saga when the look-up failed; `unreachable` when the service could not answer (503 or no answer). */
export const barcodeLookupFailed = createAction<{ code: string; unreachable: boolean }>(
  'BARCODE_LOOKUP_FAILED',
);
/** The add screen forgets the last barcode look-up (on leaving it). */
export const clearBarcode = createAction('CLEAR_BARCODE');
