/**
 * The blindbag (PRODUCT.md §4 "Blindbag"): nothing drawn until the first draw, then
 * the drawn record. `nothingMatched` is set when the server answers 404 (the crate is
 * empty or nothing matches the filter), so the screen can say so.
 */
import { createSlice } from '@reduxjs/toolkit';
import { clearBlindbag, fetchBlindbag, setBlindbag } from './blindbag.actions';
import { requestFailed } from '../../lib/requests';
import { endsSession } from '../../lib/session';
import type { BlindbagRecord } from '../../lib/types';

export interface BlindbagState {
  /** The drawn record; null until the first draw and after leaving the screen. */
  record: BlindbagRecord | null;
  /** True while a draw is on its way. */
  drawing: boolean;
  /** True when the last draw found nothing (404). */
  nothingMatched: boolean;
}

const initialState: BlindbagState = { record: null, drawing: false, nothingMatched: false };

export const blindbagReducer = createSlice({
  name: 'blindbag',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchBlindbag, (state) => {
        state.drawing = true;
        state.nothingMatched = false;
      })
      .addCase(setBlindbag, (state, action) => {
        state.record = action.payload;
        state.drawing = false;
        state.nothingMatched = false;
      })
      .addCase(clearBlindbag, () => initialState)
      .addCase(requestFailed, (state, action) => {
        if (action.payload.action !== fetchBlindbag.type) return;
        state.drawing = false;
        if (action.payload.status === 404) {
          state.record = null;
          state.nothingMatched = true;
        }
      })
      .addMatcher(endsSession, () => initialState);
  },
}).reducer;
