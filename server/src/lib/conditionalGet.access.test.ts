/**
 * Issue 20, item 3: a conditional GET is answered only after access is checked.
 *
 * API.md "Lists at scale": "Every `GET` of a list or a record answers with an `ETag`; a
 * request whose `If-None-Match` matches gets `304` with no body". API.md "Friendship and
 * visibility": "a row owned by someone else answers exactly as a row that does not exist
 * (404)". So a stranger, a missing row, a malformed request, `If-None-Match: *` and a tag
 * guessed or taken from another viewer never get 304 where the plain GET would not be 200.
 * One block per route of API.md's table that has ETags.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  createRecord,
  createSpin,
  createTestApp,
  createUser,
  signedInUser,
  type Agent,
  type TestApp,
} from '@/test/harness.js';

let t: TestApp;
/** The viewer, their friend (with a crate and a spin) and a stranger they have not added. */
let viewer: { user: { id: number; username: string }; agent: Agent };
let other: { user: { id: number; username: string }; agent: Agent };
let friendId: number;
let strangerId: number;
let spinId: number;
let othersSpinId: number;

beforeAll(async () => {
  t = createTestApp();
  viewer = await signedInUser(t);
  other = await signedInUser(t);
  const friend = await createUser(t.db);
  const stranger = await createUser(t.db);
  friendId = friend.id;
  strangerId = stranger.id;
  await befriend(t.db, viewer.user.id, friendId);
  // The other user has added both, so their tags of those crates exist.
  await befriend(t.db, other.user.id, friendId);
  await befriend(t.db, other.user.id, strangerId);
  const own = await createRecord(t.db, viewer.user.id, { title: 'Abbey Road' });
  await createRecord(t.db, friendId, { title: 'Aquemini' });
  await createRecord(t.db, strangerId, { title: 'Astral Weeks' });
  spinId = await createSpin(t.db, viewer.user.id, [own]);
  const othersRecord = await createRecord(t.db, other.user.id, { title: 'Aja' });
  othersSpinId = await createSpin(t.db, other.user.id, [othersRecord]);
  await createSpin(t.db, friendId, [await createRecord(t.db, friendId, { title: 'Ace' })]);
});
afterAll(async () => {
  await t?.close();
});

