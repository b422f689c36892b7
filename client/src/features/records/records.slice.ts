/**
 * The records list: the loaded pages of one list (own crate, a friend's crate, or search
 * results; PRODUCT.md §4 "Searching … replaces the records list", EXTENSIONS.md §1), its
 * count and next page; one record looked up by id; the mood list; and whether the last
 * add or edit went through.
 */
import { createSlice, isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import type { Release } from '@spincrate/contract';
import {
  barcodeFound,
  clearBarcode,
  lookupBarcode,
  lookupBarcodeFailed,
  editRecord,
  editRecordFailed,
  fetchFriendsRecords,
  fetchFriendsRecordsFailed,
  fetchFriendsRecordsNextPage,
  fetchFriendsRecordsNextPageFailed,
  fetchRecordsFailed,
  fetchRecordsNextPage,
  fetchRecordsNextPageFailed,
  postRecord,
  postRecordFailed,
  recordSaved,
  recordsNotModified,
  recordsPageLoaded,
  searchFriendsRecords,
  searchFriendsRecordsFailed,
  searchRecords,
  searchRecordsFailed,
  setMood,
  setRecord,
  setRecords,
} from './records.actions';
import {
  clearRecords,
  fetchRecord,
  fetchRecordFailed,
  type ListQuery,
  type RecordLookup,
  type RecordsList,
} from '@/entities/crate/crate';
import { fetchRecords } from './records.actions';
import { sameQuery } from './records.list';
import type { LoadStatus } from '@/lib/requests';
import { endsSession } from '@/entities/session/session';
import type { Mood } from '@spincrate/contract';

/**
 * The list a first-page action asks for (FETCH_RECORDS, SEARCH_RECORDS,
 * FETCH_FRIENDS_RECORDS, SEARCH_FRIENDS_RECORDS); undefined for any other action.
 */
export function queryOf(action: UnknownAction): ListQuery | undefined {
  // The folder filter (EXTENSIONS.md §5) is part of the own list's query only when one is chosen.
  const inFolder = (folder: string) => (folder ? { folder } : {});
  if (fetchRecords.match(action)) {
    return { owner: 'own', sort: action.payload.sort, search: '', ...inFolder(action.payload.folder) };
  }
  if (searchRecords.match(action)) {
    return {
      owner: 'own',
      sort: action.payload.sort,
      search: action.payload.search,
      ...inFolder(action.payload.folder),
    };
  }
  if (fetchFriendsRecords.match(action)) {
    return { owner: action.payload.friend_id, sort: action.payload.sort, search: '' };
  }
  if (searchFriendsRecords.match(action)) {
    return { owner: action.payload.friend_id, sort: action.payload.sort, search: action.payload.search };
  }
  return undefined;
}

/** The records list before any page is asked for, and after CLEAR_RECORDS or a session's end. */
export const NO_LIST: RecordsList = {
  items: [],
  query: null,
  shown: null,
  total: null,
  next: null,
  etag: null,
  status: 'idle',
  friendNotFound: false,
};

/** The failures of a first page, and of a friend's first page. */
const isFirstPageFailure = isAnyOf(
  fetchRecordsFailed,
  searchRecordsFailed,
  fetchFriendsRecordsFailed,
  searchFriendsRecordsFailed,
);
const isFriendsFirstPageFailure = isAnyOf(fetchFriendsRecordsFailed, searchFriendsRecordsFailed);

export const recordsReducer = createSlice({
  name: 'records',
  initialState: NO_LIST,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(setRecords, (state, action) => {
        if (!sameQuery(state.query, action.payload.query)) return state;
        return {
          ...state,
          items: action.payload.records,
          shown: action.payload.query,
          total: action.payload.total,
          next: action.payload.next,
          etag: action.payload.etag,
          status: 'succeeded',
        };
      })
      .addCase(recordsNotModified, (state, action) => {
        if (sameQuery(state.query, action.payload.query)) state.status = 'succeeded';
      })
      // A next page joins the list only when it continues the pages loaded (the query has not changed).
      .addCase(recordsPageLoaded, (state, action) => {
        if (state.next !== action.payload.from) return;
        state.items.push(...action.payload.records);
        state.total = action.payload.total;
        state.next = action.payload.next;
        state.status = 'succeeded';
      })
      .addCase(clearRecords, () => NO_LIST)
      // An edited record shows its new fields at once, before the refetch answers.
      .addCase(recordSaved, (state, action) => {
        const index = state.items.findIndex((r) => r.id === action.payload.id);
        if (index >= 0) state.items[index] = action.payload;
      })
      .addMatcher(isAnyOf(fetchRecordsNextPageFailed, fetchFriendsRecordsNextPageFailed), (state, action) => {
        if (state.next === action.payload.from) state.status = 'failed';
      })
      .addMatcher(isFirstPageFailure, (state, action) => {
        state.status = 'failed';
        // The previous list's records were kept only until this one's first page came; when
        // the server can't be reached they stay (with their count) while the saga retries
        // (EXTENSIONS.md §11: a search never empties the grid).
        if (!sameQuery(state.shown, state.query) && !action.payload.unreachable) {
          state.items = [];
          state.shown = null;
          state.total = null;
        }
        if (
          isFriendsFirstPageFailure(action) &&
          (action.payload.status === 404 || action.payload.status === 400)
        ) {
          state.friendNotFound = true;
        }
      })
      .addMatcher(endsSession, () => NO_LIST)
      // A first page: the same list keeps its pages while its first page is revalidated
      // (If-None-Match). Another sort or search of the same crate keeps showing the
      // current records and count until its first page comes (SET_RECORDS replaces them;
      // no next page of theirs is asked for meanwhile); another crate starts empty.
      .addMatcher(
        (action: UnknownAction) => queryOf(action) !== undefined,
        (state, action) => {
          const query = queryOf(action)!;
          if (sameQuery(state.query, query) && state.etag !== null) {
            state.status = 'loading';
            state.friendNotFound = false;
            return;
          }
          if (state.shown?.owner === query.owner && state.items.length > 0) {
            return {
              ...NO_LIST,
              items: state.items,
              shown: state.shown,
              total: state.total,
              query,
              status: 'loading',
            };
          }
          return { ...NO_LIST, query, status: 'loading' };
        },
      )
      // A next page is asked for only when one follows and none is on its way.
      .addMatcher(
        (action: UnknownAction) =>
          fetchRecordsNextPage.match(action) || fetchFriendsRecordsNextPage.match(action),
        (state, action) => {
          const owner = fetchFriendsRecordsNextPage.match(action) ? action.payload : 'own';
          if (state.next !== null && state.status !== 'loading' && state.query?.owner === owner) {
            state.status = 'loading';
          }
        },
      );
  },
}).reducer;

