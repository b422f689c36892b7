/**
 * The mood list of the add and edit forms: FETCH_MOOD (entities/crate/crate.ts) asks for it,
 * the records saga puts this slice's `setMood` with the answer.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Mood } from '@spincrate/contract';

const moodSlice = createSlice({
  name: 'mood',
  initialState: [] as Mood[],
  reducers: {
    /** The moods GET /api/mood answered. */
    setMood: (_state, action: PayloadAction<Mood[]>) => action.payload,
  },
});

export const { setMood } = moodSlice.actions;
export const moodReducer = moodSlice.reducer;
