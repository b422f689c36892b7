/**
 * The records list: the loaded pages of one list (own crate, a friend's crate, or search
 * results; PRODUCT.md §4 "Searching … replaces the records list", EXTENSIONS.md §1), its
 * count and next page, and whether a friend's crate was refused; with its selectors.
 */
import { createSlice, isAnyOf, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { CrateRecord } from '@spincrate/contract';
import {
  fetchFriendsRecords,
  fetchFriendsRecordsFailed,
  fetchFriendsRecordsNextPage,
  fetchFriendsRecordsNextPageFailed,
  fetchRecords,
  fetchRecordsFailed,
  fetchRecordsNextPage,
  fetchRecordsNextPageFailed,
  recordSaved,
  searchFriendsRecords,
  searchFriendsRecordsFailed,
  searchRecords,
  searchRecordsFailed,
} from './records.actions';
import { clearRecords, type ListQuery, type RecordsList } from '@/entities/crate/crate';
import { sameQuery } from './records.list';
import { endsSession } from '@/entities/session/session';

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

const recordsSlice = createSlice({
  name: 'records',
  initialState: NO_LIST,
  reducers: {
    /**
     * Put by the records saga with the first page of a list: it replaces the loaded pages,
     * when it is the list asked for last.
     */
    setRecords: (
      state,
      action: PayloadAction<{
        query: ListQuery;
        records: CrateRecord[];
        total: number;
        next: string | null;
        etag: string | null;
      }>,
    ) => {
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
    },
    /**
     * Put by the records saga at an offline start, before the collection asks for its list: the
     * offline copy's first screen of that list (the service worker read it into the page), shown
     * at once, so the screen's first render has its covers (EXTENSIONS.md §9; issue 24). Taken
     * only while no list is asked for or shown: a list the user asked for is never replaced. The
     * screen's own first page then finds it shown (no busy mark) and replaces it as usual.
     */
    firstScreenShown: (
      state,
      action: PayloadAction<{ query: ListQuery; records: CrateRecord[]; total: number }>,
    ) => {
      if (state.query !== null || state.shown !== null) return state;
      const { query, records, total } = action.payload;
      return {
        ...state,
        items: records,
        query,
        shown: query,
        total,
        next: null,
        etag: null,
        status: 'succeeded',
      };
    },
    /** Put by the records saga when the first page was revalidated unchanged (304): the loaded pages stay. */
    recordsNotModified: (state, action: PayloadAction<{ query: ListQuery }>) => {
      if (sameQuery(state.query, action.payload.query)) state.status = 'succeeded';
    },
    /**
     * Put by the records saga with a next page: `from` is the URL it was loaded from (the
     * `next` it followed). It joins the list only when it continues the pages loaded (the
     * query has not changed).
     */
    recordsPageLoaded: (
      state,
      action: PayloadAction<{ from: string; records: CrateRecord[]; total: number; next: string | null }>,
    ) => {
      if (state.next !== action.payload.from) return;
      state.items.push(...action.payload.records);
      state.total = action.payload.total;
      state.next = action.payload.next;
      state.status = 'succeeded';
    },
  },
  extraReducers: (builder) => {
    builder
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
      // current records and count until its first page comes (setRecords replaces them;
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
});

export const { setRecords, firstScreenShown, recordsNotModified, recordsPageLoaded } = recordsSlice.actions;
export const recordsReducer = recordsSlice.reducer;

/** The part of the root state the list selectors read. */
interface WithRecords {
  records: RecordsList;
}

/** Whether the last list request (first page, own or a friend's) has answered, with or without success. */
export const selectRecordsLoaded = (state: WithRecords): boolean =>
  state.records.total !== null || state.records.status === 'failed';
/**
 * Whether the records shown belong to an earlier sort or search than the one asked for
 * last, whose first page is on its way (the grid shows them as busy).
 */
export const selectRecordsPending = (state: WithRecords): boolean =>
  state.records.query !== null &&
  !sameQuery(state.records.shown, state.records.query) &&
  state.records.items.length > 0;
/** Whether the last friend's-crate request was answered "not your friend" (or a bad id). */
export const selectFriendNotFound = (state: WithRecords): boolean => state.records.friendNotFound;
