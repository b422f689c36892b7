/**
 * The records list (own crate, or a friend's crate, or search results: PRODUCT.md §4
 * "Searching … replaces the records list"), the mood list, and the status of the
 * records requests (whether the list has answered, whether a save went through).
 */
import { createSlice } from '@reduxjs/toolkit';
import type { Release } from '@spincrate/contract';
import {
  barcodeFound,
  barcodeLookupFailed,
  clearBarcode,
  lookupBarcode,
  editRecord,
  fetchFriendsRecords,
  postRecord,
  recordSaved,
  searchFriendsRecords,
  searchRecords,
  setMood,
  setRecords,
} from './records.actions';
import { clearRecords, fetchRecords } from '@/lib/crate';
import { requestFailed, type LoadStatus } from '@/lib/requests';
import { endsSession } from '@/lib/session';
import type { CrateRecord, Mood } from '@/lib/types';

export const recordsReducer = createSlice({
  name: 'records',
  initialState: [] as CrateRecord[],
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(setRecords, (_state, action) => action.payload)
      .addCase(clearRecords, () => [])
      // An edited record shows its new fields at once, before the refetch answers.
      .addCase(recordSaved, (state, action) => {
        const index = state.findIndex((r) => r.id === action.payload.id);
        if (index >= 0) state[index] = action.payload;
      })
      .addMatcher(endsSession, () => []);
  },
}).reducer;

export const moodReducer = createSlice({
  name: 'mood',
  initialState: [] as Mood[],
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(setMood, (_state, action) => action.payload);
  },
}).reducer;

export interface RecordsStatus {
  /** The last list request (fetch or search, own or a friend's): `succeeded`/`failed` once it has answered. */
  status: LoadStatus;
  /** The last add or edit: `succeeded` lets the form move on, `failed` lets the user try again. */
  save: LoadStatus;
  /** The last friend's-crate request was answered "not your friend" (404) or a bad id (400). */
  friendNotFound: boolean;
}

/** The list-loading actions: each one makes `status` `loading` until it answers. */
const LIST_ACTIONS: string[] = [
  fetchRecords.type,
  searchRecords.type,
  fetchFriendsRecords.type,
  searchFriendsRecords.type,
];
const SAVE_ACTIONS: string[] = [postRecord.type, editRecord.type];

const initialRecordsStatus: RecordsStatus = { status: 'idle', save: 'idle', friendNotFound: false };

export const recordsStatusReducer = createSlice({
  name: 'recordsStatus',
  initialState: initialRecordsStatus,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchRecords, (state) => {
        state.status = 'loading';
      })
      .addCase(searchRecords, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchFriendsRecords, (state) => {
        state.status = 'loading';
        state.friendNotFound = false;
      })
      .addCase(searchFriendsRecords, (state) => {
        state.status = 'loading';
        state.friendNotFound = false;
      })
      .addCase(clearRecords, (state) => {
        state.status = 'idle';
        state.friendNotFound = false;
      })
      .addCase(setRecords, (state) => {
        state.status = 'succeeded';
      })
      .addCase(postRecord, (state) => {
        state.save = 'loading';
      })
      .addCase(editRecord, (state) => {
        state.save = 'loading';
      })
      .addCase(recordSaved, (state) => {
        state.save = 'succeeded';
      })
      .addCase(requestFailed, (state, action) => {
        if (LIST_ACTIONS.includes(action.payload.action)) state.status = 'failed';
        const friendList = [fetchFriendsRecords.type, searchFriendsRecords.type] as string[];
        if (
          friendList.includes(action.payload.action) &&
          (action.payload.status === 404 || action.payload.status === 400)
        ) {
          state.friendNotFound = true;
        }
        if (SAVE_ACTIONS.includes(action.payload.action)) state.save = 'failed';
      })
      .addMatcher(endsSession, () => initialRecordsStatus);
  },
}).reducer;

/** The last barcode look-up of the add screen (EXTENSIONS.md §4). */
export interface BarcodeState {
  /** idle: none yet; loading: asked; succeeded: answered (releases may be empty); failed: no answer. */
  status: LoadStatus;
  /** The digits looked up. */
  code: string | null;
  releases: Release[];
  /** On failure: true when the service could not be reached (503 or no answer). */
  unreachable: boolean;
}

const NO_BARCODE: BarcodeState = { status: 'idle', code: null, releases: [], unreachable: false };

export const barcodeReducer = createSlice({
  name: 'barcode',
  initialState: NO_BARCODE,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(lookupBarcode, (_state, action) => ({
        ...NO_BARCODE,
        status: 'loading',
        code: action.payload,
      }))
      .addCase(barcodeFound, (state, action) =>
        state.code === action.payload.code
          ? { ...NO_BARCODE, status: 'succeeded', code: action.payload.code, releases: action.payload.releases }
          : state,
      )
      .addCase(barcodeLookupFailed, (state, action) =>
        state.code === action.payload.code
          ? {
              ...NO_BARCODE,
              status: 'failed',
              code: action.payload.code,
              unreachable: action.payload.unreachable,
            }
          : state,
      )
      .addCase(clearBarcode, () => NO_BARCODE)
      .addMatcher(endsSession, () => NO_BARCODE);
  },
}).reducer;

/** The part of the root state the records status selectors read. */
interface WithRecordsStatus {
  recordsStatus: RecordsStatus;
}

/** Whether the last list request (fetch or search, own or a friend's) has answered, with or without success. */
export const selectRecordsLoaded = (state: WithRecordsStatus): boolean =>
  state.recordsStatus.status === 'succeeded' || state.recordsStatus.status === 'failed';
/** Where the last add or edit is. */
export const selectRecordSaveStatus = (state: WithRecordsStatus): LoadStatus => state.recordsStatus.save;
/** Whether the last friend's-crate request was answered "not your friend" (or a bad id). */
export const selectFriendNotFound = (state: WithRecordsStatus): boolean => state.recordsStatus.friendNotFound;
