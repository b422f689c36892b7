/** One record looked up by id (FETCH_RECORD), for the screens that show one record. */
import { createSlice } from '@reduxjs/toolkit';
import { recordSaved, setRecord } from './records.actions';
import { fetchRecord, fetchRecordFailed, type RecordLookup } from '@/entities/crate/crate';
import { endsSession } from '@/entities/session/session';

const NO_LOOKUP: RecordLookup = { recordId: null, friendId: null, record: null, status: 'idle' };

/** The last record looked up by id (FETCH_RECORD). */
export const recordLookupReducer = createSlice({
  name: 'recordLookup',
  initialState: NO_LOOKUP,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchRecord, (_state, action) => ({
        recordId: action.payload.recordId,
        friendId: action.payload.friendId ?? null,
        record: null,
        status: 'loading',
      }))
      .addCase(setRecord, (state, action) => {
        if (state.recordId !== action.payload.recordId || state.friendId !== action.payload.friendId) return;
        state.record = action.payload.record;
        state.status = 'succeeded';
      })
      .addCase(recordSaved, (state, action) => {
        if (state.record?.id === action.payload.id) state.record = action.payload;
      })
      .addCase(fetchRecordFailed, (state) => {
        state.status = 'failed';
      })
      .addMatcher(endsSession, () => NO_LOOKUP);
  },
}).reducer;
