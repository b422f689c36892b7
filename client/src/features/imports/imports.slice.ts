/**
 * Import from Discogs (API.md "Import from a Discogs collection export"): the named
 * actions of the import screen and the state they lead to — the import being shown,
 * whether a file is being sent, and why the last attempt failed.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import { endsSession } from '../../lib/session';
import type { ImportProgress } from '../../lib/types';

/** An Import as the API returns it. */
export type { ImportProgress };

/** POST_IMPORT: send a Discogs export's text with the mood of every imported record. */
export const postImport = createAction<{ csv: string; mood: number }>('POST_IMPORT');
/** RESUME_IMPORT: follow the signed-in user's running import again, if one is remembered. */
export const resumeImport = createAction('RESUME_IMPORT');
/** WATCH_IMPORT: poll this import until it is done. */
export const watchImport = createAction<number>('WATCH_IMPORT');
/** STOP_IMPORT_WATCH: stop polling (the screen was left); the import goes on on the server. */
export const stopImportWatch = createAction('STOP_IMPORT_WATCH');
/** SET_IMPORT: the latest state of the import being shown. */
export const setImport = createAction<ImportProgress>('SET_IMPORT');
/** IMPORT_FAILED: the import could not be sent or read; the text is shown to the user. */
export const importFailed = createAction<string>('IMPORT_FAILED');
/** CLEAR_IMPORT: forget the import being shown (the screen was left). */
export const clearImport = createAction('CLEAR_IMPORT');

export interface ImportsState {
  /** The import being shown, as last read from the server. */
  current: ImportProgress | null;
  /** True while a file is being sent. */
  sending: boolean;
  /** Why the last import could not be sent ('' when it could). */
  error: string;
}

const initialState: ImportsState = { current: null, sending: false, error: '' };

export const importsReducer = createSlice({
  name: 'imports',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(postImport, (state) => {
        state.sending = true;
        state.error = '';
      })
      .addCase(setImport, (state, action) => {
        state.current = action.payload;
        state.sending = false;
      })
      .addCase(importFailed, (state, action) => {
        state.sending = false;
        state.error = action.payload;
      })
      .addCase(clearImport, () => initialState)
      .addMatcher(endsSession, () => initialState);
  },
}).reducer;
