/** Friends, Hot Off The Press and Latest Listens lists (PRODUCT.md §3 slices). */
import { createSlice } from '@reduxjs/toolkit';
import {
  clearFriendshipRequest,
  postFriendship,
  postFriendshipDone,
  setFriends,
  setHotp,
  setLatestListens,
} from './social.actions';
import { endsSession } from '@/entities/session/session';
import type { Friend, HotpRow as HotpRecord, LatestListenRow as LatestListen } from '@spincrate/contract';

export const friendsReducer = createSlice({
  name: 'friends',
  initialState: [] as Friend[],
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(setFriends, (_state, action) => action.payload)
      // A different user (or none) must never see the previous user's friends.
      .addMatcher(endsSession, () => []);
  },
}).reducer;

export const hotpReducer = createSlice({
  name: 'hotp',
  initialState: [] as HotpRecord[],
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(setHotp, (_state, action) => action.payload).addMatcher(endsSession, () => []);
  },
}).reducer;

export const latestListensReducer = createSlice({
  name: 'latestListens',
  initialState: [] as LatestListen[],
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(setLatestListens, (_state, action) => action.payload).addMatcher(endsSession, () => []);
  },
}).reducer;

/**
 * Where the add-friend form's request is: `sending` until the server answers, then `added`
 * (or refused for another reason: the form goes to /social as PRODUCT.md §4 says) or
 * `unknown` (no user has that username: the form stays and says so, EXTENSIONS.md §11).
 */
interface FriendRequestState {
  status: 'idle' | 'sending' | 'added' | 'unknown';
  /** The username asked for. */
  name: string;
}

const idleRequest: FriendRequestState = { status: 'idle', name: '' };

export const friendRequestReducer = createSlice({
  name: 'friendRequest',
  initialState: idleRequest,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(postFriendship, (_state, action) => ({
        status: 'sending',
        name: action.payload.friend_username,
      }))
      .addCase(postFriendshipDone, (state, action) =>
        action.payload.friend_username === state.name
          ? { status: action.payload.unknown ? 'unknown' : 'added', name: state.name }
          : state,
      )
      .addCase(clearFriendshipRequest, () => idleRequest)
      .addMatcher(endsSession, () => idleRequest);
  },
}).reducer;
