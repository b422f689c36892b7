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

/**
 * Days from `from` to `to` (positive when `to` is later).
 * @param from - `YYYY-MM-DD`
 * @param to - `YYYY-MM-DD`
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** True when `text` is a real calendar date written `YYYY-MM-DD` (e.g. not `2025-02-29`). */
export function isIsoDate(text: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}
