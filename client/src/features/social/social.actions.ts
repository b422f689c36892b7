/**
 * The named actions of the social feature (PRODUCT.md §4, §7): friendships, Hot Off The
 * Press and Latest Listens. FETCH_FRIENDS and DELETE_FRIENDSHIP are dispatched by other
 * features too: they are in entities/friends/friends.ts.
 */
import { createAction } from '@reduxjs/toolkit';
import { requestFailure } from '@/lib/requests';
import type {
  AddFriendBody,
  Friend,
  HotpRow as HotpRecord,
  LatestListenRow as LatestListen,
} from '@spincrate/contract';

export const setFriends = createAction<Friend[]>('SET_FRIENDS');
/** POST_FRIENDSHIP: the body of POST /api/social/add (the contract's `addFriendSchema` input). */
export const postFriendship = createAction<AddFriendBody>('POST_FRIENDSHIP');
export const postFriendshipFailed = requestFailure(postFriendship.type);
/**
 * POST_FRIENDSHIP_DONE: the server answered the friendship request; `unknown` when no user has
 * that username (404, EXTENSIONS.md §11: "No one is called {name}.").
 */
export const postFriendshipDone = createAction<{ friend_username: string; unknown: boolean }>(
  'POST_FRIENDSHIP_DONE',
);
/** CLEAR_FRIENDSHIP_REQUEST: the add-friend form was left or is sent again. */
export const clearFriendshipRequest = createAction('CLEAR_FRIENDSHIP_REQUEST');
export const fetchHotp = createAction('FETCH_HOTP');
export const fetchHotpFailed = requestFailure(fetchHotp.type);
export const setHotp = createAction<HotpRecord[]>('SET_HOTP');
export const fetchLatestListens = createAction('FETCH_LATEST_LISTENS');
export const fetchLatestListensFailed = requestFailure(fetchLatestListens.type);
export const setLatestListens = createAction<LatestListen[]>('SET_LATEST_LISTENS');
