/** The drawn record: empty until the first draw (PRODUCT.md §4 "Blindbag"). */
import { createSlice } from '@reduxjs/toolkit';
import { clearBlindbag, setBlindbag } from '../../lib/actions';
import type { BlindbagRecord } from '../../lib/types';

export const blindbagReducer = createSlice({
  name: 'blindbag',
  initialState: {} as BlindbagRecord | Record<string, never>,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(setBlindbag, (_state, action) => action.payload).addCase(clearBlindbag, () => ({}));
  },
}).reducer;
