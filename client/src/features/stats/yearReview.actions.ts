/**
 * The named actions of the year in review (EXTENSIONS.md §10). The /rewind/{year} screen
 * dispatches FETCH_YEAR_REVIEW; the saga answers SET_YEAR_REVIEW, or
 * FETCH_YEAR_REVIEW_FAILED (and the app-wide `requestFailed`, which logs the failure).
 */
import { createAction } from '@reduxjs/toolkit';
import type { YearReview } from './stats.types';

/** Fetches one year in review: `year` (e.g. 2025) and today's date (YYYY-MM-DD) in the user's calendar. */
export const fetchYearReview = createAction<{ year: number; today: string }>('FETCH_YEAR_REVIEW');
/** The year in review the server answered. */
export const setYearReview = createAction<YearReview>('SET_YEAR_REVIEW');
/** FETCH_YEAR_REVIEW failed (payload: the HTTP status, when there was an answer). */
export const fetchYearReviewFailed = createAction<number | undefined>('FETCH_YEAR_REVIEW_FAILED');
