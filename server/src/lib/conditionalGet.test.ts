/**
 * API.md "Lists at scale": every GET of a list or a record answers with an ETag; a
 * matching If-None-Match gets 304 with no body (also with Cache-Control: no-cache); the
 * tag changes whenever the answer would — a record added, edited or deleted, a spin added
 * or deleted, a friendship started or ended — also when another server process made the
 * change; answers over 1 KB are compressed (br or gzip) when Accept-Encoding allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  createRecord,
  createSpin,
  createTestApp,
  loginAgent,
  nextPageUrl,
  signedInUser,
  createUser,
  type Agent,
  type TestApp,
} from '@/test/harness.js';

let a: TestApp;
let b: TestApp;

beforeAll(() => {
  // Two server processes' apps on one database (each with its own body cache).
  a = createTestApp();
  b = createTestApp();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/**
 * The agents name one host, as a browser would (the tag does not depend on it: the fallback
 * cover's URL comes from PUBLIC_URL).
 */
const HOST = 'spincrate.test';

async function signedIn(app: TestApp): Promise<{ user: { id: number; username: string }; agent: Agent }> {
  const signed = await signedInUser(app);
  signed.agent.set('Host', HOST);
  return signed;
}

async function tagOf(agent: Agent, url: string): Promise<string> {
  const res = await agent.get(url);
  expect(res.status).toBe(200);
  const tag = res.headers.etag as string | undefined;
  expect(tag).toBeTruthy();
  return tag!;
}

