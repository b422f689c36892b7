/**
 * API.md "Lists at scale" on a friend's crate: GET /api/social/friends/collection and
 * /search with `limit`, `sort` and `cursor`; who may not read it still gets 404, and a
 * cursor of another crate or another user is refused without revealing anything.
 */
import { describe, expect, it } from 'vitest';
import { compareRecords, type RuleRecord } from '@spincrate/contract';
import {
  befriend,
  createRecord,
  createUser,
  nextPageUrl,
  signedInUser,
  useTestApp,
  walkPages,
  type Agent,
} from '@/test/harness.js';

const t = useTestApp();

interface Rec {
  id: number;
  user_id: number;
  title: string;
  artist: string;
}

/** Walks a paged list: every record id in order, and each page's X-Total-Count. */
async function walk(agent: Agent, url: string): Promise<{ ids: number[]; totals: string[] }> {
  const pages = await walkPages<Rec>(agent, url);
  return { ids: pages.flatMap((p) => p.items.map((r) => r.id)), totals: pages.map((p) => p.total!) };
}

/** A caller with two friends; friend A has 11 records with accented names, friend B 3. */
async function callerWithFriends() {
  const { user, agent } = await signedInUser(t);
  const a = await createUser(t.db);
  const b = await createUser(t.db);
  await befriend(t.db, user.id, a.id);
  await befriend(t.db, user.id, b.id);
  const artists = [
    'Ólafur Arnalds',
    'björk',
    'Bjork',
    'ABBA',
    'a-ha',
    'The Beatles',
    'Zero 7',
    'Ásgeir',
    'émile',
    'Dylan',
    'dylan',
  ];
  const aRecords: Rec[] = [];
  for (const [i, artist] of artists.entries()) {
    const title = i % 2 ? `Blue ${i}` : `Green ${i}`;
    const id = await createRecord(t.db, a.id, {
      artist,
      title,
      dateAdded: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
    });
    aRecords.push({ id, user_id: a.id, artist, title });
  }
  for (let i = 0; i < 3; i += 1) await createRecord(t.db, b.id, { artist: `B ${i}`, title: `Blue B${i}` });
  return { user, agent, a, b, aRecords };
}

describe('GET /api/social/friends/collection with limit, sort and cursor', () => {
  it('pages a friend’s crate in artist order (Intl.Collator base), with X-Total-Count and Link, each record once', async () => {
    const { agent, a, aRecords } = await callerWithFriends();
    const { ids, totals } = await walk(
      agent,
      `/api/social/friends/collection?id=${a.id}&limit=3&sort=artist_asc`,
    );
    // The friend's whole crate (newest first), ordered by the contract's reference comparator.
    const whole = (await agent.get(`/api/social/friends/collection?id=${a.id}`).expect(200))
      .body as RuleRecord[];
    expect(whole.map((r) => r.id).sort((x, y) => x - y)).toEqual(aRecords.map((r) => r.id));
    const expected = [...whole].sort(compareRecords('artist_asc')).map((r) => r.id);
    expect(ids).toEqual(expected);
    expect(totals).toEqual(['11', '11', '11', '11']);
  });

  it('still answers the whole crate, newest first, without limit and cursor', async () => {
    const { agent, a, aRecords } = await callerWithFriends();
    const res = await agent.get(`/api/social/friends/collection?id=${a.id}`).expect(200);
    expect((res.body as Rec[]).map((r) => r.id)).toEqual(aRecords.map((r) => r.id).reverse());
    expect(res.headers.link).toBeUndefined();
    expect(res.headers['x-total-count']).toBeUndefined();
  });

  it('pages a search of a friend’s crate, counting only the matches', async () => {
    const { agent, a } = await callerWithFriends();
    const { ids, totals } = await walk(
      agent,
      `/api/social/friends/collection/search?id=${a.id}&search=blue&limit=2&sort=title_desc`,
    );
    const whole = (await agent.get(`/api/social/friends/collection?id=${a.id}`).expect(200))
      .body as RuleRecord[];
    const expected = whole
      .filter((r) => r.title.startsWith('Blue'))
      .sort(compareRecords('title_desc'))
      .map((r) => r.id);
    expect(ids).toEqual(expected);
    expect(new Set(totals)).toEqual(new Set([String(expected.length)]));
  });

  it('answers 404 with limit for a user who is not the caller’s friend, the caller, or nobody, and reads nothing', async () => {
    const { user, agent } = await signedInUser(t);
    const stranger = await createUser(t.db);
    await createRecord(t.db, stranger.id, { title: 'Private', artist: 'Secret' });
    for (const id of [stranger.id, user.id, 2147483647]) {
      for (const url of [
        `/api/social/friends/collection?id=${id}&limit=5&sort=artist_asc`,
        `/api/social/friends/collection/search?id=${id}&search=priv&limit=5`,
      ]) {
        const res = await agent.get(url).expect(404);
        expect(res.body.error.code).toBe('not_found');
        expect(res.headers['x-total-count']).toBeUndefined();
        expect(res.text).not.toContain('Private');
      }
    }
  });

  it('answers 404 to a cursor of a friendship that has ended since', async () => {
    const { user, agent, a } = await callerWithFriends();
    const first = await agent.get(`/api/social/friends/collection?id=${a.id}&limit=3`).expect(200);
    await t.db.query('DELETE FROM friendships WHERE user_id = $1 AND friend_id = $2', [user.id, a.id]);
    const res = await agent.get(nextPageUrl(first.headers.link)!).expect(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('refuses a cursor of one friend’s crate on another friend’s, and another user’s cursor, revealing nothing', async () => {
    const { agent, a, b, aRecords } = await callerWithFriends();
    const first = await agent
      .get(`/api/social/friends/collection?id=${a.id}&limit=3&sort=artist_asc`)
      .expect(200);
    const cursor = new URL(nextPageUrl(first.headers.link)!, 'http://localhost').searchParams.get('cursor')!;

    const onB = await agent.get(
      `/api/social/friends/collection?id=${b.id}&limit=3&sort=artist_asc&cursor=${cursor}`,
    );
    expect(onB.status).toBe(400);
    expect(onB.body.error.code).toBe('validation_failed');
    expect(onB.body.error.fields).toHaveProperty('cursor');

    // Another user who is also A's friend: the same cursor is not theirs.
    const other = await signedInUser(t);
    await befriend(t.db, other.user.id, a.id);
    const byOther = await other.agent.get(
      `/api/social/friends/collection?id=${a.id}&limit=3&sort=artist_asc&cursor=${cursor}`,
    );
    expect(byOther.status).toBe(400);
    expect(byOther.body).toEqual(onB.body);
    for (const res of [onB, byOther]) {
      for (const r of aRecords) expect(res.text).not.toContain(r.artist);
    }
    // The friend's own crate does not take it either.
    const friendAgent = t.agent();
    await friendAgent
      .post('/api/user/login')
      .send({ username: a.username, password: a.password })
      .expect(200);
    await friendAgent.get(`/api/record?limit=3&sort=artist_asc&cursor=${cursor}`).expect(400);
  });

  it('answers 400 for a limit out of range or an unknown sort on a friend’s crate', async () => {
    const { agent, a } = await callerWithFriends();
    for (const query of ['limit=0', 'limit=201', 'limit=ten', 'sort=random', 'limit=5&sort=']) {
      const res = await agent.get(`/api/social/friends/collection?id=${a.id}&${query}`).expect(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});
