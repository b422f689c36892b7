/** The listening statistics as GET /api/stats answers them (API.md "Listening statistics"). */
import type { CrateRecord } from '../../lib/types';

/** One day with at least one spin. */
export interface StatsDay {
  /** YYYY-MM-DD */
  date: string;
  spins: number;
  minutes: number;
}

/** Records and plays of one mood, tag or decade. */
export interface StatsGroup {
  records: number;
  /** A play is one record in one spin. */
  plays: number;
}

/** The caller's own listening statistics. */
export interface Stats {
  /** YYYY-MM-DD: the last day of `days`. */
  today: string;
  records: number;
  spins: number;
  /** Sum of the spins' time spent, in minutes. */
  minutes: number;
  first_spin: string | null;
  /** Days in the run of spin days ending today (or yesterday); 0 when none. */
  current_streak: number;
  longest_streak: number;
  /** Every day with a spin in the 365 days ending `today`, oldest first. */
  days: StatsDay[];
  /** Up to 10 records with the most plays. */
  top_records: CrateRecord[];
  never_played: number;
  by_mood: Array<StatsGroup & { mood: string }>;
  by_tag: Array<StatsGroup & { tag: string }>;
  /** `decade` is null for records without a year. */
  by_decade: Array<StatsGroup & { decade: number | null }>;
}

/** Where the last FETCH_STATS is. */
export type StatsStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
