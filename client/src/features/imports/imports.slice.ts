/**
 * Import from Discogs (API.md "Import from a Discogs collection export"): the named
 * actions of the import screen and the state they lead to — the import being shown,
 * whether a file is being sent, and why the last attempt failed.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { endsSession } from '@/entities/session/session';
import { requestFailure, type LoadStatus } from '@/lib/requests';
import type { ImportBody, Import as ImportProgress } from '@spincrate/contract';

/** An Import as the API returns it. */
export type { ImportProgress };

/**
 * POST_IMPORT: send a Discogs export's text with the mood of every imported record (the body of
 * POST /api/record/import, the contract's `importBodySchema` input).
 */
export const postImport = createAction<ImportBody>('POST_IMPORT');
/** POST_IMPORT_FAILED: the import could not be sent; `text` says why, to the user. */
export const postImportFailed = requestFailure<{ text: string }>(postImport.type);
/** RESUME_IMPORT: follow the signed-in user's running import again, if one is remembered. */
export const resumeImport = createAction('RESUME_IMPORT');
export const resumeImportFailed = requestFailure(resumeImport.type);
/** WATCH_IMPORT: poll this import until it is done. */
export const watchImport = createAction<number>('WATCH_IMPORT');
/** WATCH_IMPORT_FAILED: one progress read failed (the next read tries again, unless it was 400 or 404). */
export const watchImportFailed = requestFailure(watchImport.type);
/** STOP_IMPORT_WATCH: stop polling (the screen was left); the import goes on on the server. */
export const stopImportWatch = createAction('STOP_IMPORT_WATCH');

interface ImportsState {
  /** The import being shown, as last read from the server. */
  current: ImportProgress | null;
  /** Where the last file sent is (`loading` while it is being sent). */
  status: LoadStatus;
  /** Why the last import could not be sent ('' when it could). */
  error: string;
}

const initialState: ImportsState = { current: null, status: 'idle', error: '' };

const importsSlice = createSlice({
  name: 'imports',
  initialState,
  reducers: {
    /** The latest state of the import being shown (the imports saga's answer). */
    setImport: (state, action: PayloadAction<ImportProgress>) => {
      state.current = action.payload;
      if (state.status === 'loading') state.status = 'succeeded';
    },
    /** Forget the import being shown (the screen was left). */
    clearImport: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(postImport, (state) => {
        state.status = 'loading';
        state.error = '';
      })
      .addCase(postImportFailed, (state, action) => {
        state.status = 'failed';
        state.error = action.payload.text;
      })
      .addMatcher(endsSession, () => initialState);
  },
});

export const { setImport, clearImport } = importsSlice.actions;
export const importsReducer = importsSlice.reducer;

/** The part of the root state the import selectors read. */
interface WithImports {
  imports: ImportsState;
}

/** The import being shown, or null. */
export const selectCurrentImport = (state: WithImports) => state.imports.current;
/** Whether a file is being sent. */
export const selectImportSending = (state: WithImports): boolean => state.imports.status === 'loading';
/** Why the last import could not be sent ('' when it could). */
export const selectImportError = (state: WithImports): string => state.imports.error;
