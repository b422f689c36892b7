/** The named actions of the spins feature (PRODUCT.md §4 "Spins", §7). */
import { createAction } from '@reduxjs/toolkit';
import type { CrateRecord, NewSpin, SpinAlbumRow, SpinListItem } from '@/lib/types';

export const fetchSpins = createAction('FETCH_SPINS');
export const setSpins = createAction<Array<SpinListItem | SpinAlbumRow>>('SET_SPINS');
export const fetchSingleSpin = createAction<number>('FETCH_SINGLE_SPIN');
export const postSpins = createAction<NewSpin>('POST_SPINS');
export const deleteSpin = createAction<number>('DELETE_SPIN');

/**
 * SEARCH_PICKER_RECORDS: the add-spin record picker's text changed (EXTENSIONS.md §1):
 * after PRODUCT.md §9's 1 s delay the server is searched for records whose title or
 * artist holds the text ('' lists the newest records at once).
 */
export const searchPickerRecords = createAction<string>('SEARCH_PICKER_RECORDS');
/** Put by the spins saga with the picker's records for one text. */
export const setPickerRecords = createAction<{ search: string; records: CrateRecord[] }>(
  'SET_PICKER_RECORDS',
);
