/** Whether the last add or edit of a record went through (POST_RECORD, EDIT_RECORD). */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { editRecord, editRecordFailed, postRecord, postRecordFailed, recordSaved } from './records.actions';
import type { LoadStatus } from '@/lib/requests';
import { endsSession } from '@/entities/session/session';

interface RecordsStatus {
  /** The last add or edit: `succeeded` lets the form move on, `failed` lets the user try again. */
  save: LoadStatus;
}

const initialRecordsStatus: RecordsStatus = { save: 'idle' };

export const recordsStatusReducer = createSlice({
  name: 'recordsStatus',
  initialState: initialRecordsStatus,
  // No setter of its own: every action it answers is named (PRODUCT.md §7), a failure or shared.
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(postRecord, (state) => {
        state.save = 'loading';
      })
      .addCase(editRecord, (state) => {
        state.save = 'loading';
      })
      .addCase(recordSaved, (state) => {
        state.save = 'succeeded';
      })
      .addMatcher(isAnyOf(postRecordFailed, editRecordFailed), (state) => {
        state.save = 'failed';
      })
      .addMatcher(endsSession, () => initialRecordsStatus);
  },
}).reducer;

/** Where the last add or edit is. */
export const selectRecordSaveStatus = (state: { recordsStatus: RecordsStatus }): LoadStatus =>
  state.recordsStatus.save;
