/**
 * The named actions of the stats feature (EXTENSIONS.md §3). The screen dispatches
 * FETCH_STATS; the saga answers with the stats slice's `setStats`, or FETCH_STATS_FAILED (and the app-wide
 * failure log, app/failureLog.ts, logs it).
 */
import { createAction } from '@reduxjs/toolkit';
import { requestFailure } from '@/lib/requests';

/** Fetches the caller's stats; the payload is today's date (YYYY-MM-DD) in the user's calendar. */
export const fetchStats = createAction<string>('FETCH_STATS');
/** FETCH_STATS failed (payload: the HTTP status, when there was an answer, and the message). */
export const fetchStatsFailed = requestFailure(fetchStats.type);
