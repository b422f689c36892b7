/** The listening statistics as GET /api/stats answers them (API.md "Listening statistics"). */
import type { Stats, YearReview } from '@spincrate/contract';
import type { LoadStatus } from '@/lib/requests';

export type { Stats, YearReview };

/** One day with at least one spin. */
export type StatsDay = Stats['days'][number];

/** Where the last FETCH_STATS is. */
export type StatsStatus = LoadStatus;
