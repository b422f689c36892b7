/**
 * The signed-in user's crate as several features read it: the records list and the
 * mood list (PRODUCT.md §3 `records`, `mood`), the actions that load them, and their
 * selectors. The slices themselves belong to the records feature; the spins (choosing
 * albums) and import (choosing a mood) screens use them through this module.
 */
import { createAction } from '@reduxjs/toolkit';
import type { CrateRecord, Mood } from './types';

/** FETCH_RECORDS: load the signed-in user's crate into the records list. */
export const fetchRecords = createAction('FETCH_RECORDS');
/** CLEAR_RECORDS: empty the records list (a screen is left). */
export const clearRecords = createAction('CLEAR_RECORDS');
/** FETCH_MOOD: load the mood list. */
export const fetchMood = createAction('FETCH_MOOD');

/** The part of the root state this module reads. */
interface WithCrate {
  records: CrateRecord[];
  mood: Mood[];
}

/** The records list (own crate, a friend's crate, or search results). */
export const selectRecords = (state: WithCrate): CrateRecord[] => state.records;
/** The moods records can have. */
export const selectMoods = (state: WithCrate): Mood[] => state.mood;
