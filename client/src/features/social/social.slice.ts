/**
 * Friends, Hot Off The Press and Latest Listens lists (PRODUCT.md §3 slices) and the add-friend
 * form's request. The requests are named actions (social.actions.ts, entities/friends); the
 * answers the social saga puts are these slices' own actions.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { postFriendship } from './social.actions';
import { endsSession } from '@/entities/session/session';
import type { Friend, HotpRow as HotpRecord, LatestListenRow as LatestListen } from '@spincrate/contract';

const friendsSlice = createSlice({
  name: 'friends',
  initialState: [] as Friend[],
  reducers: {
    /** The friends list GET /api/social/friends answered. */
    setFriends: (_state, action: PayloadAction<Friend[]>) => action.payload,
  },
  extraReducers: (builder) => {
    // A different user (or none) must never see the previous user's friends.
    builder.addMatcher(endsSession, () => []);
  },
});
export const { setFriends } = friendsSlice.actions;
export const friendsReducer = friendsSlice.reducer;

const hotpSlice = createSlice({
  name: 'hotp',
  initialState: [] as HotpRecord[],
  reducers: {
    /** Hot Off The Press as GET /api/social/hotp answered. */
    setHotp: (_state, action: PayloadAction<HotpRecord[]>) => action.payload,
  },
  extraReducers: (builder) => {
    builder.addMatcher(endsSession, () => []);
  },
});
export const { setHotp } = hotpSlice.actions;
export const hotpReducer = hotpSlice.reducer;

const latestListensSlice = createSlice({
  name: 'latestListens',
  initialState: [] as LatestListen[],
  reducers: {
    /** Latest Listens as GET /api/social/latestListens answered. */
    setLatestListens: (_state, action: PayloadAction<LatestListen[]>) => action.payload,
  },
  extraReducers: (builder) => {
    builder.addMatcher(endsSession, () => []);
  },
});
export const { setLatestListens } = latestListensSlice.actions;
export const latestListensReducer = latestListensSlice.reducer;

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

const friendRequestSlice = createSlice({
  name: 'friendRequest',
  initialState: idleRequest,
  reducers: {
    /**
     * The server answered the friendship request; `unknown` when no user has that username
     * (404, EXTENSIONS.md §11: "No one is called {name}.").
     */
    postFriendshipDone: (state, action: PayloadAction<{ friend_username: string; unknown: boolean }>) =>
      action.payload.friend_username === state.name
        ? { status: action.payload.unknown ? ('unknown' as const) : ('added' as const), name: state.name }
        : state,
    /** The add-friend form was left or is sent again. */
    clearFriendshipRequest: () => idleRequest,
  },
  extraReducers: (builder) => {
    builder
      .addCase(postFriendship, (_state, action) => ({
        status: 'sending',
        name: action.payload.friend_username,
      }))
      .addMatcher(endsSession, () => idleRequest);
  },
});
export const { postFriendshipDone, clearFriendshipRequest } = friendRequestSlice.actions;
export const friendRequestReducer = friendRequestSlice.reducer;
