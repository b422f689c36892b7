import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSaga, type Saga } from 'redux-saga';
import { http, HttpResponse } from 'msw';
import type { UnknownAction } from '@reduxjs/toolkit';
import { clearBlindbag, fetchBlindbag, fetchBlindbagFailed } from './blindbag.actions';
import { fetchMoodFailed } from '@/entities/crate/crate';
import { server } from '@/test/server';
import { fetchBlindbagWorker } from './blindbag.saga';
import { blindbagReducer, selectDrawing, setBlindbag } from './blindbag.slice';

const drawn = {
  id: 3,
  title: 'Blue',
  artist: 'Joni Mitchell',
  coverart: 'http://localhost/covers/3.jpg',
  cover: null,
};

async function run(action: ReturnType<typeof fetchBlindbag>) {
  const dispatched: UnknownAction[] = [];
  await runSaga(
    { dispatch: (a: UnknownAction) => dispatched.push(a), getState: () => ({}) },
    fetchBlindbagWorker as unknown as Saga<[typeof action]>,
    action,
  ).toPromise();
  return dispatched;
}

afterEach(() => vi.restoreAllMocks());

describe('blindbag reducer', () => {
  it('goes from nothing drawn to drawing to drawn, and back to nothing on CLEAR_BLINDBAG', () => {
    let state = blindbagReducer(undefined, { type: '@@init' });
    expect(state).toEqual({ record: null, status: 'idle', nothingMatched: false });
    expect(selectDrawing({ blindbag: state })).toBe(false);
    state = blindbagReducer(state, fetchBlindbag(undefined));
    expect(state.status).toBe('loading');
    expect(selectDrawing({ blindbag: state })).toBe(true);
    state = blindbagReducer(state, setBlindbag(drawn));
    expect(state).toEqual({ record: drawn, status: 'succeeded', nothingMatched: false });
    expect(selectDrawing({ blindbag: state })).toBe(false);
    expect(blindbagReducer(state, clearBlindbag())).toEqual({
      record: null,
      status: 'idle',
      nothingMatched: false,
    });
  });

  it('remembers that nothing matched (404), and ignores other failures', () => {
    let state = blindbagReducer(undefined, setBlindbag(drawn));
    state = blindbagReducer(state, fetchMoodFailed({ status: 404, message: 'x' }));
    expect(state.record).toEqual(drawn);
    state = blindbagReducer(state, fetchBlindbag('zzz'));
    state = blindbagReducer(state, fetchBlindbagFailed({ status: 404, message: 'x' }));
    expect(state).toEqual({ record: null, status: 'failed', nothingMatched: true });
    expect(selectDrawing({ blindbag: state })).toBe(false);
    state = blindbagReducer(state, fetchBlindbag(undefined));
    expect(state.nothingMatched).toBe(false);
  });
});

describe('blindbag saga', () => {
  it('FETCH_BLINDBAG: GET /api/blindbag without a filter, then blindbag/setBlindbag', async () => {
    let search = 'unset';
    server.use(
      http.get('/api/blindbag', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json(drawn);
      }),
    );
    expect(await run(fetchBlindbag(undefined))).toEqual([setBlindbag(drawn)]);
    expect(search).toBe('');
    await run(fetchBlindbag('  '));
    expect(search).toBe('');
  });

  it('sends the filter as the search parameter, URL-encoded', async () => {
    let search: string | null = null;
    server.use(
      http.get('/api/blindbag', ({ request }) => {
        search = new URL(request.url).searchParams.get('search');
        return HttpResponse.json(drawn);
      }),
    );
    await run(fetchBlindbag(' folk & blues '));
    expect(search).toBe('folk & blues');
  });

  it('a 404 puts its failure action with the status', async () => {
    server.use(
      http.get('/api/blindbag', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'nothing' } }, { status: 404 }),
      ),
    );
    expect(await run(fetchBlindbag('zzz'))).toEqual([
      fetchBlindbagFailed({ status: 404, message: 'nothing' }),
    ]);
  });
});