describe('ETag and 304', () => {
  it('answers 304 with no body to a matching If-None-Match, also with Cache-Control: no-cache', async () => {
    const { user, agent } = await signedIn(a);
    await createRecord(a.db, user.id, { title: 'Hounds of Love' });
    const tag = await tagOf(agent, '/api/record');
    const again = await agent.get('/api/record').set('If-None-Match', tag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const revalidate = await agent
      .get('/api/record')
      .set('If-None-Match', tag)
      .set('Cache-Control', 'no-cache');
    expect(revalidate.status).toBe(304);
    const other = await agent.get('/api/record').set('If-None-Match', '"something-else"');
    expect(other.status).toBe(200);
    expect(other.body.map((r: { title: string }) => r.title)).toEqual(['Hounds of Love']);
  });

  it('sends a page again from the cache with its Link and X-Total-Count', async () => {
    const { user, agent } = await signedIn(a);
    for (const title of ['One', 'Two', 'Three']) await createRecord(a.db, user.id, { title });
    const first = await agent.get('/api/record?limit=2&sort=title_asc');
    const second = await agent.get('/api/record?limit=2&sort=title_asc');
    for (const page of [first, second]) {
      expect(page.status).toBe(200);
      expect(page.body.map((r: { title: string }) => r.title)).toEqual(['One', 'Three']);
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.headers.link).toMatch(/^<[^>]*cursor=[^>]+>; rel="next"$/);
    }
    expect(second.headers.link).toBe(first.headers.link);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('gives every list and record GET a tag, and none to an error', async () => {
    const { user, agent } = await signedIn(a);
    const friend = await createUser(a.db);
    await befriend(a.db, user.id, friend.id);
    const recordId = await createRecord(a.db, user.id);
    const spinId = await createSpin(a.db, user.id, [recordId]);
    for (const url of [
      '/api/record',
      '/api/record/search?search=a',
      '/api/spins',
      `/api/spins/single/${spinId}`,
      '/api/social/friends',
      `/api/social/friends/collection?id=${friend.id}`,
      `/api/social/friends/collection/search?id=${friend.id}&search=a`,
      '/api/social/hotp',
      '/api/social/latestListens',
    ]) {
      const tag = await tagOf(agent, url);
      expect((await agent.get(url).set('If-None-Match', tag)).status, url).toBe(304);
    }
    const stranger = await createUser(a.db);
    const notFriend = await agent.get(`/api/social/friends/collection?id=${stranger.id}`);
    expect(notFriend.status).toBe(404);
    expect(notFriend.headers.etag).toBeUndefined();
  });

  it('does not let one user revalidate another user’s list', async () => {
    const one = await signedIn(a);
    const two = await signedIn(a);
    await createRecord(a.db, one.user.id, { title: 'Only Mine' });
    const tag = await tagOf(one.agent, '/api/record');
    const res = await two.agent.get('/api/record').set('If-None-Match', tag);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('the tag changes with every kind of write', () => {
  it('record add, edit and delete through the API', async () => {
    const { agent } = await signedIn(a);
    const t0 = await tagOf(agent, '/api/record');
    const added = await agent.post('/api/record/add').send({ title: 'Aja', artist: 'Steely Dan', mood: 3 });
    expect(added.status).toBe(201);
    const t1 = await tagOf(agent, '/api/record');
    expect(t1).not.toBe(t0);
    const edited = await agent.put('/api/record/edit').send({
      id: added.body.id,
      title: 'Aja (remaster)',
      artist: 'Steely Dan',
      mood: 3,
      details: 'Gatefold',
    });
    expect(edited.status).toBe(200);
    const t2 = await tagOf(agent, '/api/record');
    expect(t2).not.toBe(t1);
    const stale = await agent.get('/api/record').set('If-None-Match', t1);
    expect(stale.status).toBe(200);
    expect(stale.body[0].title).toBe('Aja (remaster)');
    expect((await agent.delete(`/api/record/${added.body.id}`)).status).toBe(204);
    const t3 = await tagOf(agent, '/api/record');
    expect(t3).not.toBe(t2);
    expect((await agent.get('/api/record')).body).toEqual([]);
  });

  it('a background cover update and imported rows', async () => {
    const { user, agent } = await signedIn(a);
    const recordId = await createRecord(a.db, user.id, { coverart: null });
    const t0 = await tagOf(agent, '/api/record');
    // What the look-up worker writes when it finds a cover.
    await a.db.query("UPDATE records SET coverart = 'https://covers.example/aja.jpg' WHERE id = $1", [
      recordId,
    ]);
    const t1 = await tagOf(agent, '/api/record');
    expect(t1).not.toBe(t0);
    expect((await agent.get('/api/record')).body[0].coverart).toBe('https://covers.example/aja.jpg');
    const imported = await agent.post('/api/record/import').send({
      csv:
        'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,' +
        'Collection Media Condition,Collection Sleeve Condition,Collection Notes\n' +
        'X1,Talk Talk,Spirit of Eden\n',
      mood: 3,
    });
    expect(imported.status).toBeLessThan(300);
    let t2 = t1;
    for (let i = 0; i < 50 && t2 === t1; i++) {
      t2 = await tagOf(agent, '/api/record');
      if (t2 === t1) await new Promise((r) => setImmediate(r));
    }
    expect(t2).not.toBe(t1);
    expect((await agent.get('/api/record')).body.map((r: { title: string }) => r.title)).toContain(
      'Spirit of Eden',
    );
  });

  it('spin add and delete change the spins list and the followers’ Latest Listens', async () => {
    const { user, agent } = await signedIn(a);
    const follower = await signedIn(a);
    await befriend(a.db, follower.user.id, user.id);
    const recordId = await createRecord(a.db, user.id);
    const spins0 = await tagOf(agent, '/api/spins');
    const listens0 = await tagOf(follower.agent, '/api/social/latestListens');
    const added = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '0:40', listenedAt: '2026-11-20', details: 'Sunday', albums: [recordId] });
    expect(added.status).toBe(201);
    const spins1 = await tagOf(agent, '/api/spins');
    const listens1 = await tagOf(follower.agent, '/api/social/latestListens');
    expect(spins1).not.toBe(spins0);
    expect(listens1).not.toBe(listens0);
    expect(
      (await follower.agent.get('/api/social/latestListens').set('If-None-Match', listens0)).status,
    ).toBe(200);
    expect((await agent.delete(`/api/spins/${added.body.id}`)).status).toBe(204);
    expect(await tagOf(agent, '/api/spins')).not.toBe(spins1);
    expect(await tagOf(follower.agent, '/api/social/latestListens')).not.toBe(listens1);
  });

  it('a friendship started and ended', async () => {
    const { agent } = await signedIn(a);
    const friend = await signedIn(a);
    await createRecord(a.db, friend.user.id, { title: 'Laughing Stock' });
    const friends0 = await tagOf(agent, '/api/social/friends');
    const hotp0 = await tagOf(agent, '/api/social/hotp');
    expect((await agent.post('/api/social/add').send({ friend_username: friend.user.username })).status).toBe(
      201,
    );
    const friends1 = await tagOf(agent, '/api/social/friends');
    const hotp1 = await tagOf(agent, '/api/social/hotp');
    expect(friends1).not.toBe(friends0);
    expect(hotp1).not.toBe(hotp0);
    const collection = `/api/social/friends/collection?id=${friend.user.id}`;
    const crate1 = await tagOf(agent, collection);
    expect((await agent.delete(`/api/social/${friend.user.id}`)).status).toBe(204);
    expect(await tagOf(agent, '/api/social/friends')).not.toBe(friends1);
    expect(await tagOf(agent, '/api/social/hotp')).not.toBe(hotp1);
    const gone = await agent.get(collection).set('If-None-Match', crate1);
    expect(gone.status).toBe(404);
  });
});

describe('across server processes', () => {
  it('a change made through process A is seen at once through process B', async () => {
    const user = await createUser(a.db);
    const viaA = a.agent();
    const login = await viaA
      .post('/api/user/login')
      .send({ username: user.username, password: user.password });
    expect(login.status).toBe(200);
    viaA.set('Host', HOST);
    // The same session cookie works on B: sessions live in PostgreSQL.
    const viaB = b.agent();
    viaB.set('Host', HOST);
    const cookie = login.headers['set-cookie'] as unknown as string[] | undefined;
    expect(cookie?.length).toBeGreaterThan(0);
    viaB.jar.setCookies(cookie!.map((c) => c.split(';')[0]!));

    const first = await viaB.get('/api/record');
    expect(first.body).toEqual([]);
    const tagB = first.headers.etag as string;
    expect((await viaB.get('/api/record').set('If-None-Match', tagB)).status).toBe(304);

    const added = await viaA
      .post('/api/record/add')
      .send({ title: 'Blue', artist: 'Joni Mitchell', mood: 14 });
    expect(added.status).toBe(201);

    const revalidated = await viaB.get('/api/record').set('If-None-Match', tagB);
    expect(revalidated.status).toBe(200);
    expect(revalidated.body.map((r: { title: string }) => r.title)).toEqual(['Blue']);
    const plain = await viaB.get('/api/record');
    expect(plain.body.map((r: { title: string }) => r.title)).toEqual(['Blue']);
    expect(plain.headers.etag).not.toBe(tagB);
  });
});

describe('X-Total-Count of paged lists', () => {
  /** Runs `work` and returns how many statements it sent that count rows. */
  async function countingStatements(app: TestApp, work: () => Promise<unknown>): Promise<number> {
    let counts = 0;
    const stop = app.db.onStatement((text) => {
      if (/count\(\*\)/i.test(text)) counts += 1;
    });
    try {
      await work();
    } finally {
      stop();
    }
    return counts;
  }

  it('is counted once per version for all pages and sorts, and a change through process A updates it at once through process B', async () => {
    const user = await createUser(a.db);
    const records: number[] = [];
    for (let i = 0; i < 5; i += 1) records.push(await createRecord(a.db, user.id, { title: `Album ${i}` }));
    for (let i = 0; i < 3; i += 1)
      await createSpin(a.db, user.id, [records[i]!], { listenedAt: `2026-0${i + 1}-01` });
    const viaA = await loginAgent(a, user);
    const viaB = await loginAgent(b, user);
    viaA.set('Host', HOST);
    viaB.set('Host', HOST);
    const total = async (url: string) => {
      const res = await viaB.get(url);
      expect(res.status, url).toBe(200);
      return { total: res.headers['x-total-count'] as string, link: res.headers.link as string | undefined };
    };

    const first = await total('/api/record?limit=2');
    expect(first.total).toBe('5');
    const secondPage = nextPageUrl(first.link)!;
    // Other pages and sorts of the same list, at the same version, are not counted again.
    expect(
      await countingStatements(b, async () => {
        expect((await total(secondPage)).total).toBe('5');
        expect((await total('/api/record?limit=2&sort=title_asc')).total).toBe('5');
      }),
    ).toBe(0);
    const spinsFirst = await total('/api/spins?limit=2');
    expect(spinsFirst.total).toBe('3');
    expect(
      await countingStatements(b, async () => {
        expect((await total(nextPageUrl(spinsFirst.link)!)).total).toBe('3');
      }),
    ).toBe(0);

    // Changes through A: B's next answer, on any page, has the new count.
    const added = await viaA
      .post('/api/record/add')
      .send({ title: 'Blue', artist: 'Joni Mitchell', mood: 14 });
    expect(added.status).toBe(201);
    expect((await total('/api/record?limit=2')).total).toBe('6');
    expect((await total(secondPage)).total).toBe('6');
    expect((await total('/api/record?limit=2&sort=title_asc')).total).toBe('6');
    expect((await viaA.delete(`/api/record/${records[4]}`)).status).toBe(204);
    expect((await viaA.delete(`/api/record/${added.body.id}`)).status).toBe(204);
    expect((await total(secondPage)).total).toBe('4');
    expect((await total('/api/record?limit=2')).total).toBe('4');

    const spin = await viaA
      .post('/api/spins/add')
      .send({ timeSpent: '0:45', listenedAt: '2026-05-01', details: 'Evening', albums: [records[0]] });
    expect(spin.status).toBe(201);
    expect((await total('/api/spins?limit=2')).total).toBe('4');
    expect((await viaA.delete(`/api/spins/${spin.body.id}`)).status).toBe(204);
    expect((await total('/api/spins?limit=2')).total).toBe('3');
  });
});

describe('compression (answers over 1 KB)', () => {
  let agent: Agent;
  beforeAll(async () => {
    const signed = await signedIn(a);
    agent = signed.agent;
    for (let i = 0; i < 20; i++) {
      await createRecord(a.db, signed.user.id, { title: `Album ${i}`, details: 'Liner notes. '.repeat(20) });
    }
  });

  it('sends a big list as br or gzip, as Accept-Encoding allows, with the same records', async () => {
    const plain = await agent.get('/api/record').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toHaveLength(20);
    const br = await agent.get('/api/record').set('Accept-Encoding', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(plain.body);
    const gz = await agent.get('/api/record').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(plain.body);
    expect(String(gz.headers.vary)).toMatch(/Accept-Encoding/i);
  });

  it('builds a list once for many simultaneous first requests, and every one gets all of it', async () => {
    const { user, agent: owner } = await signedIn(a);
    for (let i = 0; i < 30; i++) {
      await createRecord(a.db, user.id, { title: `Crowd ${i}`, details: 'Sleeve notes. '.repeat(20) });
    }
    const crateReads: string[] = [];
    const stop = a.db.onStatement((text) => {
      if (/FROM records/i.test(text)) crateReads.push(text);
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => owner.get('/api/record').set('Accept-Encoding', 'br, gzip')),
      );
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.body).toHaveLength(30);
      }
    } finally {
      stop();
    }
    expect(crateReads).toHaveLength(1);
    // Another encoding of the same answer is built again (only the encoding sent is kept).
    const gz = await owner.get('/api/record').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toHaveLength(30);
  });

  it('sends a small answer as it is, and compresses other big API answers too', async () => {
    const { agent: empty } = await signedIn(a);
    const small = await empty.get('/api/record').set('Accept-Encoding', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    const openapi = await empty.get('/api/openapi.json').set('Accept-Encoding', 'gzip');
    expect(openapi.status).toBe(200);
    expect(openapi.headers['content-encoding']).toBe('gzip');
  });
});
