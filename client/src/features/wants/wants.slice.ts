/**
 * The wantlist's state (API.md "Wantlist", EXTENSIONS.md §6): the caller's wants as last
 * listed, the owners of each want asked for, the outcome of the last write (add, edit,
 * delete, Got it: the record it made), and the friend's wants on show.
 */
import { writeQueued } from '@/lib/offline/state';
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { BarcodeLookup, CrateRecord, FriendWant, Release, Want, WantOwner } from '@spincrate/contract';
import type { LoadStatus } from '@/lib/requests';
import { endsSession } from '@/entities/session/session';
import {
  fetchFriendWants,
  fetchFriendWantsFailed,
  fetchWantOwners,
  fetchWantOwnersFailed,
  fetchWants,
  fetchWantsFailed,
  gotWant,
  gotWantFailed,
  lookupWantBarcode,
  lookupWantBarcodeFailed,
  postWant,
  postWantFailed,
  putWant,
  putWantFailed,
  removeWant,
  removeWantFailed,
} from './wants.actions';

interface WantsState {
  /** The caller's wants, in the order last asked for. */
  items: Want[];
  status: LoadStatus;
  /** The owners of each want asked for, by want id. */
  owners: Record<number, WantOwner[]>;
  /**
   * The last owners look-up (`/api/want/{id}/owners`, EXTENSIONS.md §6): of which want, where it
   * is, and whether it failed for getting no answer at all (the server can't be reached).
   */
  ownersLookup: { id: number | null; status: LoadStatus; unreachable: boolean };
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
  ownersLookup: { id: null, status: 'idle', unreachable: false },
  save: 'idle',
  saveError: null,
  gotRecordId: null,
  friend: { friendId: null, items: [], status: 'idle', notFriend: false },
  barcode: { code: null, releases: [], status: 'idle', unreachable: false },
};

/** The writes (add, edit, delete, Got it), and their failures. */
const isWrite = isAnyOf(postWant, putWant, removeWant, gotWant);
const isWriteFailure = isAnyOf(postWantFailed, putWantFailed, removeWantFailed, gotWantFailed);

const wantsSlice = createSlice({
  name: 'wants',
  initialState,
  reducers: {
    /** The answer of FETCH_WANTS: the caller's wants. */
    setWants: (state, action: PayloadAction<Want[]>) => {
      state.items = action.payload;
      state.status = 'succeeded';
    },
    /** Forgets the outcome of the last add, edit, delete or Got it (a form opens afresh). */
    resetWantSave: (state) => {
      state.save = 'idle';
      state.saveError = null;
      state.gotRecordId = null;
    },
    /** ADD_WANT went through: the new want heads the list. */
    wantAdded: (state, action: PayloadAction<Want>) => {
      state.items = [action.payload, ...state.items.filter((w) => w.id !== action.payload.id)];
      state.save = 'succeeded';
    },
    /** EDIT_WANT went through. */
    wantEdited: (state, action: PayloadAction<Want>) => {
      state.items = state.items.map((w) => (w.id === action.payload.id ? action.payload : w));
      state.save = 'succeeded';
    },
    /** DELETE_WANT went through (payload: the want's id). */
    wantDeleted: (state, action: PayloadAction<number>) => {
      state.items = state.items.filter((w) => w.id !== action.payload);
      state.save = 'succeeded';
    },
    /** GOT_WANT went through: the want left the list and became this record of the crate. */
    wantGot: (state, action: PayloadAction<{ wantId: number; record: CrateRecord }>) => {
      state.items = state.items.filter((w) => w.id !== action.payload.wantId);
      state.gotRecordId = action.payload.record.id;
      state.save = 'succeeded';
    },
    /** The answer of FETCH_WANT_OWNERS: the friends who own want `id`'s album. */
    setWantOwners: (state, action: PayloadAction<{ id: number; owners: WantOwner[] }>) => {
      state.owners[action.payload.id] = action.payload.owners;
      if (state.ownersLookup.id === action.payload.id) {
        state.ownersLookup = { id: action.payload.id, status: 'succeeded', unreachable: false };
      }
    },
    /** The answer of FETCH_FRIEND_WANTS. */
    setFriendWants: (state, action: PayloadAction<{ friendId: number; wants: FriendWant[] }>) => {
      state.friend = {
        friendId: action.payload.friendId,
        items: action.payload.wants,
        status: 'succeeded',
        notFriend: false,
      };
    },
    /** The answer of LOOKUP_WANT_BARCODE: the pressings of the code. */
    setWantBarcode: (state, action: PayloadAction<BarcodeLookup>) => {
      state.barcode = {
        code: action.payload.code,
        releases: action.payload.releases,
        status: 'succeeded',
        unreachable: false,
      };
    },
    /** Forgets the add a want form's barcode look-up. */
    clearWantBarcode: (state) => {
      state.barcode = initialState.barcode;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchWants, (state) => {
        state.status = 'loading';
      })
      // Kept in the outbox while the server can't be reached (EXTENSIONS.md §9): the form is done.
      .addCase(writeQueued, (state, action) => {
        if (action.payload === 'want') state.save = 'succeeded';
      })
      .addCase(fetchWantOwners, (state, action) => {
        state.ownersLookup = { id: action.payload, status: 'loading', unreachable: false };
      })
      // takeLatest: a failure is the last asked want's.
      .addCase(fetchWantOwnersFailed, (state, action) => {
        state.ownersLookup.status = 'failed';
        state.ownersLookup.unreachable = action.payload.unreachable === true;
      })
      .addCase(fetchFriendWants, (state, action) => {
        state.friend = { friendId: action.payload, items: [], status: 'loading', notFriend: false };
      })
      .addCase(lookupWantBarcode, (state, action) => {
        state.barcode = { code: action.payload, releases: [], status: 'loading', unreachable: false };
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
});

export const {
  setWants,
  resetWantSave,
  wantAdded,
  wantEdited,
  wantDeleted,
  wantGot,
  setWantOwners,
  setFriendWants,
  setWantBarcode,
  clearWantBarcode,
} = wantsSlice.actions;
export const wantsReducer = wantsSlice.reducer;

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
/** The owners look-up of a want not asked last. */
const OWNERS_NOT_ASKED = { status: 'idle', unreachable: false } as const;
/**
 * Where the owners look-up of want `id` is (EXTENSIONS.md §6 "{friend} owns it"): 'idle' when
 * the last one asked was another want's; `unreachable` when it failed without an answer.
 */
export const selectWantOwnersLookup = (
  state: WithWants,
  id: number,
): { status: LoadStatus; unreachable: boolean } =>
  state.wants.ownersLookup.id === id ? state.wants.ownersLookup : OWNERS_NOT_ASKED;

/** Where the last add, edit, delete or Got it is. */
export const selectWantSaveStatus = (state: WithWants): LoadStatus => state.wants.save;
/** The server's message when the last write failed, else null. */
export const selectWantSaveError = (state: WithWants): string | null => state.wants.saveError;
/** The record the last Got it made, else null. */
export const selectGotRecordId = (state: WithWants): number | null => state.wants.gotRecordId;
export const selectFriendWants = (state: WithWants) => state.wants.friend;
/** The add a want form's barcode look-up. */
export const selectWantBarcode = (state: WithWants) => state.wants.barcode;
