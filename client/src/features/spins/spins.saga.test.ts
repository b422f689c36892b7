import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { runWorker } from '@/test/saga';
import { server } from '@/test/server';
import {
  deleteSpin,
  deleteSpinFailed,
  fetchSingleSpin,
  fetchSingleSpinFailed,
  fetchSpins,
  fetchSpinsFailed,
  postSpins,
  postSpinsFailed,
} from './spins.actions';
import { setSpins } from './spins.slice';
import { deleteSpinWorker, fetchSingleSpinWorker, fetchSpinsWorker, postSpinsWorker } from './spins.saga';

const spin = {
  id: 7,
  listened_at: '2026-11-20',
  time_spent: '1:05',
  spin_details: 'Sunday morning',
  started_at: null,
  scrobble: { state: 'off' as const, listens: 0, message: null },
};
const listed = { ...spin, records: [{ id: 12, title: 'Kind of Blue', artist: 'Miles Davis' }] };
const rows = [
  {
    ...spin,
    album_id: 12,
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    coverart: '/covers/12.jpg',
    cover: null,
  },
  {
    ...spin,
    album_id: 13,
    title: 'Blue Train',
    artist: 'John Coltrane',
    coverart: '/covers/13.jpg',
    cover: null,
  },
];

describe('spins sagas', () => {
  it('FETCH_SPINS gets the spins and sets them', async () => {
    server.use(http.get('/api/spins', () => HttpResponse.json([listed])));
    expect(await runWorker(fetchSpinsWorker)).toEqual([setSpins([listed])]);
  });

  it('FETCH_SPINS puts its failure action when the call fails', async () => {
    server.use(http.get('/api/spins', () => HttpResponse.error()));
    expect(await runWorker(fetchSpinsWorker)).toMatchObject([
      { type: fetchSpinsFailed.type, payload: { status: undefined } },
    ]);
  });

  it('FETCH_SINGLE_SPIN gets the spin rows and sets them as the spins list', async () => {
    server.use(
      http.get('/api/spins/single/:id', ({ params }) => HttpResponse.json(params.id === '7' ? rows : [])),
    );
    expect(await runWorker(fetchSingleSpinWorker, fetchSingleSpin(7))).toEqual([setSpins(rows)]);
  });

  it('FETCH_SINGLE_SPIN puts its failure action for a spin that is not there', async () => {
    server.use(
      http.get('/api/spins/single/:id', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'spin not found' } }, { status: 404 }),
      ),
    );
    expect(await runWorker(fetchSingleSpinWorker, fetchSingleSpin(99))).toEqual([
      fetchSingleSpinFailed({ status: 404, message: 'spin not found' }),
    ]);
  });

  it('POST_SPINS posts the spin, then refetches the spins', async () => {
    let body: unknown;
    server.use(
      http.post('/api/spins/add', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(spin, { status: 201 });
      }),
    );
    const payload = {
      timeSpent: '1:05',
      listenedAt: '11/20/2026',
      details: 'Sunday morning',
      albums: ['12', '13'],
    };
    expect(await runWorker(postSpinsWorker, postSpins(payload))).toEqual([fetchSpins()]);
    // With a repeat-safe clientId (API.md "Offline copy and repeat-safe writes").
    expect(body).toEqual({ ...payload, clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('POST_SPINS puts its failure action when the server refuses', async () => {
    server.use(
      http.post('/api/spins/add', () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'albums is invalid' } },
          { status: 400 },
        ),
      ),
    );
    const payload = { timeSpent: '1:05', listenedAt: '11/20/2026', details: 'x', albums: ['999'] };
    expect(await runWorker(postSpinsWorker, postSpins(payload))).toEqual([
      postSpinsFailed({ status: 400, message: 'albums is invalid' }),
    ]);
  });

  it('DELETE_SPIN deletes by id, then refetches the spins; failures put its failure action', async () => {
    let deleted: string | undefined;
    server.use(
      http.delete('/api/spins/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    expect(await runWorker(deleteSpinWorker, deleteSpin(7))).toEqual([fetchSpins()]);
    expect(deleted).toBe('7');

    server.use(http.delete('/api/spins/:id', () => new HttpResponse(null, { status: 404 })));
    expect(await runWorker(deleteSpinWorker, deleteSpin(7))).toMatchObject([
      { type: deleteSpinFailed.type, payload: { status: 404 } },
    ]);
  });
});
