/**
 * The spins list. Fetching a single spin replaces the list with the response rows
 * (PRODUCT.md §4).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  fetchSingleSpin,
  fetchSingleSpinFailed,
  fetchSpins,
  fetchSpinsFailed,
  searchPickerRecords,
  searchPickerRecordsFailed,
} from './spins.actions';
import { clearRecords } from '@/entities/crate/crate';
import type { LoadStatus } from '@/lib/requests';
import { endsSession } from '@/entities/session/session';
import type { CrateRecord, SpinDetailRow as SpinAlbumRow, SpinListItem } from '@spincrate/contract';

const spinsSlice = createSlice({
  name: 'spins',
  initialState: [] as Array<SpinListItem | SpinAlbumRow>,
  reducers: {
    /**
     * The answer of FETCH_SPINS (the list) or FETCH_SINGLE_SPIN (the spin's album rows): it
     * replaces the list (PRODUCT.md §4).
     */
    setSpins: (_state, action: PayloadAction<Array<SpinListItem | SpinAlbumRow>>) => action.payload,
  },
  extraReducers: (builder) => {
    builder.addMatcher(endsSession, () => []);
  },
});

export const { setSpins } = spinsSlice.actions;
export const spinsReducer = spinsSlice.reducer;

/** Where the spins list's last FETCH_SPINS is: the /spins screen says so when it failed. */
export interface SpinsListState {
  status: LoadStatus;
}

const initialSpinsList: SpinsListState = { status: 'idle' };

export const spinsListReducer = createSlice({
  name: 'spinsList',
  initialState: initialSpinsList,
  // No setter of its own: it answers FETCH_SPINS, its failure and the spins slice's setSpins.
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchSpins, () => ({ status: 'loading' as const }))
      .addCase(setSpins, (state) => {
        if (state.status === 'loading') state.status = 'succeeded';
      })
      .addCase(fetchSpinsFailed, () => ({ status: 'failed' as const }))
      .addMatcher(endsSession, () => initialSpinsList);
  },
}).reducer;

/** Whether the last FETCH_SPINS failed (no answer, or an error answer). */
export const selectSpinsListFailed = (state: { spinsList: SpinsListState }): boolean =>
  state.spinsList.status === 'failed';

export interface SpinLookupState {
  /** Where the last FETCH_SINGLE_SPIN is. */
  status: LoadStatus;
  /**
   * Whether it was answered "no such spin" (404, or a malformed id: 400), so the details
   * screen can say so instead of loading forever.
   */
  notFound: boolean;
}

const initialLookup: SpinLookupState = { status: 'idle', notFound: false };

export const spinLookupReducer = createSlice({
  name: 'spinLookup',
  initialState: initialLookup,
  // No setter of its own: it answers FETCH_SINGLE_SPIN, its failure and the spins slice's setSpins.
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchSingleSpin, () => ({ status: 'loading' as const, notFound: false }))
      // The spins slice's answer ends the look-up too.
      .addCase(setSpins, (state) => {
        if (state.status === 'loading') state.status = 'succeeded';
      })
      .addCase(fetchSingleSpinFailed, (state, action) => {
        const { status } = action.payload;
        state.status = 'failed';
        if (status === 404 || status === 400) state.notFound = true;
      })
      .addMatcher(endsSession, () => initialLookup);
  },
}).reducer;

/** Whether the last FETCH_SINGLE_SPIN was answered "no such spin" (404, or a malformed id). */
export const selectSpinNotFound = (state: { spinLookup: SpinLookupState }): boolean =>
  state.spinLookup.notFound;

/** The add-spin record picker's choices (EXTENSIONS.md §1: searched on the server). */
export interface RecordPickerState {
  /** The text the records answer ('' for the newest records). */
  search: string;
  records: CrateRecord[];
  /** Where the last SEARCH_PICKER_RECORDS is (its delay included). */
  status: LoadStatus;
}

const NO_PICKER: RecordPickerState = { search: '', records: [], status: 'idle' };

const recordPickerSlice = createSlice({
  name: 'recordPicker',
  initialState: NO_PICKER,
  reducers: {
    /** The spins saga's answer of SEARCH_PICKER_RECORDS: the picker's records for one text. */
    setPickerRecords: (state, action: PayloadAction<{ search: string; records: CrateRecord[] }>) => {
      if (state.search !== action.payload.search) return;
      state.records = action.payload.records;
      state.status = 'succeeded';
    },
  },
  extraReducers: (builder) => {
    builder
      // A new text empties the choices until its answer comes ("Loading...").
      .addCase(searchPickerRecords, (_state, action) => ({
        search: action.payload,
        records: [],
        status: 'loading' as const,
      }))
      .addCase(searchPickerRecordsFailed, (state) => {
        state.status = 'failed';
      })
      // PRODUCT.md §4: the records are cleared when leaving the add-spin screen.
      .addCase(clearRecords, () => NO_PICKER)
      .addMatcher(endsSession, () => NO_PICKER);
  },
});

export const { setPickerRecords } = recordPickerSlice.actions;
export const recordPickerReducer = recordPickerSlice.reducer;

/** The add-spin record picker's choices. */
export const selectRecordPicker = (state: { recordPicker: RecordPickerState }): RecordPickerState =>
  state.recordPicker;
