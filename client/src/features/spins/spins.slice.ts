/**
 * The spins list. Fetching a single spin replaces the list with the response rows
 * (PRODUCT.md §4).
 */
import { createSlice } from '@reduxjs/toolkit';
import { setSpins } from '../../lib/actions';
import type { Spin, SpinAlbumRow } from '../../lib/types';

export const spinsReducer = createSlice({
  name: 'spins',
  initialState: [] as Array<Spin | SpinAlbumRow>,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(setSpins, (_state, action) => action.payload);
  },
}).reducer;
