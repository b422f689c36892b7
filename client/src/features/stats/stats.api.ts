/** The HTTP call of the stats feature. */
import { api } from '@/lib/api';
import type { Stats } from './stats.types';

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
