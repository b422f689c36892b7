/**
 * The last barcode look-up of the add screen (EXTENSIONS.md §4): LOOKUP_BARCODE asks
 * (records.actions.ts, with its failure action); the records saga puts this slice's
 * `barcodeFound` with the answer; the screen's `clearBarcode` forgets it on leaving.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BarcodeLookup, Release } from '@spincrate/contract';
import { lookupBarcode, lookupBarcodeFailed } from './records.actions';
import type { LoadStatus } from '@/lib/requests';
import { endsSession } from '@/entities/session/session';

interface BarcodeState {
  /** idle: none yet; loading: asked; succeeded: answered (releases may be empty); failed: no answer. */
  status: LoadStatus;
  /** The digits looked up. */
  code: string | null;
  releases: Release[];
  /** On failure: true when the service could not be reached (503 or no answer). */
  unreachable: boolean;
}

const NO_BARCODE: BarcodeState = { status: 'idle', code: null, releases: [], unreachable: false };

const barcodeSlice = createSlice({
  name: 'barcode',
  initialState: NO_BARCODE,
  reducers: {
    /** The pressings found for a barcode (possibly none); an answer for other digits than the last asked is dropped. */
    barcodeFound: (state, action: PayloadAction<BarcodeLookup>) =>
      state.code === action.payload.code
        ? {
            ...NO_BARCODE,
            status: 'succeeded' as const,
            code: action.payload.code,
            releases: action.payload.releases,
          }
        : state,
    /** The add screen forgets the last barcode look-up (on leaving it). */
    clearBarcode: () => NO_BARCODE,
  },
  extraReducers: (builder) => {
    builder
      .addCase(lookupBarcode, (_state, action) => ({
        ...NO_BARCODE,
        status: 'loading',
        code: action.payload,
      }))
      .addCase(lookupBarcodeFailed, (state, action) =>
        state.code === action.payload.code
          ? {
              ...NO_BARCODE,
              status: 'failed',
              code: action.payload.code,
              // A 503, or no answer at all: the service could not answer.
              unreachable: action.payload.status === undefined || action.payload.status === 503,
            }
          : state,
      )
      .addMatcher(endsSession, () => NO_BARCODE);
  },
});

export const { barcodeFound, clearBarcode } = barcodeSlice.actions;
export const barcodeReducer = barcodeSlice.reducer;
