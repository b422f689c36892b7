/**
 * The wantlist's state (API.md "Wantlist", EXTENSIONS.md §6): the caller's wants as last
 * listed, the owners of each want asked for, the outcome of the last write (add, edit,
 * delete, Got it: the record it made), and the friend's wants on show.
 */
import { writeQueued } from '@/lib/offline/state';
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { FriendWant, Release, Want, WantOwner } from '@spincrate/contract';
import type { LoadStatus } from '@/lib/requests';
import { endsSession } from '@/entities/session/session';
import {
  fetchFriendWants,
  fetchFriendWantsFailed,
  clearWantBarcode,
  fetchWants,
  fetchWantsFailed,
  gotWant,
  gotWantFailed,
  lookupWantBarcode,
  lookupWantBarcodeFailed,
  setWantBarcode,
  postWant,
  postWantFailed,
  putWant,
  putWantFailed,
  removeWant,
  removeWantFailed,
  resetWantSave,
  setFriendWants,
  setWantOwners,
  setWants,
  wantAdded,
  wantDeleted,
  wantEdited,
  wantGot,
} from './wants.actions';

interface WantsState {
  /** The caller's wants, in the order last asked for. */
  items: Want[];
  status: LoadStatus;
  /** The owners of each want asked for, by want id. */
  owners: Record<number, WantOwner[]>;
  /** Where the last add, edit, delete or Got it is. */
  save: LoadStatus;
  /** The server's message when the last write failed. */
  saveError: string | null;
  /** The record the last Got it made. */
  gotRecordId: number | null;
  /** The last barcode looked up on the add a want form, and the pressings found. */
  barcode: { code: string | null; releases: Release[]; status: LoadStatus; unreachable: boolean };
  /** The friend whose wants are shown, and them. */
  friend: { friendId: number | null; items: FriendWant[]; status: LoadStatus; notFriend: boolean };
}

const initialState: WantsState = {
  items: [],
  status: 'idle',
  owners: {},
  save: 'idle',
  saveError: null,
  gotRecordId: null,
  friend: { friendId: null, items: [], status: 'idle', notFriend: false },
  barcode: { code: null, releases: [], status: 'idle', unreachable: false },
};

/** The writes (add, edit, delete, Got it), and their failures. */
const isWrite = isAnyOf(postWant, putWant, removeWant, gotWant);
const isWriteFailure = isAnyOf(postWantFailed, putWantFailed, removeWantFailed, gotWantFailed);

export const wantsReducer = createSlice({
  name: 'wants',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchWants, (state) => {
        state.status = 'loading';
      })
      .addCase(setWants, (state, action) => {
        state.items = action.payload;
        state.status = 'succeeded';
      })
      .addCase(resetWantSave, (state) => {
        state.save = 'idle';
        state.saveError = null;
        state.gotRecordId = null;
      })
      // Kept in the outbox while the server can't be reached (EXTENSIONS.md §9): the form is done.
      .addCase(writeQueued, (state, action) => {
        if (action.payload === 'want') state.save = 'succeeded';
      })
      .addCase(wantAdded, (state, action) => {
        state.items = [action.payload, ...state.items.filter((w) => w.id !== action.payload.id)];
        state.save = 'succeeded';
      })
      .addCase(wantEdited, (state, action) => {
        state.items = state.items.map((w) => (w.id === action.payload.id ? action.payload : w));
        state.save = 'succeeded';
      })
      .addCase(wantDeleted, (state, action) => {
        state.items = state.items.filter((w) => w.id !== action.payload);
        state.save = 'succeeded';
      })
      .addCase(wantGot, (state, action) => {
        state.items = state.items.filter((w) => w.id !== action.payload.wantId);
        state.gotRecordId = action.payload.record.id;
        state.save = 'succeeded';
      })
      .addCase(setWantOwners, (state, action) => {
        state.owners[action.payload.id] = action.payload.owners;
      })
      .addCase(fetchFriendWants, (state, action) => {
        state.friend = { friendId: action.payload, items: [], status: 'loading', notFriend: false };
      })
      .addCase(setFriendWants, (state, action) => {
        state.friend = {
          friendId: action.payload.friendId,
          items: action.payload.wants,
          status: 'succeeded',
          notFriend: false,
        };
      })
      .addCase(lookupWantBarcode, (state, action) => {
        state.barcode = { code: action.payload, releases: [], status: 'loading', unreachable: false };
      })
      .addCase(setWantBarcode, (state, action) => {
        state.barcode = {
          code: action.payload.code,
          releases: action.payload.releases,
          status: 'succeeded',
          unreachable: false,
        };
      })
      .addCase(clearWantBarcode, (state) => {
        state.barcode = initialState.barcode;
      })
      .addCase(lookupWantBarcodeFailed, (state, action) => {
        state.barcode.status = 'failed';
        state.barcode.unreachable = action.payload.status === 503 || action.payload.unreachable === true;
      })
      .addCase(fetchWantsFailed, (state) => {
        state.status = 'failed';
      })
      .addCase(fetchFriendWantsFailed, (state, action) => {
        state.friend.status = 'failed';
        state.friend.notFriend = action.payload.status === 404;
      })
      .addMatcher(isWriteFailure, (state, action) => {
        state.save = 'failed';
        state.saveError = action.payload.message;
      })
      .addMatcher(isWrite, (state) => {
        state.save = 'loading';
        state.saveError = null;
        state.gotRecordId = null;
      })
      .addMatcher(endsSession, () => initialState);
  },
}).reducer;

/** The part of the root state the wantlist selectors read. */
interface WithWants {
  wants: WantsState;
}

export const selectWants = (state: WithWants): Want[] => state.wants.items;
export const selectWantsStatus = (state: WithWants): LoadStatus => state.wants.status;
export const selectWant = (state: WithWants, id: number): Want | undefined =>
  state.wants.items.find((w) => w.id === id);
export const selectWantOwners = (state: WithWants, id: number): WantOwner[] | undefined =>
  state.wants.owners[id];
/** Where the last add, edit, delete or Got it is. */
export const selectWantSaveStatus = (state: WithWants): LoadStatus => state.wants.save;
/** The server's message when the last write failed, else null. */
export const selectWantSaveError = (state: WithWants): string | null => state.wants.saveError;
/** The record the last Got it made, else null. */
export const selectGotRecordId = (state: WithWants): number | null => state.wants.gotRecordId;
export const selectFriendWants = (state: WithWants) => state.wants.friend;
/** The add a want form's barcode look-up. */
export const selectWantBarcode = (state: WithWants) => state.wants.barcode;
