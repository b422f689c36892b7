/** The HTTP call of the stats feature. */
import { api } from '@/lib/api';
import type { Stats, YearReview } from './stats.types';

/**
 * GET /api/stats?today=D (API.md "Listening statistics").
 * @param today - the user's calendar date, YYYY-MM-DD; the server counts streaks and the 365 days up to it
 * @returns the caller's stats
 * @throws the axios error of a failed call (401, 400, 429, 503 ...)
 */
export async function getStats(today: string): Promise<Stats> {
  const response = await api.get<Stats>('/api/stats', { params: { today } });
  return response.data;
}

/**
 * GET /api/stats/year/{yyyy}?today=D (API.md "Year in review").
 * @param year - the calendar year, not after the year of `today`
 * @param today - the user's calendar date, YYYY-MM-DD (the year is `complete` from its 31 December)
 * @returns the caller's year in review
 * @throws the axios error of a failed call (401, 400, 429, 503 ...)
 */
export async function getYearReview(year: number, today: string): Promise<YearReview> {
  const response = await api.get<YearReview>(`/api/stats/year/${year}`, { params: { today } });
  return response.data;
}