const NO_LOOKUP: RecordLookup = { recordId: null, friendId: null, record: null, status: 'idle' };

/** The last record looked up by id (FETCH_RECORD). */
export const recordLookupReducer = createSlice({
  name: 'recordLookup',
  initialState: NO_LOOKUP,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchRecord, (_state, action) => ({
        recordId: action.payload.recordId,
        friendId: action.payload.friendId ?? null,
        record: null,
        status: 'loading',
      }))
      .addCase(setRecord, (state, action) => {
        if (state.recordId !== action.payload.recordId || state.friendId !== action.payload.friendId) return;
        state.record = action.payload.record;
        state.status = 'succeeded';
      })
      .addCase(recordSaved, (state, action) => {
        if (state.record?.id === action.payload.id) state.record = action.payload;
      })
      .addCase(fetchRecordFailed, (state) => {
        state.status = 'failed';
      })
      .addMatcher(endsSession, () => NO_LOOKUP);
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

interface RecordsStatus {
  /** The last add or edit: `succeeded` lets the form move on, `failed` lets the user try again. */
  save: LoadStatus;
}

const initialRecordsStatus: RecordsStatus = { save: 'idle' };

export const recordsStatusReducer = createSlice({
  name: 'recordsStatus',
  initialState: initialRecordsStatus,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(postRecord, (state) => {
        state.save = 'loading';
      })
      .addCase(editRecord, (state) => {
        state.save = 'loading';
      })
      .addCase(recordSaved, (state) => {
        state.save = 'succeeded';
      })
      .addMatcher(isAnyOf(postRecordFailed, editRecordFailed), (state) => {
        state.save = 'failed';
      })
      .addMatcher(endsSession, () => initialRecordsStatus);
  },
}).reducer;

/** The last barcode look-up of the add screen (EXTENSIONS.md §4). */
interface BarcodeState {
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
          ? {
              ...NO_BARCODE,
              status: 'succeeded',
              code: action.payload.code,
              releases: action.payload.releases,
            }
          : state,
      )
      .addCase(lookupBarcodeFailed, (state, action) =>
        state.code === action.payload.code
          ? {
              ...NO_BARCODE,
              status: 'failed',
              code: action.payload.code,
              // A 503, or no answer at all: the service could not answer.
              unreachable: action.payload.status === undefined || action.payload.status === 503,
            }
          : state,
      )
      .addCase(clearBarcode, () => NO_BARCODE)
      .addMatcher(endsSession, () => NO_BARCODE);
  },
}).reducer;

/** The part of the root state the records selectors read. */
interface WithRecordsStatus {
  records: RecordsList;
  recordsStatus: RecordsStatus;
}

/** Whether the last list request (first page, own or a friend's) has answered, with or without success. */
export const selectRecordsLoaded = (state: WithRecordsStatus): boolean =>
  state.records.total !== null || state.records.status === 'failed';
/**
 * Whether the records shown belong to an earlier sort or search than the one asked for
 * last, whose first page is on its way (the grid shows them as busy).
 */
export const selectRecordsPending = (state: WithRecordsStatus): boolean =>
  state.records.query !== null &&
  !sameQuery(state.records.shown, state.records.query) &&
  state.records.items.length > 0;
/** Where the last add or edit is. */
export const selectRecordSaveStatus = (state: WithRecordsStatus): LoadStatus => state.recordsStatus.save;
/** Whether the last friend's-crate request was answered "not your friend" (or a bad id). */
export const selectFriendNotFound = (state: WithRecordsStatus): boolean => state.records.friendNotFound;
