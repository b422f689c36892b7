/**
 * One record looked up by id, for the screens that show one record: FETCH_RECORD
 * (entities/crate/crate.ts) asks, the records saga puts this slice's `setRecord` with the
 * answer.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CrateRecord } from '@spincrate/contract';
import { recordSaved } from './records.actions';
import { fetchRecord, fetchRecordFailed, type RecordLookup } from '@/entities/crate/crate';
import { endsSession } from '@/entities/session/session';

const NO_LOOKUP: RecordLookup = { recordId: null, friendId: null, record: null, status: 'idle' };

/** The last record looked up by id (FETCH_RECORD). */
const recordLookupSlice = createSlice({
  name: 'recordLookup',
  initialState: NO_LOOKUP,
  reducers: {
    /** The answer of FETCH_RECORD: the record, or null when that crate has none with this id. */
    setRecord: (
      state,
      action: PayloadAction<{ recordId: number; friendId: number | null; record: CrateRecord | null }>,
    ) => {
      if (state.recordId !== action.payload.recordId || state.friendId !== action.payload.friendId) return;
      state.record = action.payload.record;
      state.status = 'succeeded';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchRecord, (_state, action) => ({
        recordId: action.payload.recordId,
        friendId: action.payload.friendId ?? null,
        record: null,
        status: 'loading',
      }))
      .addCase(recordSaved, (state, action) => {
        if (state.record?.id === action.payload.id) state.record = action.payload;
      })
      .addCase(fetchRecordFailed, (state) => {
        state.status = 'failed';
      })
      .addMatcher(endsSession, () => NO_LOOKUP);
  },
});

export const { setRecord } = recordLookupSlice.actions;
export const recordLookupReducer = recordLookupSlice.reducer;