/** The tag a 200 answer carries. */
async function tagOf(agent: Agent, url: string): Promise<string> {
  const res = await agent.get(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
  return res.headers.etag as string;
}

/** The tags the issue's outside test computed: an unsalted SHA-1 of URL, viewer, version and origin. */
async function guessedTags(url: string, viewerId: number, ownerIds: number[]): Promise<string[]> {
  const rows = await t.db.query<{ v: number }>(
    'SELECT coalesce(max(version), 0)::bigint AS v FROM user_versions WHERE user_id = ANY($1::int[])',
    [ownerIds],
  );
  const version = Number(rows[0]!.v);
  return ['http://127.0.0.1:5001', 'http://spincrate.test'].map(
    (origin) =>
      `"${createHash('sha1').update(`${url}\n${viewerId}\n${version}\n${origin}`).digest('base64url')}"`,
  );
}

/** Asserts that `url` answers `status` (never 304) with each of the `If-None-Match` values. */
async function expectNo304(agent: Agent, url: string, status: number, tags: string[]): Promise<void> {
  for (const tag of tags) {
    const res = await agent.get(url).set('If-None-Match', tag);
    expect(res.status, `${url} with If-None-Match: ${tag}`).toBe(status);
    expect(res.headers.etag, `${url} with If-None-Match: ${tag}`).toBeUndefined();
  }
}

/** Every route of API.md's table whose answer carries an ETag, as the viewer asks for it. */
const ownRoutes = () => [
  '/api/mood',
  '/api/record',
  '/api/record/search?search=Abbey',
  '/api/spins',
  `/api/spins/single/${spinId}`,
  '/api/social/friends',
  `/api/social/friends/collection?id=${friendId}`,
  `/api/social/friends/collection/search?search=A&id=${friendId}`,
  '/api/social/hotp',
  '/api/social/latestListens',
];

describe('every route with an ETag', () => {
  it('answers If-None-Match: * with 304 where the resource exists and the viewer may see it', async () => {
    for (const url of ownRoutes()) {
      const tag = await tagOf(viewer.agent, url);
      const res = await viewer.agent.get(url).set('If-None-Match', '*');
      expect(res.status, url).toBe(304);
      expect(res.text ?? '', url).toBe('');
      expect(res.headers.etag, url).toBe(tag);
      // Once more, now that the body is kept: the same.
      expect((await viewer.agent.get(url).set('If-None-Match', '*')).status, url).toBe(304);
    }
  });

  it('never answers 304 to another viewer’s tag of the same URL', async () => {
    for (const url of ['/api/mood', '/api/record', '/api/spins', '/api/social/friends', '/api/social/hotp']) {
      const theirs = await tagOf(other.agent, url);
      const mine = await tagOf(viewer.agent, url);
      expect(mine, url).not.toBe(theirs);
      const res = await viewer.agent.get(url).set('If-None-Match', theirs);
      expect(res.status, url).toBe(200);
    }
  });

  it('answers 401, never 304, without a session', async () => {
    for (const url of ownRoutes()) {
      const res = await t.agent().get(url).set('If-None-Match', '*');
      expect(res.status, url).toBe(401);
    }
  });

  it('tags with a server secret: another secret gives other tags, the same secret the same tags', async () => {
    const secret = 'a-dedicated-etag-secret-of-32-characters-or-more';
    const one = createTestApp({ env: { ETAG_SECRET: secret } });
    const two = createTestApp({ env: { ETAG_SECRET: secret } });
    try {
      const [a, b] = await Promise.all([one, two].map((app) => signedInUserOn(app, viewer.user)));
      const url = '/api/record';
      const inOne = await tagOf(a!, url);
      expect(await tagOf(b!, url)).toBe(inOne);
      expect(await tagOf(viewer.agent, url)).not.toBe(inOne);
      expect((await b!.get(url).set('If-None-Match', inOne)).status).toBe(304);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

/** An agent of `app` signed in as `user` (the factories' password). */
async function signedInUserOn(app: TestApp, user: { id: number; username: string }): Promise<Agent> {
  const agent = app.agent();
  const res = await agent
    .post('/api/user/login')
    .send({ username: user.username, password: 'correct-horse-battery' });
  expect(res.status).toBe(200);
  return agent;
}

describe('GET /api/social/friends/collection?id=F and its search', () => {
  const urls = (id: number | string) => [
    `/api/social/friends/collection?id=${id}`,
    `/api/social/friends/collection/search?search=A&id=${id}`,
    `/api/social/friends/collection?id=${id}&limit=2&sort=newest`,
  ];

  it('answers a stranger’s crate 404 (F is not your friend) for *, a guessed tag and a friend’s tag of it', async () => {
    for (const url of urls(strangerId)) {
      const theirs = await tagOf(other.agent, url);
      const guessed = await guessedTags(url, viewer.user.id, [viewer.user.id, strangerId]);
      await expectNo304(viewer.agent, url, 404, ['*', theirs, ...guessed, `W/${theirs}`]);
    }
  });

  it('answers 404 for a user that does not exist and 400 for a malformed id, also for *', async () => {
    for (const url of urls(2_000_000_000)) await expectNo304(viewer.agent, url, 404, ['*']);
    for (const url of urls('abc')) await expectNo304(viewer.agent, url, 400, ['*']);
  });

  it('stops answering 304 once the friendship has ended', async () => {
    const url = urls(friendId)[0]!;
    const friendship = await signedInUser(t);
    await befriend(t.db, friendship.user.id, friendId);
    const tag = await tagOf(friendship.agent, url);
    expect((await friendship.agent.get(url).set('If-None-Match', tag)).status).toBe(304);
    expect((await friendship.agent.delete(`/api/social/${friendId}`)).status).toBe(204);
    await expectNo304(friendship.agent, url, 404, [tag, '*']);
  });
});

describe('GET /api/spins/single/{id}', () => {
  it('answers 404 for another user’s spin, for *, their tag and a guessed one', async () => {
    const url = `/api/spins/single/${othersSpinId}`;
    const theirs = await tagOf(other.agent, url);
    const guessed = await guessedTags(url, viewer.user.id, [viewer.user.id]);
    await expectNo304(viewer.agent, url, 404, ['*', theirs, ...guessed]);
  });

  it('answers 404 for a spin that does not exist and 400 for a malformed id, also for *', async () => {
    await expectNo304(viewer.agent, '/api/spins/single/2000000000', 404, ['*']);
    await expectNo304(viewer.agent, '/api/spins/single/abc', 400, ['*']);
  });

  it('answers 404 for a deleted spin, also to the tag it had', async () => {
    const recordId = await createRecord(t.db, viewer.user.id);
    const gone = await createSpin(t.db, viewer.user.id, [recordId]);
    const url = `/api/spins/single/${gone}`;
    const tag = await tagOf(viewer.agent, url);
    expect((await viewer.agent.delete(`/api/spins/${gone}`)).status).toBe(204);
    await expectNo304(viewer.agent, url, 404, [tag, '*']);
  });
});

describe('the own lists: GET /api/record, /api/record/search, /api/spins', () => {
  it('answers 400, never 304, to a malformed query with *', async () => {
    for (const url of [
      '/api/record/search?search=',
      '/api/record?limit=0',
      '/api/record?sort=sideways',
      '/api/record?limit=2&cursor=not-a-cursor',
      '/api/spins?limit=0',
      '/api/social/friends/collection?id=',
    ]) {
      await expectNo304(viewer.agent, url, 400, ['*']);
    }
  });

  it('answers another user’s cursor 400, never 304, with * (it reveals nothing of their crate)', async () => {
    for (let i = 0; i < 3; i++) await createRecord(t.db, other.user.id, { title: `Other ${i}` });
    const page = await other.agent.get('/api/record?limit=1');
    const next = /^<([^>]*)>/.exec(page.headers.link as string)![1]!;
    await expectNo304(viewer.agent, next, 400, ['*']);
  });
});

describe('GET /api/mood', () => {
  it('answers with an ETag, and 304 with no body to a matching If-None-Match', async () => {
    const first = await viewer.agent.get('/api/mood');
    expect(first.status).toBe(200);
    expect(first.body.length).toBeGreaterThan(0);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await viewer.agent
      .get('/api/mood')
      .set('If-None-Match', tag)
      .set('Cache-Control', 'no-cache');
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const changed = await viewer.agent.get('/api/mood').set('If-None-Match', '"something-else"');
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(first.body);
  });
});
