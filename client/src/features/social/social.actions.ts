/**
 * The named actions of the social feature (PRODUCT.md §4, §7): friendships, Hot Off The
 * Press and Latest Listens. FETCH_FRIENDS and DELETE_FRIENDSHIP are dispatched by other
 * features too: they are in entities/friends/friends.ts.
 */
import { createAction } from '@reduxjs/toolkit';
import { requestFailure } from '@/lib/requests';
import type { AddFriendBody } from '@spincrate/contract';

/** POST_FRIENDSHIP: the body of POST /api/social/add (the contract's `addFriendSchema` input). */
export const postFriendship = createAction<AddFriendBody>('POST_FRIENDSHIP');
export const postFriendshipFailed = requestFailure(postFriendship.type);
export const fetchHotp = createAction('FETCH_HOTP');
export const fetchHotpFailed = requestFailure(fetchHotp.type);
export const fetchLatestListens = createAction('FETCH_LATEST_LISTENS');
export const fetchLatestListensFailed = requestFailure(fetchLatestListens.type);
