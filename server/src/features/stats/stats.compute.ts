/**
 * The parts of the listening statistics computed from the spin days (API.md
 * "Listening statistics"): totals, the 365-day window and the streaks.
 */
import { addDays } from '@/lib/dates.js';
import type { SpinDayRow } from './stats.queries.js';

/** Days in the `days` window, `today` included. */
const WINDOW_DAYS = 365;

/** What the spin days give. */
export interface SpinDaySummary {
  spins: number;
  minutes: number;
  /** `YYYY-MM-DD` of the earliest spin, null without spins. */
  first_spin: string | null;
  /** The years with a spin, ascending, none after `today`'s year. */
  spin_years: number[];
  current_streak: number;
  longest_streak: number;
  /** The days with spins from today − 364 to today, oldest first. */
  days: SpinDayRow[];
}

/**
 * Summarizes the days with spins.
 * @param days - every day with at least one spin, oldest first, each date once
 * @param today - `YYYY-MM-DD`
 * @returns totals over every spin (also spins dated after `today`); `days` limited to the
 *   window; `current_streak` the run of consecutive days that ends `today`, or yesterday
 *   when `today` has no spin, else 0; `longest_streak` the longest run ever; `spin_years` the
 *   years with a spin up to `today`'s year (each has a year in review, API.md "Year in review")
 */
export function summarizeSpinDays(days: SpinDayRow[], today: string): SpinDaySummary {
  const windowStart = addDays(today, 1 - WINDOW_DAYS);
  const summary: SpinDaySummary = {
    spins: 0,
    minutes: 0,
    first_spin: days[0]?.date ?? null,
    spin_years: [],
    current_streak: 0,
    longest_streak: 0,
    days: [],
  };
  const dates = new Set<string>();
  let run = 0;
  let previous: string | undefined;
  for (const day of days) {
    summary.spins += day.spins;
    summary.minutes += day.minutes;
    dates.add(day.date);
    const year = Number(day.date.slice(0, 4));
    if (day.date.slice(0, 4) <= today.slice(0, 4) && summary.spin_years.at(-1) !== year)
      summary.spin_years.push(year);
    if (day.date >= windowStart && day.date <= today) summary.days.push(day);
    run = previous !== undefined && addDays(previous, 1) === day.date ? run + 1 : 1;
    if (run > summary.longest_streak) summary.longest_streak = run;
    previous = day.date;
  }
  let end = dates.has(today) ? today : addDays(today, -1);
  while (dates.has(end)) {
    summary.current_streak += 1;
    end = addDays(end, -1);
  }
  return summary;
}
