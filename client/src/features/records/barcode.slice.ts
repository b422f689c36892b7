/** The last barcode look-up of the add screen (EXTENSIONS.md §4). */
import { createSlice } from '@reduxjs/toolkit';
import type { Release } from '@spincrate/contract';
import { barcodeFound, clearBarcode, lookupBarcode, lookupBarcodeFailed } from './records.actions';
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

export const barcodeReducer = createSlice({
  name: 'barcode',
  initialState: NO_BARCODE,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(lookupBarcode, (_state, action) => ({
        ...NO_BARCODE,
        status: 'loading',
        code: action.payload,
      }))
      .addCase(barcodeFound, (state, action) =>
        state.code === action.payload.code
          ? {
              ...NO_BARCODE,
              status: 'succeeded',
              code: action.payload.code,
              releases: action.payload.releases,
            }
          : state,
      )
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
      .addCase(clearBarcode, () => NO_BARCODE)
      .addMatcher(endsSession, () => NO_BARCODE);
  },
}).reducer;
