/**
 * What the screens show of the offline copy (EXTENSIONS.md §9): when it was last synced,
 * which screens show it instead of the server's answer (the chip "Offline copy · synced
 * {time}"), and the outbox (spins and wants waiting to be sent).
 */
import { createSlice } from '@reduxjs/toolkit';
import { endsSession } from '@/lib/session';
import type { OutboxItem } from '@/lib/offline/db';
import {
  offlineCopyHidden,
  offlineCopyShown,
  offlineCopySynced,
  outboxLoginNeeded,
  setOutbox,
  type OfflineScreen,
} from './offline.actions';

export interface OfflineState {
  /** ISO 8601 time of the last complete sync known; null before one. */
  syncedAt: string | null;
  /** Records in the copy at that sync. */
  records: number;
  /** The screens showing the copy now. */
  shown: Partial<Record<OfflineScreen, boolean>>;
  /** The outbox's items, oldest first. */
  outbox: OutboxItem[];
  /** A send was answered 401: the items wait for a new login. */
  loginNeeded: boolean;
}

const initialState: OfflineState = { syncedAt: null, records: 0, shown: {}, outbox: [], loginNeeded: false };

export const offlineReducer = createSlice({
  name: 'offline',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(offlineCopySynced, (state, action) => {
        state.syncedAt = action.payload.syncedAt;
        state.records = action.payload.records;
      })
      .addCase(offlineCopyShown, (state, action) => {
        state.shown[action.payload.screen] = true;
        state.syncedAt = action.payload.syncedAt;
      })
      .addCase(offlineCopyHidden, (state, action) => {
        delete state.shown[action.payload];
      })
      .addCase(setOutbox, (state, action) => {
        state.outbox = action.payload;
        if (action.payload.length === 0) state.loginNeeded = false;
      })
      .addCase(outboxLoginNeeded, (state) => {
        state.loginNeeded = true;
      })
      .addMatcher(endsSession, (state) => ({
        ...initialState,
        outbox: state.outbox,
        loginNeeded: state.loginNeeded,
      }));
  },
}).reducer;

interface WithOffline {
  offline?: OfflineState;
}

/** When the copy was last synced (ISO 8601), or null. */
export const selectOfflineSyncedAt = (state: WithOffline): string | null => state.offline?.syncedAt ?? null;
/** Records in the copy at the last sync. */
export const selectOfflineRecordCount = (state: WithOffline): number => state.offline?.records ?? 0;
/** Whether `screen` shows the offline copy now. */
export const selectShowsOfflineCopy = (state: WithOffline, screen: OfflineScreen): boolean =>
  state.offline?.shown[screen] === true;
/** The outbox's items, oldest first. */
export const selectOutbox = (state: WithOffline): OutboxItem[] => state.offline?.outbox ?? EMPTY;
/** Whether sending the outbox needs a new login. */
export const selectOutboxLoginNeeded = (state: WithOffline): boolean => state.offline?.loginNeeded ?? false;

const EMPTY: OutboxItem[] = [];
