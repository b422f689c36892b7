import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { runWorker } from '@/test/saga';
import { makeRecord } from '@/test/records';
import { fetchYearReview, fetchYearReviewFailed } from './yearReview.actions';
import { fetchYearReviewWorker } from './stats.saga';
import {
  selectYearReview,
  selectYearReviewStatus,
  setYearReview,
  yearReviewReducer,
} from './yearReview.slice';
import type { YearReview } from './stats.types';

const record = makeRecord({ id: 4, title: 'Blue', artist: 'Joni Mitchell', play_count: 3 });
const review = (year: number): YearReview => ({
  year,
  complete: true,
  spins: 2,
  plays: 3,
  minutes: 95,
  records_played: 1,
  records_added: 1,
  first_plays: 1,
  rescued: 0,
  top_records: [{ record, plays: 3 }],
  top_artists: [{ artist: 'Joni Mitchell', records: 1, plays: 3 }],
  by_mood: [{ mood: 'Mellow', records: 1, plays: 3 }],
  by_tag: [],
  by_decade: [{ decade: 1970, records: 1, plays: 3 }],
  longest_streak: 2,
  busiest_month: 2,
  busiest_weekday: 4,
  plays_by_month: [0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  favourite_new_record: { record, plays: 3 },
  spend: [],
});

describe('year review slice', () => {
  it('idle → loading → succeeded with the year; another year starts empty; a failure keeps the last answer', () => {
    const at = (state: ReturnType<typeof yearReviewReducer>) => ({ yearReview: state });
    let state = yearReviewReducer(undefined, { type: '@@init' });
    expect(selectYearReviewStatus(at(state))).toBe('idle');
    state = yearReviewReducer(state, fetchYearReview({ year: 2024, today: '2025-03-01' }));
    expect(selectYearReviewStatus(at(state))).toBe('loading');
    state = yearReviewReducer(state, setYearReview(review(2024)));
    expect(selectYearReviewStatus(at(state))).toBe('succeeded');
    expect(selectYearReview(at(state), 2024)).toEqual(review(2024));
    expect(selectYearReview(at(state), 2023)).toBeNull();
    state = yearReviewReducer(state, fetchYearReviewFailed({ status: 503, message: 'x' }));
    expect(selectYearReviewStatus(at(state))).toBe('failed');
    expect(selectYearReview(at(state), 2024)).toEqual(review(2024));
    state = yearReviewReducer(state, fetchYearReview({ year: 2023, today: '2025-03-01' }));
    expect(selectYearReview(at(state), 2023)).toBeNull();
    // A late answer for the year no longer shown is dropped.
    state = yearReviewReducer(state, setYearReview(review(2024)));
    expect(selectYearReview(at(state), 2023)).toBeNull();
    expect(selectYearReviewStatus(at(state))).toBe('loading');
  });
});

describe('year review saga', () => {
  it('FETCH_YEAR_REVIEW: GET /api/stats/year/{yyyy}?today=D, then SET_YEAR_REVIEW', async () => {
    let asked = '';
    server.use(
      http.get('/api/stats/year/:year', ({ request }) => {
        const url = new URL(request.url);
        asked = `${url.pathname}${url.search}`;
        return HttpResponse.json(review(2024));
      }),
    );
    expect(
      await runWorker(fetchYearReviewWorker, fetchYearReview({ year: 2024, today: '2025-03-01' })),
    ).toEqual([setYearReview(review(2024))]);
    expect(asked).toBe('/api/stats/year/2024?today=2025-03-01');
  });

  it('a failed call puts FETCH_YEAR_REVIEW_FAILED, never throws', async () => {
    server.use(
      http.get('/api/stats/year/:year', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: "year must not be after today's year",
              fields: { year: "must not be after today's year" },
            },
          },
          { status: 400 },
        ),
      ),
    );
    expect(
      await runWorker(fetchYearReviewWorker, fetchYearReview({ year: 2030, today: '2025-03-01' })),
    ).toEqual([fetchYearReviewFailed({ status: 400, message: "year must not be after today's year" })]);
  });
});
