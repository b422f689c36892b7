import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { runWorker } from '@/test/saga';
import { server } from '@/test/server';
import {
  fetchHotpFailed,
  fetchLatestListensFailed,
  postFriendship,
  postFriendshipFailed,
} from './social.actions';
import { postFriendshipDone, setFriends, setHotp, setLatestListens } from './social.slice';
import {
  deleteFriendship,
  deleteFriendshipFailed,
  fetchFriends,
  fetchFriendsFailed,
} from '@/entities/friends/friends';
import {
  deleteFriendshipWorker,
  fetchFriendsWorker,
  fetchHotpWorker,
  fetchLatestListensWorker,
  postFriendshipWorker,
} from './social.saga';

const friends = [{ friend_id: 5, friend_username: 'sam' }];

describe('social sagas', () => {
  it('FETCH_FRIENDS gets the friends and sets them', async () => {
    server.use(http.get('/api/social/friends', () => HttpResponse.json(friends)));
    expect(await runWorker(fetchFriendsWorker)).toEqual([setFriends(friends)]);
  });

  it('FETCH_FRIENDS puts its failure action when the call fails', async () => {
    server.use(
      http.get('/api/social/friends', () =>
        HttpResponse.json({ error: { code: 'unauthenticated', message: 'log in first' } }, { status: 401 }),
      ),
    );
    expect(await runWorker(fetchFriendsWorker)).toEqual([
      fetchFriendsFailed({ status: 401, message: 'log in first' }),
    ]);
  });

  it('POST_FRIENDSHIP posts the username, then refetches the friends', async () => {
    let body: unknown;
    server.use(
      http.post('/api/social/add', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(friends[0], { status: 201 });
      }),
    );
    expect(await runWorker(postFriendshipWorker, postFriendship({ friend_username: 'sam' }))).toEqual([
      postFriendshipDone({ friend_username: 'sam', unknown: false }),
      fetchFriends(),
    ]);
    expect(body).toEqual({ friend_username: 'sam' });
  });

  it('POST_FRIENDSHIP puts its failure action for an unknown user, and tells the form (EXTENSIONS.md §11)', async () => {
    server.use(
      http.post('/api/social/add', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'no such user' } }, { status: 404 }),
      ),
    );
    expect(await runWorker(postFriendshipWorker, postFriendship({ friend_username: 'nobody' }))).toEqual([
      postFriendshipFailed({ status: 404, message: 'no such user' }),
      postFriendshipDone({ friend_username: 'nobody', unknown: true }),
    ]);
  });

  it('DELETE_FRIENDSHIP deletes by friend id, then refetches the friends', async () => {
    let deleted: string | undefined;
    server.use(
      http.delete('/api/social/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    expect(await runWorker(deleteFriendshipWorker, deleteFriendship(5))).toEqual([fetchFriends()]);
    expect(deleted).toBe('5');
  });

  it('DELETE_FRIENDSHIP puts its failure action when the call fails', async () => {
    server.use(http.delete('/api/social/:id', () => HttpResponse.error()));
    const put = await runWorker(deleteFriendshipWorker, deleteFriendship(5));
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({ type: deleteFriendshipFailed.type });
  });

  it('FETCH_HOTP gets Hot Off The Press and sets it; failures put its failure action', async () => {
    const hotp = [{ id: 1, title: 'Kind of Blue', username: 'sam' }];
    server.use(http.get('/api/social/hotp', () => HttpResponse.json(hotp)));
    expect(await runWorker(fetchHotpWorker)).toEqual([setHotp(hotp as never)]);

    server.use(http.get('/api/social/hotp', () => new HttpResponse(null, { status: 500 })));
    expect(await runWorker(fetchHotpWorker)).toMatchObject([
      { type: fetchHotpFailed.type, payload: { status: 500 } },
    ]);
  });

  it('FETCH_LATEST_LISTENS gets the latest listens and sets them; failures put its failure action', async () => {
    const listens = [{ spin_id: 7, title: 'Kind of Blue', friend_username: 'sam' }];
    server.use(http.get('/api/social/latestListens', () => HttpResponse.json(listens)));
    expect(await runWorker(fetchLatestListensWorker)).toEqual([setLatestListens(listens as never)]);

    server.use(http.get('/api/social/latestListens', () => new HttpResponse(null, { status: 503 })));
    expect(await runWorker(fetchLatestListensWorker)).toMatchObject([
      { type: fetchLatestListensFailed.type, payload: { status: 503 } },
    ]);
  });
});
