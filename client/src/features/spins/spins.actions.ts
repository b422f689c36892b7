/** The named actions of the spins feature (PRODUCT.md §4 "Spins", §7). */
import { createAction } from '@reduxjs/toolkit';
import type { NewSpin, SpinAlbumRow, SpinListItem } from '@/lib/types';

export const fetchSpins = createAction('FETCH_SPINS');
export const setSpins = createAction<Array<SpinListItem | SpinAlbumRow>>('SET_SPINS');
export const fetchSingleSpin = createAction<number>('FETCH_SINGLE_SPIN');
export const postSpins = createAction<NewSpin>('POST_SPINS');
export const deleteSpin = createAction<number>('DELETE_SPIN');
