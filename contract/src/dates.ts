/**
 * The parsers behind a spin's `timeSpent` and `listenedAt` (API.md "Field rules").
 * Plain JavaScript, so the browser can check a form the way the server will.
 */
import { EARLIEST_LISTENED_AT, SPIN_HOURS_MAX } from './limits.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reads a time spent written `H:M` or `H:MM` (hours 0–99, minutes 0–59).
 * @param text - trimmed input, e.g. `1:5`, `1:05`, `12:30`
 * @returns the duration in minutes (`1:5` → 65), or null when it is not such a time
 */
export function parseTimeSpent(text: string): number | null {
  const match = /^(\d{1,2}):(\d{1,2})$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > SPIN_HOURS_MAX || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** `YYYY-MM-DD` of a UTC instant. */
function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** True when year/month/day name a day of the proleptic Gregorian calendar. */
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// MM/DD/YYYY, what the client's date picker shows (M/D/YYYY is read the same way).
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
// YYYY-MM-DD, optionally followed by an ISO 8601 time and offset (seconds and fraction optional).
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:[Zz]|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/** The outcome of `parseListenedAt`: the calendar date, or why the text is not one. */
export type ListenedAtResult = { date: string } | { error: string };

/**
 * Reads the day a spin was listened to (API.md "Field rules": listenedAt).
 *
 * Accepts `MM/DD/YYYY`, `YYYY-MM-DD`, or an ISO 8601 timestamp such as
 * `2026-11-20T14:03:00.000Z`, of which only the date part as written is used (no
 * timezone shift). The day must exist (`02/30/2026` does not) and lie from
 * 1900-01-01 up to tomorrow, UTC (so every timezone's "today" is accepted).
 * @param text - trimmed input
 * @param now - the current instant (tests pass a fixed one)
 * @returns `{ date: 'YYYY-MM-DD' }` or `{ error }` with a message for `fields.listenedAt`
 */
export function parseListenedAt(text: string, now: Date = new Date()): ListenedAtResult {
  let year: number;
  let month: number;
  let day: number;
  const us = US_DATE.exec(text);
  const iso = us ? null : ISO_DATE.exec(text);
  if (us) {
    [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
  } else if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    const [hours, minutes, seconds, offsetHours, offsetMinutes] = [
      iso[4],
      iso[5],
      iso[6],
      iso[7],
      iso[8],
    ].map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number];
    if (hours > 23 || minutes > 59 || seconds > 60 || offsetHours > 23 || offsetMinutes > 59) {
      return { error: 'has a time that does not exist' };
    }
  } else {
    return { error: 'must be a date as MM/DD/YYYY or YYYY-MM-DD' };
  }
  if (!isCalendarDate(year, month, day)) return { error: 'is not a real calendar date' };
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const latest = utcDate(new Date(now.getTime() + DAY_MS));
  if (date < EARLIEST_LISTENED_AT || date > latest) {
    return { error: `must be between ${EARLIEST_LISTENED_AT} and ${latest}` };
  }
  return { date };
}
