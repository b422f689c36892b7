import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import {
  befriend,
  createRecord,
  createSpin,
  createTestApp,
  createUser,
  NO_COLLECTION_DETAILS,
  signedInUser,
  uniqueUsername,
  type TestApp,
} from '@/test/harness.js';
import { FALLBACK_COVER_PATH } from '@spincrate/contract';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

const fallbackCover = expect.stringMatching(new RegExp(`^http://[^/]+${FALLBACK_COVER_PATH}$`));

async function friendshipExists(userId: number, friendId: number): Promise<boolean> {
  const rows = await t.db.query('SELECT 1 FROM friendships WHERE user_id = $1 AND friend_id = $2', [
    userId,
    friendId,
  ]);
  return rows.length === 1;
}

describe('GET /api/social/friends', () => {
  it('lists the people the caller added, most recently added first, and not who added the caller', async () => {
    const { user, agent } = await signedInUser(t);
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    const admirer = await createUser(t.db);
    await befriend(t.db, user.id, first.id);
    await befriend(t.db, user.id, second.id);
    await befriend(t.db, admirer.id, user.id);
    const res = await agent.get('/api/social/friends');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { friend_id: second.id, friend_username: second.username },
      { friend_id: first.id, friend_username: first.username },
    ]);
  });

  it('answers 401 without a session', async () => {
    const res = await request(t.app).get('/api/social/friends');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('POST /api/social/add', () => {
  it('adds the user named, ignoring case and surrounding spaces, and answers 201 Friend', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db, uniqueUsername('Mixed'));
    const res = await agent
      .post('/api/social/add')
      .send({ friend_username: `  ${friend.username.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ friend_id: friend.id, friend_username: friend.username });
    expect((await agent.get('/api/social/friends')).body).toEqual([res.body]);
    expect(await friendshipExists(user.id, friend.id)).toBe(true);
    expect(await friendshipExists(friend.id, user.id)).toBe(false);
  });

  it.each([[''], ['   '], [null], [undefined], [42]])(
    'answers 400 fields.friend_username for %j',
    async (name) => {
      const { user, agent } = await signedInUser(t);
      const res = await agent.post('/api/social/add').send({ friend_username: name });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields).toHaveProperty('friend_username');
      expect(await t.db.query('SELECT 1 FROM friendships WHERE user_id = $1', [user.id])).toHaveLength(0);
    },
  );

  it('answers 400 for the caller’s own username, in any case', async () => {
    const { user, agent } = await signedInUser(t);
    for (const name of [user.username, user.username.toUpperCase()]) {
      const res = await agent.post('/api/social/add').send({ friend_username: name });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('friend_username');
    }
    expect((await agent.get('/api/social/friends')).body).toEqual([]);
  });

  it('answers 404 when no user has that username', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.post('/api/social/add').send({ friend_username: uniqueUsername('ghost') });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers 409 conflict for a friend already added, also in another case', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    expect((await agent.post('/api/social/add').send({ friend_username: friend.username })).status).toBe(201);
    const again = await agent
      .post('/api/social/add')
      .send({ friend_username: friend.username.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
    expect(await t.db.query('SELECT 1 FROM friendships WHERE user_id = $1', [user.id])).toHaveLength(1);
  });

  it('lets B add A after A added B: the two directions are separate friendships', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    expect((await a.agent.post('/api/social/add').send({ friend_username: b.user.username })).status).toBe(
      201,
    );
    expect((await b.agent.post('/api/social/add').send({ friend_username: a.user.username })).status).toBe(
      201,
    );
    expect(await friendshipExists(a.user.id, b.user.id)).toBe(true);
    expect(await friendshipExists(b.user.id, a.user.id)).toBe(true);
  });

  it('gives one 201 and 409s, never a 500, when the same friend is added many times at once', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        agent.post('/api/social/add').send({ friend_username: friend.username }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await t.db.query('SELECT 1 FROM friendships WHERE user_id = $1', [user.id])).toHaveLength(1);
  });

  it('answers 401 without a session and adds nothing', async () => {
    const friend = await createUser(t.db);
    const res = await request(t.app).post('/api/social/add').send({ friend_username: friend.username });
    expect(res.status).toBe(401);
    expect(await t.db.query('SELECT 1 FROM friendships WHERE friend_id = $1', [friend.id])).toHaveLength(0);
  });
});

describe('DELETE /api/social/{id}', () => {
  it('ends the caller’s friendship with that user, leaving the other direction alone, and answers 204', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    await befriend(t.db, friend.id, user.id);
    const res = await agent.delete(`/api/social/${friend.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await agent.get('/api/social/friends')).body).toEqual([]);
    expect(await friendshipExists(user.id, friend.id)).toBe(false);
    expect(await friendshipExists(friend.id, user.id)).toBe(true);
    expect((await agent.get(`/api/social/friends/collection?id=${friend.id}`)).status).toBe(404);
  });

  it('answers 404 for a user who is not the caller’s friend, even one who added the caller', async () => {
    const { user, agent } = await signedInUser(t);
    const admirer = await createUser(t.db);
    await befriend(t.db, admirer.id, user.id);
    const res = await agent.delete(`/api/social/${admirer.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await friendshipExists(admirer.id, user.id)).toBe(true);
    expect((await agent.delete('/api/social/2147483647')).status).toBe(404);
  });

  it.each([['abc'], ['-1'], ['1.5'], ['1e3'], ['2147483648'], ['']])(
    'answers 400 for the malformed id %j',
    async (id) => {
      const { agent } = await signedInUser(t);
      const res = await agent.delete(`/api/social/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    },
  );

  it('answers 401 without a session', async () => {
    const user = await createUser(t.db);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    expect((await request(t.app).delete(`/api/social/${friend.id}`)).status).toBe(401);
    expect(await friendshipExists(user.id, friend.id)).toBe(true);
  });
});

describe('GET /api/social/friends/collection?id=F', () => {
  it('answers 200 with the friend’s records only, newest first, as Record entities with a cover', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const older = await createRecord(t.db, friend.id, {
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      moodId: 10,
      details: '2015 reissue',
      tags: ['jazz', 'modal'],
      coverart: 'https://covers.example/kob.jpg',
      dateAdded: '2026-01-02T03:04:05.000Z',
    });
    const newer = await createRecord(t.db, friend.id, {
      title: 'Newer',
      dateAdded: '2026-02-01T00:00:00.000Z',
    });
    const sameTimeLater = await createRecord(t.db, friend.id, {
      title: 'Same',
      dateAdded: '2026-02-01T00:00:00.000Z',
    });
    await createRecord(t.db, user.id, { title: 'Mine' });

    const res = await agent.get(`/api/social/friends/collection?id=${friend.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([sameTimeLater, newer, older]);
    expect(res.body[2]).toEqual({
      id: older,
      user_id: friend.id,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      coverart: 'https://covers.example/kob.jpg',
      date_added: '2026-01-02T03:04:05.000Z',
      mood: 'Mellow',
      mood_id: 10,
      details: '2015 reissue',
      tags: '["jazz","modal"]',
      play_count: 0,
      last_played: null,
      year: null,
      barcode: null,
      mb_release_group_id: null,
      ...NO_COLLECTION_DETAILS,
      // No cover fetched (API.md "Covers served by Spincrate").
      cover: null,
    });
    expect(res.body[0].coverart).toEqual(fallbackCover);
    expect(res.body[0].tags).toBe('[]');
  });

  it('answers 200 [] for a friend with an empty crate', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const res = await agent.get(`/api/social/friends/collection?id=${friend.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers 404 for a user who is not the caller’s friend, the caller, or nobody, alike', async () => {
    const { user, agent } = await signedInUser(t);
    const stranger = await createUser(t.db);
    await createRecord(t.db, stranger.id, { title: 'Private' });
    await createRecord(t.db, user.id);
    const responses = await Promise.all(
      [stranger.id, user.id, 2147483647].map((id) => agent.get(`/api/social/friends/collection?id=${id}`)),
    );
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(responses[0]!.body);
    }
    expect(JSON.stringify(responses[0]!.body)).not.toContain('Private');
  });

  it.each([['abc'], ['0'], ['-1'], ['1.5'], ['1e3'], ['2147483648'], ['']])(
    'answers 400 for id=%j',
    async (id) => {
      const { agent } = await signedInUser(t);
      const res = await agent.get(`/api/social/friends/collection?id=${id}`);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('id');
    },
  );

  it('answers 400 without an id and 401 without a session', async () => {
    const { agent } = await signedInUser(t);
    expect((await agent.get('/api/social/friends/collection')).status).toBe(400);
    expect((await request(t.app).get('/api/social/friends/collection?id=1')).status).toBe(401);
  });
});

describe('GET /api/social/friends/collection/search?search=T&id=F', () => {
  it('matches title, artist, tags and mood, ignoring case, newest first', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const byTitle = await createRecord(t.db, friend.id, {
      title: 'Blue Train',
      dateAdded: '2026-01-01T00:00:00Z',
    });
    const byArtist = await createRecord(t.db, friend.id, {
      artist: 'Blue Öyster Cult',
      dateAdded: '2026-01-02T00:00:00Z',
    });
    const byTag = await createRecord(t.db, friend.id, {
      tags: ['rhythm and blues'],
      dateAdded: '2026-01-03T00:00:00Z',
    });
    await createRecord(t.db, friend.id, { title: 'Red', artist: 'Taylor Swift', moodId: 12 });
    await createRecord(t.db, user.id, { title: 'My own Blue record' });
    const res = await agent.get(
      `/api/social/friends/collection/search?search=${encodeURIComponent(' BLUE ')}&id=${friend.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([byTag, byArtist, byTitle]);

    const byMood = await agent.get(`/api/social/friends/collection/search?search=happ&id=${friend.id}`);
    expect(byMood.body.map((r: { title: string }) => r.title)).toEqual(['Red']);
  });

  it('takes `fields` as the own search does ("as above", API.md "Routes")', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const byTitle = await createRecord(t.db, friend.id, { title: 'Blue Train', artist: 'John Coltrane' });
    await createRecord(t.db, friend.id, { title: 'Agents of Fortune', artist: 'Blue Öyster Cult' });
    const search = (query: string) =>
      agent.get(`/api/social/friends/collection/search?search=blue&id=${friend.id}&${query}`);
    const titles = await search('fields=title');
    expect(titles.status).toBe(200);
    expect(titles.body.map((r: { id: number }) => r.id)).toEqual([byTitle]);
    expect((await search('fields=title,artist')).body).toHaveLength(2);
    const bad = await search('fields=price');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['fields']);
  });

  it('matches % and _ literally', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const percent = await createRecord(t.db, friend.id, { title: '100% Pure' });
    await createRecord(t.db, friend.id, { title: '1000 Pure' });
    const res = await agent.get(
      `/api/social/friends/collection/search?search=${encodeURIComponent('0%')}&id=${friend.id}`,
    );
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([percent]);
    const underscore = await agent.get(`/api/social/friends/collection/search?search=_&id=${friend.id}`);
    expect(underscore.body).toEqual([]);
  });

  it('answers 200 [] when nothing matches, and 404 for a non-friend even when something would match', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    const stranger = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    await createRecord(t.db, friend.id, { title: 'Abbey Road' });
    await createRecord(t.db, stranger.id, { title: 'Abbey Road' });
    const none = await agent.get(`/api/social/friends/collection/search?search=zzz&id=${friend.id}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const notFriend = await agent.get(`/api/social/friends/collection/search?search=abbey&id=${stranger.id}`);
    expect(notFriend.status).toBe(404);
    expect(notFriend.body.error.code).toBe('not_found');
  });

  it('accepts 200 characters of search text and refuses 201, empty or blank', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const ok = await agent.get(
      `/api/social/friends/collection/search?search=${'a'.repeat(200)}&id=${friend.id}`,
    );
    expect(ok.status).toBe(200);
    for (const search of ['a'.repeat(201), '', '%20%20']) {
      const res = await agent.get(`/api/social/friends/collection/search?search=${search}&id=${friend.id}`);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('search');
    }
    const noSearch = await agent.get(`/api/social/friends/collection/search?id=${friend.id}`);
    expect(noSearch.status).toBe(400);
    expect(noSearch.body.error.fields).toHaveProperty('search');
  });

  it('answers 400 for a missing or malformed id and 401 without a session', async () => {
    const { agent } = await signedInUser(t);
    for (const query of ['search=a', 'search=a&id=abc', 'search=a&id=1.5']) {
      const res = await agent.get(`/api/social/friends/collection/search?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('id');
    }
    expect((await request(t.app).get('/api/social/friends/collection/search?search=a&id=1')).status).toBe(
      401,
    );
  });
});

describe('GET /api/social/hotp', () => {
  it('lists friends’ records with their usernames, newest first, and nobody else’s', async () => {
    const { user, agent } = await signedInUser(t);
    const sam = await createUser(t.db);
    const kim = await createUser(t.db);
    const stranger = await createUser(t.db);
    await befriend(t.db, user.id, sam.id);
    await befriend(t.db, user.id, kim.id);
    await befriend(t.db, stranger.id, user.id);
    const samOld = await createRecord(t.db, sam.id, {
      dateAdded: '2026-01-01T00:00:00Z',
      coverart: 'https://covers.example/a.jpg',
    });
    const kimNew = await createRecord(t.db, kim.id, { dateAdded: '2026-03-01T00:00:00Z' });
    const samMid = await createRecord(t.db, sam.id, { dateAdded: '2026-02-01T00:00:00Z' });
    await createRecord(t.db, stranger.id, { dateAdded: '2026-04-01T00:00:00Z' });
    await createRecord(t.db, user.id, { dateAdded: '2026-04-01T00:00:00Z' });

    const res = await agent.get('/api/social/hotp');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number; username: string }) => [r.id, r.username])).toEqual([
      [kimNew, kim.username],
      [samMid, sam.username],
      [samOld, sam.username],
    ]);
    expect(res.body[0]).toEqual(
      expect.objectContaining({
        user_id: kim.id,
        coverart: fallbackCover,
        mood: 'Mellow',
        mood_id: 10,
        tags: '[]',
      }),
    );
    expect(res.body[2].coverart).toBe('https://covers.example/a.jpg');
  });

  it('gives at most the 48 newest records', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push(
        await createRecord(t.db, friend.id, { dateAdded: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() }),
      );
    }
    const res = await agent.get('/api/social/hotp');
    expect(res.body.map((r: { id: number }) => r.id)).toEqual(ids.reverse().slice(0, 48));
  });

  it('answers [] without friends and 401 without a session', async () => {
    const { agent } = await signedInUser(t);
    expect((await agent.get('/api/social/hotp')).body).toEqual([]);
    expect((await request(t.app).get('/api/social/hotp')).status).toBe(401);
  });
});

describe('GET /api/social/latestListens', () => {
  it('gives one row per album of friends’ spins, newest listened_at then spin id first, albums in spin order', async () => {
    const { user, agent } = await signedInUser(t);
    const sam = await createUser(t.db);
    const stranger = await createUser(t.db);
    await befriend(t.db, user.id, sam.id);
    const a = await createRecord(t.db, sam.id, {
      title: 'A',
      artist: 'Artist A',
      coverart: 'https://covers.example/a.jpg',
    });
    const b = await createRecord(t.db, sam.id, { title: 'B', artist: 'Artist B' });
    const older = await createSpin(t.db, sam.id, [a], { listenedAt: '2026-01-01', details: 'older' });
    const sameDayFirst = await createSpin(t.db, sam.id, [b, a], {
      listenedAt: '2026-02-02',
      details: 'first',
    });
    const sameDaySecond = await createSpin(t.db, sam.id, [a], {
      listenedAt: '2026-02-02',
      details: 'second',
    });
    await createSpin(t.db, sam.id, [], { listenedAt: '2026-03-03', details: 'no albums left' });
    await createSpin(t.db, stranger.id, [await createRecord(t.db, stranger.id)], {
      listenedAt: '2026-04-04',
    });
    await createSpin(t.db, user.id, [await createRecord(t.db, user.id)], { listenedAt: '2026-04-04' });

    const res = await agent.get('/api/social/latestListens');
    expect(res.status).toBe(200);
    const row = (
      spin: number,
      album: number,
      title: string,
      artist: string,
      coverart: unknown,
      day: string,
      details: string,
    ) => ({
      spin_id: spin,
      album_id: album,
      title,
      artist,
      coverart,
      friend_id: sam.id,
      friend_username: sam.username,
      listened_at: day,
      spin_details: details,
      cover: null,
    });
    expect(res.body).toEqual([
      row(sameDaySecond, a, 'A', 'Artist A', 'https://covers.example/a.jpg', '2026-02-02', 'second'),
      row(sameDayFirst, b, 'B', 'Artist B', fallbackCover, '2026-02-02', 'first'),
      row(sameDayFirst, a, 'A', 'Artist A', 'https://covers.example/a.jpg', '2026-02-02', 'first'),
      row(older, a, 'A', 'Artist A', 'https://covers.example/a.jpg', '2026-01-01', 'older'),
    ]);
  });

  it("gives each record's own thumbnails once fetched, else cover null", async () => {
    // API.md "Covers served by Spincrate": "Every Record and Want gains `cover`: { "small":
    // "/covers/{key}-250.webp", "large": "/covers/{key}-500.webp" } once the image has been
    // fetched, else `null` (the client then shows `coverart` …)".
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const fetched = await createRecord(t.db, friend.id, { coverart: 'https://covers.example/f.jpg' });
    const pending = await createRecord(t.db, friend.id, { coverart: 'https://covers.example/p.jpg' });
    const key = '00112233445566778899aabbccddeeff';
    await t.db.query('UPDATE records SET cover_key = $1 WHERE id = $2', [key, fetched]);
    await createSpin(t.db, friend.id, [fetched, pending], { listenedAt: '2026-01-01' });
    const res = await agent.get('/api/social/latestListens');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject([
      {
        album_id: fetched,
        coverart: 'https://covers.example/f.jpg',
        cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` },
      },
      { album_id: pending, coverart: 'https://covers.example/p.jpg', cover: null },
    ]);
  });

  it('gives at most 48 rows', async () => {
    const { user, agent } = await signedInUser(t);
    const friend = await createUser(t.db);
    await befriend(t.db, user.id, friend.id);
    const records = [await createRecord(t.db, friend.id), await createRecord(t.db, friend.id)];
    for (let i = 0; i < 25; i++) await createSpin(t.db, friend.id, records, { listenedAt: '2026-01-01' });
    const res = await agent.get('/api/social/latestListens');
    expect(res.body).toHaveLength(48);
  });

  it('answers [] without friends and 401 without a session', async () => {
    const { agent } = await signedInUser(t);
    expect((await agent.get('/api/social/latestListens')).body).toEqual([]);
    expect((await request(t.app).get('/api/social/latestListens')).status).toBe(401);
  });
});

