/**
 * The named actions of the year in review (EXTENSIONS.md §10). The /rewind/{year} screen
 * dispatches FETCH_YEAR_REVIEW; the saga answers with the slice's `setYearReview`, or
 * FETCH_YEAR_REVIEW_FAILED (which app/failureLog.ts logs).
 */
import { createAction } from '@reduxjs/toolkit';
import { requestFailure } from '@/lib/requests';

/** Fetches one year in review: `year` (e.g. 2025) and today's date (YYYY-MM-DD) in the user's calendar. */
export const fetchYearReview = createAction<{ year: number; today: string }>('FETCH_YEAR_REVIEW');
/** FETCH_YEAR_REVIEW failed (payload: the HTTP status, when there was an answer, and the message). */
export const fetchYearReviewFailed = requestFailure(fetchYearReview.type);
