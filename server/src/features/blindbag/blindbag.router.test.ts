import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import {
  createRecord,
  createTestApp,
  createUser,
  signedInUser,
  type Agent,
  type TestApp,
} from '@/test/harness.js';
import { FALLBACK_COVER_PATH } from '@spincrate/contract';

const MELLOW = 10;
const HAPPY = 12;

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Draws `times` records and counts how often each id came out. */
async function draws(agent: Agent, times: number, search?: string): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let i = 0; i < times; i++) {
    const res = await agent.get('/api/blindbag').query(search === undefined ? {} : { search });
    expect(res.status).toBe(200);
    counts.set(res.body.id, (counts.get(res.body.id) ?? 0) + 1);
  }
  return counts;
}

describe('GET /api/blindbag', () => {
  it('answers 401 without a session', async () => {
    const res = await request(t.app).get('/api/blindbag');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('answers 404 when the crate is empty', async () => {
    const { agent } = await signedInUser(t);
    const other = await createUser(t.db);
    await createRecord(t.db, other.id);
    const res = await agent.get('/api/blindbag');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('returns id, title, artist and a displayable cover of one of your records', async () => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id, {
      title: 'Blue Train',
      artist: 'John Coltrane',
      tags: ['jazz'],
    });
    const res = await agent.get('/api/blindbag');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      title: 'Blue Train',
      artist: 'John Coltrane',
      coverart: expect.stringMatching(new RegExp(`^http://[^/]+${FALLBACK_COVER_PATH}$`)),
      cover: null,
    });
  });

  it('keeps a stored cover', async () => {
    const { user, agent } = await signedInUser(t);
    await createRecord(t.db, user.id, { coverart: 'https://covers.example/x.jpg' });
    expect((await agent.get('/api/blindbag')).body.coverart).toBe('https://covers.example/x.jpg');
  });

  it("gives the drawn record's own thumbnails once fetched, with or without a filter", async () => {
    // API.md "Covers served by Spincrate": "Every Record and Want gains `cover`: { "small":
    // "/covers/{key}-250.webp", "large": "/covers/{key}-500.webp" } once the image has been
    // fetched, else `null` (the client then shows `coverart` …)".
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id, {
      title: 'Blue Train',
      coverart: 'https://covers.example/blue-train.jpg',
      collection: { folder: 'Jazz' },
    });
    const key = 'fedcba9876543210fedcba9876543210';
    await t.db.query('UPDATE records SET cover_key = $1 WHERE id = $2', [key, id]);
    const cover = { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` };
    for (const query of [{}, { search: 'blue' }, { unplayedDays: 30 }, { folder: 'jazz' }]) {
      const res = await agent.get('/api/blindbag').query(query);
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.body, JSON.stringify(query)).toEqual({
        id,
        title: 'Blue Train',
        artist: expect.any(String),
        coverart: 'https://covers.example/blue-train.jpg',
        cover,
      });
    }
  });

  it("draws every record of a small crate, and never another user's", async () => {
    const { user, agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const mine = [
      await createRecord(t.db, user.id, { dateAdded: '2020-01-01T00:00:00Z' }),
      await createRecord(t.db, user.id, { dateAdded: '2020-01-01T00:00:00Z' }),
      await createRecord(t.db, user.id, { dateAdded: '2022-06-01T00:00:00Z' }),
      await createRecord(t.db, user.id, { dateAdded: '2025-01-01T00:00:00Z' }),
    ];
    await createRecord(t.db, other.id);
    // Each record is missed by 80 uniform draws with probability (3/4)^80 ≈ 1e-10.
    const counts = await draws(agent, 80);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...mine].sort((a, b) => a - b));
  });

  it('draws only among records whose title, artist, tags or mood contains the filter, ignoring case', async () => {
    const { user, agent } = await signedInUser(t);
    const byTitle = await createRecord(t.db, user.id, { title: 'Into the Blue', artist: 'X', moodId: HAPPY });
    const byArtist = await createRecord(t.db, user.id, {
      title: 'Y',
      artist: 'Blue Öyster Cult',
      moodId: HAPPY,
    });
    const byTag = await createRecord(t.db, user.id, {
      title: 'Z',
      artist: 'W',
      tags: ['BLUES'],
      moodId: HAPPY,
    });
    const byMood = await createRecord(t.db, user.id, { title: 'Q', artist: 'R', moodId: MELLOW });
    await createRecord(t.db, user.id, { title: 'Red', artist: 'Green', tags: ['rock'], moodId: HAPPY });
    const blue = await draws(agent, 60, 'bLuE');
    expect([...blue.keys()].sort((a, b) => a - b)).toEqual([byTitle, byArtist, byTag].sort((a, b) => a - b));
    const mellow = await draws(agent, 5, '  mellow ');
    expect([...mellow.keys()]).toEqual([byMood]);
  });

  it('draws each matching record about equally often (chi-square, 3 degrees of freedom)', async () => {
    const { user, agent } = await signedInUser(t);
    const matching: number[] = [];
    for (let i = 0; i < 4; i++) matching.push(await createRecord(t.db, user.id, { title: `Zebra ${i}` }));
    for (let i = 0; i < 8; i++) await createRecord(t.db, user.id, { title: `Horse ${i}`, artist: 'X' });
    const counts = await draws(agent, 200, 'zebra');
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...matching].sort((a, b) => a - b));
    // 50 expected each; a uniform draw exceeds 30 with probability about 1e-6.
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - 50) ** 2 / 50, 0);
    expect(chiSquare).toBeLessThan(30);
  }, 60_000);

  it('draws each of a few matching records about equally often when most of a large crate does not match', async () => {
    const { user, agent } = await signedInUser(t);
    const matching = [
      await createRecord(t.db, user.id, { title: 'Okapi One', dateAdded: '2019-01-01T00:00:00Z' }),
      await createRecord(t.db, user.id, { title: 'Okapi Two' }),
    ];
    for (let i = 0; i < 118; i++) await createRecord(t.db, user.id, { title: `Horse ${i}`, artist: 'X' });
    matching.push(await createRecord(t.db, user.id, { title: 'Okapi Three' }));
    const counts = await draws(agent, 150, 'okapi');
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...matching].sort((a, b) => a - b));
    // 50 expected each; below 25 has probability about 1e-5.
    for (const n of counts.values()) expect(n).toBeGreaterThanOrEqual(25);
  }, 60_000);

  it('matches % and _ in the filter literally', async () => {
    const { user, agent } = await signedInUser(t);
    const percent = await createRecord(t.db, user.id, { title: '50% Off' });
    await createRecord(t.db, user.id, { title: '500 Off' });
    expect([...(await draws(agent, 10, '50%')).keys()]).toEqual([percent]);
    const underscore = await createRecord(t.db, user.id, { title: 'a_b' });
    await createRecord(t.db, user.id, { title: 'axb' });
    expect([...(await draws(agent, 10, 'a_b')).keys()]).toEqual([underscore]);
  });

  it('answers 404 when nothing matches the filter', async () => {
    const { user, agent } = await signedInUser(t);
    await createRecord(t.db, user.id, { title: 'Something', artist: 'Someone' });
    const res = await agent.get('/api/blindbag').query({ search: 'nothing-matches-this' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('draws from the whole crate when the filter is empty or only spaces', async () => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id);
    expect((await agent.get('/api/blindbag').query({ search: '' })).body.id).toBe(id);
    expect((await agent.get('/api/blindbag').query({ search: '   ' })).body.id).toBe(id);
  });

  it('answers 400 with fields.search for a filter over 200 characters, and accepts 200', async () => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id, { title: 'x'.repeat(200) });
    const tooLong = await agent.get('/api/blindbag').query({ search: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('validation_failed');
    expect(tooLong.body.error.fields).toHaveProperty('search');
    const longest = await agent.get('/api/blindbag').query({ search: 'x'.repeat(200) });
    expect(longest.status).toBe(200);
    expect(longest.body.id).toBe(id);
  });
});

/** The UTC date `days` days from now, `YYYY-MM-DD` (the server's "today" is its UTC date). */
function utcDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function spin(agent: Agent, listenedAt: string, albums: number[]): Promise<void> {
  const res = await agent
    .post('/api/spins/add')
    .send({ listenedAt, timeSpent: '0:40', details: 'x', albums });
  expect(res.status).toBe(201);
}

async function unplayedDraws(agent: Agent, times: number, query: Record<string, string>) {
  const counts = new Map<number, number>();
  for (let i = 0; i < times; i++) {
    const res = await agent.get('/api/blindbag').query(query);
    expect(res.status).toBe(200);
    counts.set(res.body.id, (counts.get(res.body.id) ?? 0) + 1);
  }
  return counts;
}

describe('GET /api/blindbag?unplayedDays=N', () => {
  it('draws only records not spun in the last N days counting today, never-spun ones included, each of them', async () => {
    const { user, agent } = await signedInUser(t);
    const never = await createRecord(t.db, user.id, { title: 'Never' });
    const today = await createRecord(t.db, user.id, { title: 'Today' });
    const insideWindow = await createRecord(t.db, user.id, { title: 'Day 29' });
    const justOutside = await createRecord(t.db, user.id, { title: 'Day 30' });
    const longAgo = await createRecord(t.db, user.id, { title: 'Long ago' });
    await spin(agent, utcDay(0), [today]);
    await spin(agent, utcDay(-29), [insideWindow]);
    // Spun 400 days ago and 30 days ago: the later spin counts.
    await spin(agent, utcDay(-30), [justOutside]);
    await spin(agent, utcDay(-400), [longAgo, justOutside]);

    // 30 days counting today: today − 29 … today. Three eligible records; each is missed
    // by 90 uniform draws with probability (2/3)^90 ≈ 1e-16.
    const counts = await unplayedDraws(agent, 90, { unplayedDays: '30' });
    expect([...counts.keys()].sort((x, y) => x - y)).toEqual(
      [never, justOutside, longAgo].sort((x, y) => x - y),
    );
    // Roughly uniform: each expected 30 times; below 10 has probability < 1e-5.
    for (const n of counts.values()) expect(n).toBeGreaterThanOrEqual(10);

    // 1 day: only today's spin rules a record out.
    const oneDay = await unplayedDraws(agent, 60, { unplayedDays: '1' });
    expect([...oneDay.keys()].sort((x, y) => x - y)).toEqual(
      [never, insideWindow, justOutside, longAgo].sort((x, y) => x - y),
    );

    // 31 days: the spin of 30 days ago now counts.
    const thirtyOne = await unplayedDraws(agent, 40, { unplayedDays: '31' });
    expect([...thirtyOne.keys()].sort((x, y) => x - y)).toEqual([never, longAgo].sort((x, y) => x - y));
  });

  it('combines with the search filter, and answers 404 when nothing has waited that long', async () => {
    const { user, agent } = await signedInUser(t);
    const blue = await createRecord(t.db, user.id, { title: 'Blue' });
    const blueSpun = await createRecord(t.db, user.id, { title: 'Blue Train' });
    await createRecord(t.db, user.id, { title: 'Red' });
    await spin(agent, utcDay(-5), [blueSpun]);
    const draws = await unplayedDraws(agent, 20, { search: 'blue', unplayedDays: '7' });
    expect([...draws.keys()]).toEqual([blue]);
    await spin(agent, utcDay(0), [blue]);
    const none = await agent.get('/api/blindbag').query({ search: 'blue', unplayedDays: '7' });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('not_found');
    expect((await agent.get('/api/blindbag').query({ unplayedDays: '36500' })).status).toBe(200);
  });

  it.each(['0', '36501', '-1', '1.5', '1e3', 'abc', '', ' 7'])(
    'answers 400 with fields.unplayedDays for %j',
    async (unplayedDays) => {
      const { user, agent } = await signedInUser(t);
      await createRecord(t.db, user.id);
      const res = await agent.get('/api/blindbag').query({ unplayedDays });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields).toHaveProperty('unplayedDays');
    },
  );
});
