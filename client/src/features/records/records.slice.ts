/**
 * The records list (own crate, or a friend's crate, or search results: PRODUCT.md §4
 * "Searching … replaces the records list") and the mood list.
 */
import { createSlice } from '@reduxjs/toolkit';
import { clearRecords, setMood, setRecords } from '../../lib/actions';
import type { CrateRecord, Mood } from '../../lib/types';

export const recordsReducer = createSlice({
  name: 'records',
  initialState: [] as CrateRecord[],
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(setRecords, (_state, action) => action.payload).addCase(clearRecords, () => []);
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