describe('one-directional visibility', () => {
  it('B sees nothing of A after A adds B, until B adds A', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const aRecord = await createRecord(t.db, a.user.id, { title: 'A’s record' });
    await createSpin(t.db, a.user.id, [aRecord], { listenedAt: '2026-05-05' });
    const bRecord = await createRecord(t.db, b.user.id, { title: 'B’s record' });
    await createSpin(t.db, b.user.id, [bRecord], { listenedAt: '2026-05-05' });

    expect((await a.agent.post('/api/social/add').send({ friend_username: b.user.username })).status).toBe(
      201,
    );

    // A reads B.
    expect(
      (await a.agent.get(`/api/social/friends/collection?id=${b.user.id}`)).body.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([bRecord]);
    expect((await a.agent.get('/api/social/hotp')).body.map((r: { id: number }) => r.id)).toEqual([bRecord]);
    expect(
      (await a.agent.get('/api/social/latestListens')).body.map((r: { album_id: number }) => r.album_id),
    ).toEqual([bRecord]);

    // B reads nothing of A.
    expect((await b.agent.get('/api/social/friends')).body).toEqual([]);
    expect((await b.agent.get(`/api/social/friends/collection?id=${a.user.id}`)).status).toBe(404);
    expect(
      (await b.agent.get(`/api/social/friends/collection/search?search=record&id=${a.user.id}`)).status,
    ).toBe(404);
    expect((await b.agent.get('/api/social/hotp')).body).toEqual([]);
    expect((await b.agent.get('/api/social/latestListens')).body).toEqual([]);

    expect((await b.agent.post('/api/social/add').send({ friend_username: a.user.username })).status).toBe(
      201,
    );

    expect(
      (await b.agent.get(`/api/social/friends/collection?id=${a.user.id}`)).body.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([aRecord]);
    expect((await b.agent.get('/api/social/hotp')).body.map((r: { id: number }) => r.id)).toEqual([aRecord]);
    expect(
      (await b.agent.get('/api/social/latestListens')).body.map((r: { album_id: number }) => r.album_id),
    ).toEqual([aRecord]);
  });
});
