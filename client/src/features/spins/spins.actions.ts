/** The named actions of the spins feature (PRODUCT.md §4 "Spins", §7). */
import { createAction } from '@reduxjs/toolkit';
import { requestFailure } from '@/lib/requests';
import type { CrateRecord, SpinDetailRow as SpinAlbumRow, SpinListItem } from '@spincrate/contract';

/** Spin submission payload (PRODUCT.md §3). */
export interface NewSpin {
  /** hours:minutes */
  timeSpent: string;
  /** MM/DD/YYYY as the picker shows it. */
  listenedAt: string;
  details: string;
  /** Record ids as strings. */
  albums: string[];
  /** The sides played of records with sides, by record id (EXTENSIONS.md §8); absent = all. */
  sides?: Record<string, string[]>;
  /** When the first track began, ISO 8601 with a zone (API.md "Field rules"). */
  startedAt?: string;
}

export const fetchSpins = createAction('FETCH_SPINS');
export const fetchSpinsFailed = requestFailure(fetchSpins.type);
export const setSpins = createAction<Array<SpinListItem | SpinAlbumRow>>('SET_SPINS');
export const fetchSingleSpin = createAction<number>('FETCH_SINGLE_SPIN');
/** FETCH_SINGLE_SPIN_FAILED: a 404 or 400 means no such spin (the details screen says so). */
export const fetchSingleSpinFailed = requestFailure(fetchSingleSpin.type);
export const postSpins = createAction<NewSpin>('POST_SPINS');
export const postSpinsFailed = requestFailure(postSpins.type);
export const deleteSpin = createAction<number>('DELETE_SPIN');
export const deleteSpinFailed = requestFailure(deleteSpin.type);

/**
 * SEARCH_PICKER_RECORDS: the add-spin record picker's text changed (EXTENSIONS.md §1):
 * after PRODUCT.md §9's 1 s delay the server is searched for records whose title or
 * artist holds the text ('' lists the newest records at once).
 */
export const searchPickerRecords = createAction<string>('SEARCH_PICKER_RECORDS');
export const searchPickerRecordsFailed = requestFailure(searchPickerRecords.type);
/** Put by the spins saga with the picker's records for one text. */
export const setPickerRecords = createAction<{ search: string; records: CrateRecord[] }>(
  'SET_PICKER_RECORDS',
);
