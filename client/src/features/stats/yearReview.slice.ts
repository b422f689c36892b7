/**
 * The year in review slice (EXTENSIONS.md §10): the year last asked for, the last answer
 * for it and where the last FETCH_YEAR_REVIEW is (`idle|loading|succeeded|failed`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { endsSession } from '@/entities/session/session';
import type { LoadStatus } from '@/lib/requests';
import { fetchYearReview, fetchYearReviewFailed } from './yearReview.actions';
import type { YearReview } from './stats.types';

interface YearReviewState {
  /** The year last asked for; null until then. */
  year: number | null;
  /** The answer for `year`; null while another year's is on its way. */
  data: YearReview | null;
  status: LoadStatus;
}

const initialState: YearReviewState = { year: null, data: null, status: 'idle' };

const yearReviewSlice = createSlice({
  name: 'yearReview',
  initialState,
  reducers: {
    /** The year in review the server answered (put by the stats saga). */
    setYearReview: (state, action: PayloadAction<YearReview>) => {
      // An answer for a year no longer asked for (takeLatest cancels it; this is the guard).
      if (action.payload.year !== state.year) return;
      state.data = action.payload;
      state.status = 'succeeded';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchYearReview, (state, action) => {
        if (state.year !== action.payload.year) state.data = null;
        state.year = action.payload.year;
        state.status = 'loading';
      })
      .addCase(fetchYearReviewFailed, (state) => {
        state.status = 'failed';
      })
      .addMatcher(endsSession, () => initialState);
  },
});

export const { setYearReview } = yearReviewSlice.actions;
export const yearReviewReducer = yearReviewSlice.reducer;

/** The part of the root state this slice reads. */
interface WithYearReview {
  yearReview: YearReviewState;
}

/** The year in review of `year` when it has been answered, else null. */
export const selectYearReview = (state: WithYearReview, year: number) =>
  state.yearReview.year === year ? state.yearReview.data : null;
/** Where the last FETCH_YEAR_REVIEW is. */
export const selectYearReviewStatus = (state: WithYearReview) => state.yearReview.status;
