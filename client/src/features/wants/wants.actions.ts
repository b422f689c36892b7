/**
 * The named actions of the wantlist (API.md "Wantlist", EXTENSIONS.md §6) and their failures;
 * the answers the wants saga puts are the wants slice's own (wants.slice.ts).
 */
import { createAction } from '@reduxjs/toolkit';
import { requestFailure } from '@/lib/requests';
import type { AddWantBody, EditWantBody, GotWantBody, WantSort } from '@spincrate/contract';

/** FETCH_WANTS: the caller's wants in `sort` order, matching `search` when given. */
export const fetchWants = createAction<{ sort: WantSort; search?: string }>('FETCH_WANTS');
export const fetchWantsFailed = requestFailure(fetchWants.type);

/**
 * ADD_WANT: POST /api/want/add (a `clientId` is added by the saga). `replaces`: the `clientId` of
 * the refused outbox want this one was edited from (EXTENSIONS.md §9), removed from the outbox
 * once this one is stored or queued.
 */
export const postWant = createAction('ADD_WANT', (body: AddWantBody, replaces?: string) => ({
  payload: body,
  meta: { replaces },
}));
export const postWantFailed = requestFailure(postWant.type);

/** EDIT_WANT: PUT /api/want/edit. */
export const putWant = createAction<EditWantBody>('EDIT_WANT');
export const putWantFailed = requestFailure(putWant.type);

/** DELETE_WANT: DELETE /api/want/{id}. */
export const removeWant = createAction<number>('DELETE_WANT');
export const removeWantFailed = requestFailure(removeWant.type);

/** GOT_WANT: POST /api/want/{id}/got — the want becomes a record of the crate. */
export const gotWant = createAction<{ id: number; body: GotWantBody }>('GOT_WANT');
export const gotWantFailed = requestFailure(gotWant.type);

/** FETCH_WANT_OWNERS: the friends who own a want's album. */
export const fetchWantOwners = createAction<number>('FETCH_WANT_OWNERS');
export const fetchWantOwnersFailed = requestFailure(fetchWantOwners.type);

/** FETCH_FRIEND_WANTS: a friend's wantlist (no max price). */
export const fetchFriendWants = createAction<number>('FETCH_FRIEND_WANTS');
export const fetchFriendWantsFailed = requestFailure(fetchFriendWants.type);

/** LOOKUP_WANT_BARCODE: the pressings of a barcode for the add a want form (API.md "Adding by barcode"). */
export const lookupWantBarcode = createAction<string>('LOOKUP_WANT_BARCODE');
export const lookupWantBarcodeFailed = requestFailure(lookupWantBarcode.type);
