/**
 * Issue: the next user on the same tab must never see the previous user's data. After a
 * logout, and after any call answered 401 (the session is gone), every slice holding
 * the user's data is back to what a fresh tab starts with.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { server } from '@/test/server';
import { loadedList, makeRecord } from '@/test/records';
import { loadApi } from '@/lib/api';
import { logout } from '@/entities/session/session';
import { fetchSpins } from '@/features/spins/spins.actions';
import type { RootState } from './store';
import { makeStore } from '@/test/store';

const riley = { id: 1, username: 'riley' };
const record = makeRecord({ id: 7, title: 'Kind of Blue', artist: 'Miles Davis' });
const spin = {
  id: 3,
  listened_at: '2026-01-02',
  time_spent: '1:05',
  spin_details: 'late night',
  started_at: null,
  scrobble: { state: 'off' as const, listens: 0, message: null },
  records: [],
};

/** Riley's data in every slice that holds a user's data (none of it a fresh tab's). */
const rileysState: Partial<RootState> = {
  user: { user: riley, status: 'succeeded' },
  records: { ...loadedList([record]), friendNotFound: true },
  recordsStatus: { save: 'succeeded' },
  recordLookup: { recordId: 7, friendId: null, record, status: 'succeeded' },
  friends: [{ friend_id: 2, friend_username: 'sam' }],
  hotp: [{ ...record, id: 8, user_id: 2, username: 'sam' }],
  latestListens: [
    {
      spin_id: 4,
      album_id: 8,
      title: 'Blue Train',
      artist: 'John Coltrane',
      coverart: '',
      friend_id: 2,
      friend_username: 'sam',
      listened_at: '2026-01-03',
      spin_details: 'loud',
      cover: null,
    },
  ],
  spins: [spin],
  spinLookup: { status: 'failed', notFound: true },
  spinsList: { status: 'failed' },
  recordPicker: { search: 'blue', records: [record], status: 'succeeded' },
  blindbag: {
    record: { id: 7, title: 'Kind of Blue', artist: 'Miles Davis', coverart: '', cover: null },
    status: 'succeeded',
    nothingMatched: false,
  },
  imports: {
    current: {
      id: 5,
      status: 'done',
      total: 1,
      imported: 1,
      duplicates: 0,
      failed: 0,
      enriched: 1,
      lookups: 'done',
      errors: [],
    },
    status: 'succeeded',
    error: '',
  },
  stats: {
    data: {
      today: '2026-01-03',
      records: 1,
      spins: 1,
      minutes: 40,
      first_spin: '2026-01-03',
      spin_years: [2026],
      current_streak: 1,
      longest_streak: 1,
      days: [{ date: '2026-01-03', spins: 1, minutes: 40 }],
      top_records: [record],
      never_played: 0,
      by_mood: [{ mood: 'Mellow', records: 1, plays: 1 }],
      by_tag: [],
      by_decade: [{ decade: null, records: 1, plays: 1 }],
      spend: [],
      cost_per_play: [],
    },
    status: 'succeeded',
  },
  yearReview: {
    year: 2026,
    data: {
      year: 2026,
      complete: false,
      spins: 1,
      plays: 1,
      minutes: 40,
      records_played: 1,
      records_added: 1,
      first_plays: 1,
      rescued: 0,
      top_records: [{ record, plays: 1 }],
      top_artists: [{ artist: 'Miles Davis', records: 1, plays: 1 }],
      by_mood: [{ mood: 'Mellow', records: 1, plays: 1 }],
      by_tag: [],
      by_decade: [{ decade: null, records: 1, plays: 1 }],
      longest_streak: 1,
      busiest_month: 1,
      busiest_weekday: 6,
      plays_by_month: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      favourite_new_record: { record, plays: 1 },
      spend: [],
    },
    status: 'succeeded',
  },
};

/** The slices that hold a user's data (the user slice itself is checked on its own). */
const USER_SLICES = [
  'records',
  'recordsStatus',
  'recordLookup',
  'recordPicker',
  'friends',
  'hotp',
  'latestListens',
  'spins',
  'spinLookup',
  'spinsList',
  'blindbag',
  'imports',
  'stats',
  'yearReview',
] as const;

/** Every user slice as a fresh tab has it. */
function freshUserSlices() {
  const fresh = makeStore().getState();
  return Object.fromEntries(USER_SLICES.map((key) => [key, fresh[key]]));
}

function userSlices(state: RootState) {
  return Object.fromEntries(USER_SLICES.map((key) => [key, state[key]]));
}

describe('the end of a session', () => {
  it('the test data differs from a fresh tab in every user slice', () => {
    const fresh = freshUserSlices();
    for (const key of USER_SLICES) expect(rileysState[key], key).not.toEqual(fresh[key]);
  });

  it('LOGOUT empties every user slice', async () => {
    server.use(http.post('/api/user/logout', () => new HttpResponse(null, { status: 204 })));
    const store = makeStore(rileysState);
    store.dispatch(logout());
    await waitFor(() => expect(store.getState().user.user).toEqual({}));
    expect(userSlices(store.getState())).toEqual(freshUserSlices());
  });

  it('a 401 from any call logs the user out and empties every user slice', async () => {
    server.use(
      http.get('/api/spins', () =>
        HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'Log in first' } }, { status: 401 }),
      ),
    );
    const store = makeStore(rileysState);
    store.dispatch(fetchSpins());
    await waitFor(() => expect(store.getState().user).toEqual({ user: {}, status: 'succeeded' }));
    expect(userSlices(store.getState())).toEqual(freshUserSlices());
  });

  it('an answer for the previous user that arrives after the logout is dropped', async () => {
    let answerSpins: () => void = () => {};
    const spinsAsked = new Promise<void>((asked) => {
      server.use(
        http.get('/api/spins', async () => {
          asked();
          await new Promise<void>((resolve) => (answerSpins = resolve));
          return HttpResponse.json([spin]);
        }),
        http.post('/api/user/logout', () => new HttpResponse(null, { status: 204 })),
      );
    });
    // Resolves once the late answer has been handed to whoever asked for it (the saga
    // resumes on that promise in microtasks, all run before this macrotask).
    const api = await loadApi();
    const delivered = new Promise<void>((resolve) => {
      const id = api.interceptors.response.use((response) => {
        if (response.config.url === '/api/spins') {
          api.interceptors.response.eject(id);
          setTimeout(resolve, 0);
        }
        return response;
      });
    });
    const store = makeStore(rileysState);
    store.dispatch(fetchSpins());
    await spinsAsked;
    store.dispatch(logout());
    await waitFor(() => expect(store.getState().user.user).toEqual({}));
    answerSpins();
    await delivered;
    expect(userSlices(store.getState())).toEqual(freshUserSlices());
  });
});
