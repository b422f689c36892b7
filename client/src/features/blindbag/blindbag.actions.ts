/** The named actions of the blindbag (PRODUCT.md §4 "Blindbag", §7). */
import { createAction } from '@reduxjs/toolkit';
import { requestFailure } from '@/lib/requests';

/** FETCH_BLINDBAG: draw a random record; the payload is the filter text. */
/** Payload: the filter text, or the filter, `unplayedDays` (EXTENSIONS.md §2 "Not played in") and `folder` (§5). */
export const fetchBlindbag = createAction<
  string | { search?: string; unplayedDays?: number; folder?: string } | undefined
>('FETCH_BLINDBAG');
/** FETCH_BLINDBAG_FAILED: a 404 means nothing matches (the crate is empty or nothing matches the filter). */
export const fetchBlindbagFailed = requestFailure(fetchBlindbag.type);
export const clearBlindbag = createAction('CLEAR_BLINDBAG');
