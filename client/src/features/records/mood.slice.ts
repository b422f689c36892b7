/** The mood list of the add and edit forms (FETCH_MOOD). */
import { createSlice } from '@reduxjs/toolkit';
import type { Mood } from '@spincrate/contract';
import { setMood } from './records.actions';

export const moodReducer = createSlice({
  name: 'mood',
  initialState: [] as Mood[],
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(setMood, (_state, action) => action.payload);
  },
}).reducer;
