/** Friends, Hot Off The Press and Latest Listens lists (PRODUCT.md §3 slices). */
import { createSlice } from '@reduxjs/toolkit';
import { setFriends, setHotp, setLatestListens } from './social.actions';
import { endsSession } from '@/lib/session';
import type { Friend, HotpRecord, LatestListen } from '@/lib/types';

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
