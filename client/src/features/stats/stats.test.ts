import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { runWorker } from '@/test/saga';
import { fetchStats, fetchStatsFailed } from './stats.actions';
import { fetchStatsWorker } from './stats.saga';
import { selectStats, selectStatsStatus, setStats, statsReducer } from './stats.slice';
import type { Stats } from './stats.types';

const stats: Stats = {
  today: '2026-11-23',
  records: 2,
  spins: 1,
  minutes: 65,
  first_spin: '2026-11-23',
  spin_years: [2026],
  current_streak: 1,
  longest_streak: 1,
  days: [{ date: '2026-11-23', spins: 1, minutes: 65 }],
  top_records: [],
  never_played: 1,
  by_mood: [],
  by_tag: [],
  by_decade: [],
  spend: [],
  cost_per_play: [],
};

describe('stats slice', () => {
  it('idle → loading → succeeded with the stats; a failure is failed and keeps the last stats', () => {
    let state = statsReducer(undefined, { type: '@@init' });
    expect(selectStatsStatus({ stats: state })).toBe('idle');
    state = statsReducer(state, fetchStats('2026-11-23'));
    expect(selectStatsStatus({ stats: state })).toBe('loading');
    state = statsReducer(state, setStats(stats));
    expect(selectStatsStatus({ stats: state })).toBe('succeeded');
    expect(selectStats({ stats: state })).toEqual(stats);
    state = statsReducer(state, fetchStatsFailed({ status: 503, message: 'x' }));
    expect(selectStatsStatus({ stats: state })).toBe('failed');
    expect(selectStats({ stats: state })).toEqual(stats);
  });
});

describe('stats saga', () => {
  it('FETCH_STATS: GET /api/stats?today=D, then stats/setStats', async () => {
    let query = '';
    server.use(
      http.get('/api/stats', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(stats);
      }),
    );
    expect(await runWorker(fetchStatsWorker, fetchStats('2026-11-23'))).toEqual([setStats(stats)]);
    expect(query).toBe('?today=2026-11-23');
  });

  it('a failed call puts FETCH_STATS_FAILED, never throws', async () => {
    server.use(
      http.get('/api/stats', () =>
        HttpResponse.json({ error: { code: 'unauthenticated', message: 'Log in first' } }, { status: 401 }),
      ),
    );
    expect(await runWorker(fetchStatsWorker, fetchStats('2026-11-23'))).toEqual([
      fetchStatsFailed({ status: 401, message: 'Log in first' }),
    ]);
  });
});
