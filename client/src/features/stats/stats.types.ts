/** The listening statistics as GET /api/stats answers them (API.md "Listening statistics"). */
import type { Stats, YearRecord, YearReview } from '@spincrate/contract';
import type { LoadStatus } from '@/lib/requests';

export type { Stats, YearRecord, YearReview };

/** One day with at least one spin. */
export type StatsDay = Stats['days'][number];

/** Where the last FETCH_STATS is. */
export type StatsStatus = LoadStatus;
