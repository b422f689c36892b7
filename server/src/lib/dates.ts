/**
 * Calendar dates as `YYYY-MM-DD` text (API.md: `listened_at`, `last_played`, stats'
 * `today`): no time and no time zone, so arithmetic is done on UTC midnights.
 */

const DAY_MS = 86_400_000;

/** The server's current UTC date, `YYYY-MM-DD`. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The date `days` days after `date` (before it when negative).
 * @param date - `YYYY-MM-DD`, a real calendar date
 * @returns `YYYY-MM-DD`
 */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
