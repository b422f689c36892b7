/**
 * The stats slice (EXTENSIONS.md §3): the last stats the server answered and where the
 * last FETCH_STATS is (`idle|loading|succeeded|failed`), with its selectors.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { endsSession } from '@/entities/session/session';
import { fetchStats, fetchStatsFailed } from './stats.actions';
import type { Stats, StatsStatus } from './stats.types';

interface StatsState {
  /** The last stats answered; null until then. */
  data: Stats | null;
  status: StatsStatus;
}

const initialState: StatsState = { data: null, status: 'idle' };

const statsSlice = createSlice({
  name: 'stats',
  initialState,
  reducers: {
    /** The stats the server answered (put by the stats saga). */
    setStats: (_state, action: PayloadAction<Stats>) => ({
      data: action.payload,
      status: 'succeeded' as const,
    }),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchStats, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchStatsFailed, (state) => {
        state.status = 'failed';
      })
      .addMatcher(endsSession, () => initialState);
  },
});

export const { setStats } = statsSlice.actions;
export const statsReducer = statsSlice.reducer;

/** The part of the root state this feature reads. */
interface WithStats {
  stats: StatsState;
}

/** The last stats answered, or null. */
export const selectStats = (state: WithStats) => state.stats.data;
/** Where the last FETCH_STATS is. */
export const selectStatsStatus = (state: WithStats) => state.stats.status;
