/**
 * The signed-in user's friends as several features read them (PRODUCT.md §3 `friends`):
 * the actions other features dispatch and the selector. The slice and the sagas belong
 * to the social feature; login (fetching the friends) and a friend's crate (unfriending)
 * use them through this module.
 */
import { createAction } from '@reduxjs/toolkit';
import type { Friend } from '@spincrate/contract';
import { requestFailure } from '@/lib/requests';

/** FETCH_FRIENDS: load the friends list. */
export const fetchFriends = createAction('FETCH_FRIENDS');
export const fetchFriendsFailed = requestFailure(fetchFriends.type);
/** DELETE_FRIENDSHIP (payload: the friend's id): unfriend. */
export const deleteFriendship = createAction<number>('DELETE_FRIENDSHIP');
export const deleteFriendshipFailed = requestFailure(deleteFriendship.type);

/** The friends list. */
export const selectFriends = (state: { friends: Friend[] }): Friend[] => state.friends;
