/** The named actions of the spins feature (PRODUCT.md §4 "Spins", §7). */
import { createAction } from '@reduxjs/toolkit';
import { requestFailure } from '@/lib/requests';
import type { AddSpinBody } from '@spincrate/contract';

export const fetchSpins = createAction('FETCH_SPINS');
export const fetchSpinsFailed = requestFailure(fetchSpins.type);
export const fetchSingleSpin = createAction<number>('FETCH_SINGLE_SPIN');
/** FETCH_SINGLE_SPIN_FAILED: a 404 or 400 means no such spin (the details screen says so). */
export const fetchSingleSpinFailed = requestFailure(fetchSingleSpin.type);
/**
 * POST_SPINS: the body of POST /api/spins/add (the contract's `addSpinSchema` input; the saga
 * adds the `clientId`). `replaces`: the `clientId` of the refused outbox spin this one was edited
 * from (EXTENSIONS.md §9), removed from the outbox once this one is stored or queued.
 */
export const postSpins = createAction('POST_SPINS', (body: AddSpinBody, replaces?: string) => ({
  payload: body,
  meta: { replaces },
}));
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
