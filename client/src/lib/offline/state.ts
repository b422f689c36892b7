/**
 * What the screens show of the offline copy (EXTENSIONS.md §9): when it was last synced,
 * which screens show it instead of the server's answer (the chip "Offline copy · synced
 * {time}"), and the outbox (spins and wants waiting to be sent); its requests (PRODUCT.md names
 * none of them; the types follow its style), the slice's own setters (`offline/…`), which the
 * sagas put, and its selectors. Shared code: the screens that show the copy read it; the slice
 * is one of the user data's (app/userData.ts), the sagas are in features/offline.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { endsSession, setUser } from '@/entities/session/session';
import { requestFailure } from '@/lib/requests';
import type { OutboxItem, ScanItem } from './db';
import type { ShopAnswer } from './read';

/** The screens that can show the offline copy instead of the server's answer. */
export type OfflineScreen = 'records' | 'record' | 'wants' | 'blindbag';

/** SYNC_OFFLINE_COPY: bring the offline copy up to date now (GET /api/sync/records, /wants). */
export const syncOfflineCopy = createAction('SYNC_OFFLINE_COPY');
export const syncOfflineCopyFailed = requestFailure(syncOfflineCopy.type);

/** What the offline copy answered for a barcode the server could not look up (EXTENSIONS.md §9). */
export interface ShopAnswerShown {
  /** The digits looked up. */
  code: string;
  answer: ShopAnswer;
  /** ISO 8601 time of the copy's last complete sync. */
  syncedAt: string;
  /** Records in the copy. */
  records: number;
  /** Neither in the crate nor on the wantlist: kept in the scan list to look up later. */
  queued: boolean;
}

/** LOOK_UP_SCANS: look up the scans kept while offline (GET /api/lookup/barcode each), then setScans. */
export const lookUpScans = createAction('LOOK_UP_SCANS');
export const lookUpScansFailed = requestFailure(lookUpScans.type);

/**
 * WRITE_QUEUED: a spin or want was put into the outbox (the server could not be reached); its
 * screen moves on (the wants slice answers it, so it stays a shared action).
 */
export const writeQueued = createAction<'spin' | 'want'>('WRITE_QUEUED');
/** FLUSH_OUTBOX: send the spins and wants waiting in the outbox. */
export const flushOutbox = createAction('FLUSH_OUTBOX');
export const flushOutboxFailed = requestFailure(flushOutbox.type);
/** DISCARD_OUTBOX_ITEM: remove an item (by clientId) the server refused, without sending it. */
export const discardOutboxItem = createAction<string>('DISCARD_OUTBOX_ITEM');
export const discardOutboxItemFailed = requestFailure(discardOutboxItem.type);

interface OfflineState {
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
  /** The last barcode answered from the copy, or null. */
  shop: ShopAnswerShown | null;
  /** The scans kept while offline, the latest first. */
  scans: ScanItem[];
}

const initialState: OfflineState = {
  syncedAt: null,
  records: 0,
  shown: {},
  outbox: [],
  loginNeeded: false,
  shop: null,
  scans: [],
};

const offlineSlice = createSlice({
  name: 'offline',
  initialState,
  reducers: {
    /** A sync ended: when, and how many records the copy holds. */
    offlineCopySynced: (state, action: PayloadAction<{ syncedAt: string; records: number }>) => {
      state.syncedAt = action.payload.syncedAt;
      state.records = action.payload.records;
    },
    /** A screen shows the copy (the server could not answer within 3 s). */
    offlineCopyShown: (state, action: PayloadAction<{ screen: OfflineScreen; syncedAt: string }>) => {
      state.shown[action.payload.screen] = true;
      state.syncedAt = action.payload.syncedAt;
    },
    /** The server answered the screen again. */
    offlineCopyHidden: (state, action: PayloadAction<OfflineScreen>) => {
      delete state.shown[action.payload];
    },
    /** What the outbox holds now (waiting and failed items, oldest first). */
    setOutbox: (state, action: PayloadAction<OutboxItem[]>) => {
      state.outbox = action.payload;
      if (action.payload.length === 0) state.loginNeeded = false;
    },
    /** The server answered 401 to a send: the items stay, the user must log in again. */
    outboxLoginNeeded: (state) => {
      state.loginNeeded = true;
    },
    /** A barcode screen answers from the offline copy (the server can't be reached). */
    shopAnswerShown: (state, action: PayloadAction<ShopAnswerShown>) => {
      state.shop = action.payload;
      state.syncedAt = action.payload.syncedAt;
    },
    /** The scans kept, the latest first. */
    setScans: (state, action: PayloadAction<ScanItem[]>) => {
      state.scans = action.payload;
    },
  },
  extraReducers: (builder) => {
    // A logout forgets everything (the copy is deleted); a 401 keeps the outbox shown.
    builder.addMatcher(endsSession, (state, action) =>
      setUser.match(action)
        ? initialState
        : { ...initialState, outbox: state.outbox, loginNeeded: state.loginNeeded },
    );
  },
});

export const {
  offlineCopySynced,
  offlineCopyShown,
  offlineCopyHidden,
  setOutbox,
  outboxLoginNeeded,
  shopAnswerShown,
  setScans,
} = offlineSlice.actions;
export const offlineReducer = offlineSlice.reducer;

interface WithOffline {
  offline?: OfflineState;
}

/** When the copy was last synced (ISO 8601), or null. */
export const selectOfflineSyncedAt = (state: WithOffline): string | null => state.offline?.syncedAt ?? null;
/** Whether `screen` shows the offline copy now. */
export const selectShowsOfflineCopy = (state: WithOffline, screen: OfflineScreen): boolean =>
  state.offline?.shown[screen] === true;
/** The outbox's items, oldest first. */
export const selectOutbox = (state: WithOffline): OutboxItem[] => state.offline?.outbox ?? EMPTY;
/** Whether sending the outbox needs a new login. */
export const selectOutboxLoginNeeded = (state: WithOffline): boolean => state.offline?.loginNeeded ?? false;

const EMPTY: OutboxItem[] = [];

/** The copy's answer to `code`, when the last barcode answered from the copy was that one. */
export const selectShopAnswer = (state: WithOffline, code: string | null): ShopAnswerShown | null => {
  const shop = state.offline?.shop ?? null;
  return shop && code !== null && shop.code === code ? shop : null;
};
/** The scans kept while offline, the latest first. */
export const selectScans = (state: WithOffline): ScanItem[] => state.offline?.scans ?? NO_SCANS;

const NO_SCANS: ScanItem[] = [];
