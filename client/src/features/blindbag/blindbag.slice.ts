/**
 * The blindbag (PRODUCT.md §4 "Blindbag"): nothing drawn until the first draw, then
 * the drawn record. `nothingMatched` is set when the server answers 404 (the crate is
 * empty or nothing matches the filter), so the screen can say so.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clearBlindbag, fetchBlindbag, fetchBlindbagFailed } from './blindbag.actions';
import type { LoadStatus } from '@/lib/requests';
import { endsSession } from '@/entities/session/session';
import type { BlindbagRecord } from '@spincrate/contract';

interface BlindbagState {
  /** The drawn record; null until the first draw and after leaving the screen. */
  record: BlindbagRecord | null;
  /** Where the last draw is (`loading` while it is on its way). */
  status: LoadStatus;
  /** True when the last draw found nothing (404). */
  nothingMatched: boolean;
}

const initialState: BlindbagState = { record: null, status: 'idle', nothingMatched: false };

const blindbagSlice = createSlice({
  name: 'blindbag',
  initialState,
  reducers: {
    /** The record drawn (put by the blindbag saga). */
    setBlindbag: (state, action: PayloadAction<BlindbagRecord>) => {
      state.record = action.payload;
      state.status = 'succeeded';
      state.nothingMatched = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchBlindbag, (state) => {
        state.status = 'loading';
        state.nothingMatched = false;
      })
      .addCase(clearBlindbag, () => initialState)
      .addCase(fetchBlindbagFailed, (state, action) => {
        state.status = 'failed';
        if (action.payload.status === 404) {
          state.record = null;
          state.nothingMatched = true;
        }
      })
      .addMatcher(endsSession, () => initialState);
  },
});

export const { setBlindbag } = blindbagSlice.actions;
export const blindbagReducer = blindbagSlice.reducer;

/** The part of the root state the blindbag selectors read. */
interface WithBlindbag {
  blindbag: BlindbagState;
}

/** The drawn record, or null. */
export const selectDrawnRecord = (state: WithBlindbag) => state.blindbag.record;
/** Whether a draw is on its way. */
export const selectDrawing = (state: WithBlindbag): boolean => state.blindbag.status === 'loading';
/** Whether the last draw found nothing (404). */
export const selectNothingMatched = (state: WithBlindbag): boolean => state.blindbag.nothingMatched;
