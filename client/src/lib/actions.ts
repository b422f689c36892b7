/**
 * Every named action of PRODUCT.md §7, defined once. Screens dispatch the request
 * actions; sagas answer with the result actions, or with `requestFailed`.
 */
import { createAction } from '@reduxjs/toolkit';
import type {
  BlindbagRecord,
  ClientConfig,
  CrateRecord,
  Credentials,
  Friend,
  HotpRecord,
  LatestListen,
  Mood,
  NewRecord,
  NewSpin,
  RecordEdit,
  Spin,
  SpinAlbumRow,
  User,
} from './types';

// --- auth (PRODUCT.md §4 "Auth") ---
export const fetchUser = createAction('FETCH_USER');
export const setUser = createAction<User | Record<string, never>>('SET_USER');
export const login = createAction<Credentials>('LOGIN');
export const loginInputError = createAction('LOGIN_INPUT_ERROR');
export const loginFailed = createAction<string>('LOGIN_FAILED');
export const clearLoginError = createAction('CLEAR_LOGIN_ERROR');
export const logout = createAction('LOGOUT');
export const register = createAction<Credentials>('REGISTER');
export const registrationInputError = createAction('REGISTRATION_INPUT_ERROR');
export const registrationFailed = createAction<string>('REGISTRATION_FAILED');
export const clearRegistrationError = createAction('CLEAR_REGISTRATION_ERROR');

// --- records ---
export const fetchRecords = createAction('FETCH_RECORDS');
export const clearRecords = createAction('CLEAR_RECORDS');
export const searchRecords = createAction<string>('SEARCH_RECORDS');
export const setRecords = createAction<CrateRecord[]>('SET_RECORDS');
export const postRecord = createAction<NewRecord>('POST_RECORD');
export const editRecord = createAction<RecordEdit>('EDIT_RECORD');
export const deleteRecord = createAction<number>('DELETE_RECORD');
export const fetchMood = createAction('FETCH_MOOD');
export const setMood = createAction<Mood[]>('SET_MOOD');
/** Put by the records saga when POST_RECORD or EDIT_RECORD succeeded (the add and edit screens move on). */
export const recordSaved = createAction<CrateRecord>('RECORD_SAVED');

// --- friends and social ---
export const fetchFriends = createAction('FETCH_FRIENDS');
export const setFriends = createAction<Friend[]>('SET_FRIENDS');
export const postFriendship = createAction<{ friend_username: string }>('POST_FRIENDSHIP');
export const deleteFriendship = createAction<number>('DELETE_FRIENDSHIP');
export const fetchFriendsRecords = createAction<number>('FETCH_FRIENDS_RECORDS');
export const searchFriendsRecords = createAction<{ search: string; friend_id: number }>(
  'SEARCH_FRIENDS_RECORDS',
);
export const fetchHotp = createAction('FETCH_HOTP');
export const setHotp = createAction<HotpRecord[]>('SET_HOTP');
export const fetchLatestListens = createAction('FETCH_LATEST_LISTENS');
export const setLatestListens = createAction<LatestListen[]>('SET_LATEST_LISTENS');

// --- spins ---
export const fetchSpins = createAction('FETCH_SPINS');
export const setSpins = createAction<Array<Spin | SpinAlbumRow>>('SET_SPINS');
export const fetchSingleSpin = createAction<number>('FETCH_SINGLE_SPIN');
export const postSpins = createAction<NewSpin>('POST_SPINS');
export const deleteSpin = createAction<number>('DELETE_SPIN');

// --- blindbag ---
/** Payload: the filter text, or the filter and `unplayedDays` (EXTENSIONS.md §2 "Not played in"). */
export const fetchBlindbag = createAction<string | { search?: string; unplayedDays?: number } | undefined>(
  'FETCH_BLINDBAG',
);
export const setBlindbag = createAction<BlindbagRecord>('SET_BLINDBAG');
export const clearBlindbag = createAction('CLEAR_BLINDBAG');

// --- theme (PRODUCT.md §4: toggles between light and dark) ---
export const toggleTheme = createAction('TOGGLE_THEME');

// --- runtime configuration ---
export const fetchConfig = createAction('FETCH_CONFIG');
export const setConfig = createAction<ClientConfig>('SET_CONFIG');

/** Put by a saga whose call failed (PRODUCT.md §8: logged, not shown, unless a screen says so). */
export const requestFailed = createAction<{ action: string; status?: number; message: string }>(
  'REQUEST_FAILED',
);
