import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import {
  createRecord,
  createSpin,
  createUser,
  signedInUser,
  type Agent,
  type TestApp,
  type TestUser,
  createTestApp,
} from '@/test/harness.js';
import { FALLBACK_COVER_PATH } from '@spincrate/contract';

/** A spin with no start given, not sent to ListenBrainz (API.md "ListenBrainz": started_at, scrobble). */
const NOT_SENT = { started_at: null, scrobble: { state: 'off', listens: 0, message: null } };

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** `YYYY-MM-DD` of today (UTC) shifted by `days`. */
function utcDay(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

/** A valid spin body for `albums`, with `overrides` on top. */
function spinBody(albums: unknown[], overrides: Record<string, unknown> = {}) {
  return { timeSpent: '1:05', listenedAt: '03/14/2024', details: 'Sunday morning', albums, ...overrides };
}

async function spinCount(userId: number): Promise<number> {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spins WHERE user_id = $1', [
    userId,
  ]);
  return row!.n;
}

async function linkCount(userId: number): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM spin_records sr JOIN spins s ON s.id = sr.spin_id WHERE s.user_id = $1',
    [userId],
  );
  return row!.n;
}

/** A signed-in user with one record in their crate. */
async function userWithRecord(): Promise<{ user: TestUser; agent: Agent; recordId: number }> {
  const { user, agent } = await signedInUser(t);
  return { user, agent, recordId: await createRecord(t.db, user.id) };
}

describe('GET /api/spins', () => {
  it('answers 401 unauthenticated without a session', async () => {
    const res = await request(t.app).get('/api/spins');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('lists only the caller’s spins, newest listened_at first then id desc, as Spin entities', async () => {
    const { user, agent, recordId } = await userWithRecord();
    const other = await createUser(t.db);
    await createSpin(t.db, other.id, [await createRecord(t.db, other.id)], { details: 'not mine' });
    const older = await createSpin(t.db, user.id, [recordId], {
      listenedAt: '2024-01-02',
      minutes: 5,
      details: 'older',
    });
    const sameDayFirst = await createSpin(t.db, user.id, [recordId], {
      listenedAt: '2024-06-30',
      minutes: 600,
      details: 'a',
    });
    const sameDaySecond = await createSpin(t.db, user.id, [recordId], {
      listenedAt: '2024-06-30',
      minutes: 0,
      details: 'b',
    });
    const newest = await createSpin(t.db, user.id, [], {
      listenedAt: '2025-12-31',
      minutes: 99 * 60 + 59,
      details: 'newest',
    });

    const res = await agent.get('/api/spins');
    expect(res.status).toBe(200);
    const [record] = await t.db.query<{ title: string }>('SELECT title FROM records WHERE id = $1', [
      recordId,
    ]);
    const records = [{ id: recordId, title: record!.title, artist: 'Test Artist' }];
    expect(res.body).toEqual([
      {
        id: newest,
        listened_at: '2025-12-31',
        time_spent: '99:59',
        spin_details: 'newest',
        records: [],
        ...NOT_SENT,
      },
      {
        id: sameDaySecond,
        listened_at: '2024-06-30',
        time_spent: '0:00',
        spin_details: 'b',
        records,
        ...NOT_SENT,
      },
      {
        id: sameDayFirst,
        listened_at: '2024-06-30',
        time_spent: '10:00',
        spin_details: 'a',
        records,
        ...NOT_SENT,
      },
      {
        id: older,
        listened_at: '2024-01-02',
        time_spent: '0:05',
        spin_details: 'older',
        records,
        ...NOT_SENT,
      },
    ]);
  });

  it('answers an empty list for a user without spins', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get('/api/spins');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('GET /api/spins: each spin lists its records (EXTENSIONS.md §2)', () => {
  /** A record of `userId` titled `title` by `artist`. */
  function recordOf(userId: number, title: string, artist: string): Promise<number> {
    return createRecord(t.db, userId, { title, artist });
  }

  it('lists a spin’s 1, 3 or 5 records as {id, title, artist}, in the spin’s order', async () => {
    const { user, agent } = await signedInUser(t);
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await recordOf(user.id, `Title ${n}`, `Artist ${n}`));
    const one = await createSpin(t.db, user.id, [ids[0]!], { listenedAt: '2024-01-01' });
    // Given out of id order: API.md "Entities as returned": records "in the spin's order".
    const three = await createSpin(t.db, user.id, [ids[2]!, ids[0]!, ids[1]!], { listenedAt: '2024-01-02' });
    const five = await createSpin(t.db, user.id, [ids[4]!, ids[3]!, ids[2]!, ids[1]!, ids[0]!], {
      listenedAt: '2024-01-03',
    });
    const named = (n: number) => ({ id: ids[n - 1], title: `Title ${n}`, artist: `Artist ${n}` });

    const res = await agent.get('/api/spins');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: number; records: unknown }) => [s.id, s.records])).toEqual([
      [five, [named(5), named(4), named(3), named(2), named(1)]],
      [three, [named(3), named(1), named(2)]],
      [one, [named(1)]],
    ]);
  });

  it('drops a deleted record from the list, and answers an empty list once all are deleted', async () => {
    const { user, agent } = await signedInUser(t);
    const kept = await recordOf(user.id, 'Kept', 'Someone');
    const gone = await recordOf(user.id, 'Gone', 'Someone Else');
    const spin = await createSpin(t.db, user.id, [gone, kept]);

    expect((await agent.delete(`/api/record/${gone}`)).status).toBe(204);
    let res = await agent.get('/api/spins');
    expect(res.body).toEqual([
      expect.objectContaining({ id: spin, records: [{ id: kept, title: 'Kept', artist: 'Someone' }] }),
    ]);

    expect((await agent.delete(`/api/record/${kept}`)).status).toBe(204);
    res = await agent.get('/api/spins');
    expect(res.body).toEqual([expect.objectContaining({ id: spin, records: [] })]);
  });

  it('never lists another user’s records, even one linked to the caller’s spin', async () => {
    const { user, agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const mine = await recordOf(user.id, 'Mine', 'Me');
    const theirs = await recordOf(other.id, 'Theirs', 'Them');
    // A link the app never makes (POST /add refuses it), written straight to the database.
    const spin = await createSpin(t.db, user.id, [theirs, mine]);
    await createSpin(t.db, other.id, [theirs]);

    const res = await agent.get('/api/spins');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: spin, records: [{ id: mine, title: 'Mine', artist: 'Me' }] }),
    ]);
  });
});

describe('POST /api/spins/add', () => {
  it('stores the spin from the date picker’s body (ids as strings) and answers 201 Spin', async () => {
    const { user, agent } = await signedInUser(t);
    const first = await createRecord(t.db, user.id, { title: 'First' });
    const second = await createRecord(t.db, user.id, { title: 'Second' });
    const res = await agent.post('/api/spins/add').send({
      timeSpent: '2:30',
      listenedAt: '11/02/2025',
      details: '  Late night  ',
      albums: [String(second), String(first)],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      listened_at: '2025-11-02',
      time_spent: '2:30',
      spin_details: 'Late night',
      ...NOT_SENT,
    });

    const list = await agent.get('/api/spins');
    expect(list.body).toEqual([
      {
        ...res.body,
        // In the spin's order, as `albums` gave them (API.md "Entities as returned").
        records: [
          { id: second, title: 'Second', artist: 'Test Artist' },
          { id: first, title: 'First', artist: 'Test Artist' },
        ],
      },
    ]);
    const single = await agent.get(`/api/spins/single/${res.body.id}`);
    expect(single.body.map((row: { title: string }) => row.title)).toEqual(['Second', 'First']);
  });

  it('answers 401 unauthenticated without a session and stores nothing', async () => {
    const user = await createUser(t.db);
    const recordId = await createRecord(t.db, user.id);
    const res = await request(t.app)
      .post('/api/spins/add')
      .send(spinBody([recordId]));
    expect(res.status).toBe(401);
    expect(await spinCount(user.id)).toBe(0);
  });

  it('ignores a user_id in the body: the spin is the caller’s', async () => {
    const { user, agent, recordId } = await userWithRecord();
    const other = await createUser(t.db);
    const res = await agent.post('/api/spins/add').send(spinBody([recordId], { user_id: other.id, id: 1 }));
    expect(res.status).toBe(201);
    expect(await spinCount(user.id)).toBe(1);
    expect(await spinCount(other.id)).toBe(0);
  });

  describe('timeSpent', () => {
    it.each([
      ['1:5', '1:05'],
      ['1:05', '1:05'],
      ['0:0', '0:00'],
      ['0:00', '0:00'],
      ['01:30', '1:30'],
      ['99:59', '99:59'],
      [' 12:45 ', '12:45'],
    ])('accepts %j and returns it as %j', async (timeSpent, expected) => {
      const { agent, recordId } = await userWithRecord();
      const res = await agent.post('/api/spins/add').send(spinBody([recordId], { timeSpent }));
      expect(res.status).toBe(201);
      expect(res.body.time_spent).toBe(expected);
      const list = await agent.get('/api/spins');
      expect(list.body[0].time_spent).toBe(expected);
    });

    it.each([['100:00'], ['1:60'], ['1:100'], ['90'], ['1:5:0'], ['-1:00'], ['a:bc'], [':30'], ['1:'], ['']])(
      'refuses %j with 400 fields.timeSpent and stores nothing',
      async (timeSpent) => {
        const { user, agent, recordId } = await userWithRecord();
        const res = await agent.post('/api/spins/add').send(spinBody([recordId], { timeSpent }));
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(Object.keys(res.body.error.fields)).toEqual(['timeSpent']);
        expect(await spinCount(user.id)).toBe(0);
      },
    );

    it.each([[65], [null], [undefined]])('refuses a timeSpent of %j with 400', async (timeSpent) => {
      const { agent, recordId } = await userWithRecord();
      const res = await agent.post('/api/spins/add').send(spinBody([recordId], { timeSpent }));
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('timeSpent');
    });
  });

  describe('listenedAt', () => {
    it.each([
      ['03/14/2024', '2024-03-14'],
      ['2024-03-14', '2024-03-14'],
      ['2024-03-14T23:30:00.000Z', '2024-03-14'],
      ['2024-03-14T00:15:00+09:00', '2024-03-14'],
      ['2024-03-14T23:59:59-08:00', '2024-03-14'],
      ['2024-03-14T10:00Z', '2024-03-14'],
      ['02/29/2024', '2024-02-29'],
      ['1900-01-01', '1900-01-01'],
      ['01/01/1900', '1900-01-01'],
      ['3/4/2024', '2024-03-04'],
      [' 2024-03-14 ', '2024-03-14'],
    ])('accepts %j as the day %j, with no timezone shift', async (listenedAt, expected) => {
      const { agent, recordId } = await userWithRecord();
      const res = await agent.post('/api/spins/add').send(spinBody([recordId], { listenedAt }));
      expect(res.status).toBe(201);
      expect(res.body.listened_at).toBe(expected);
      const single = await agent.get(`/api/spins/single/${res.body.id}`);
      expect(single.body[0].listened_at).toBe(expected);
    });

    it('accepts today and tomorrow (UTC), in both date formats', async () => {
      const { agent, recordId } = await userWithRecord();
      for (const day of [utcDay(0), utcDay(1)]) {
        const [year, month, date] = day.split('-');
        for (const listenedAt of [day, `${month}/${date}/${year}`, `${day}T12:00:00.000Z`]) {
          const res = await agent.post('/api/spins/add').send(spinBody([recordId], { listenedAt }));
          expect(res.status).toBe(201);
          expect(res.body.listened_at).toBe(day);
        }
      }
    });

    it.each([
      ['02/30/2026'],
      ['2023-02-29'],
      ['04/31/2024'],
      ['13/01/2024'],
      ['00/10/2024'],
      ['2024-00-10'],
      ['1899-12-31'],
      ['12/31/1899'],
      ['2024-3-14'],
      ['14.03.2024'],
      ['2024-03-14T25:00:00Z'],
      ['2024-03-14T10:61Z'],
      ['2024-03-14Tnoon'],
      ['yesterday'],
      [''],
    ])('refuses %j with 400 fields.listenedAt and stores nothing', async (listenedAt) => {
      const { user, agent, recordId } = await userWithRecord();
      const res = await agent.post('/api/spins/add').send(spinBody([recordId], { listenedAt }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['listenedAt']);
      expect(await spinCount(user.id)).toBe(0);
    });

    it('refuses the day after tomorrow (UTC) in every format', async () => {
      const { user, agent, recordId } = await userWithRecord();
      const day = utcDay(2);
      const [year, month, date] = day.split('-');
      for (const listenedAt of [day, `${month}/${date}/${year}`, `${day}T00:00:00.000Z`]) {
        const res = await agent.post('/api/spins/add').send(spinBody([recordId], { listenedAt }));
        expect(res.status).toBe(400);
        expect(res.body.error.fields).toHaveProperty('listenedAt');
      }
      expect(await spinCount(user.id)).toBe(0);
    });

    it.each([[20240314], [null], [undefined]])('refuses a listenedAt of %j with 400', async (listenedAt) => {
      const { agent, recordId } = await userWithRecord();
      const res = await agent.post('/api/spins/add').send(spinBody([recordId], { listenedAt }));
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('listenedAt');
    });
  });

  describe('details', () => {
    it('accepts 5,000 characters', async () => {
      const { agent, recordId } = await userWithRecord();
      const details = 'x'.repeat(5000);
      const res = await agent.post('/api/spins/add').send(spinBody([recordId], { details }));
      expect(res.status).toBe(201);
      expect(res.body.spin_details).toBe(details);
    });

    it.each([['x'.repeat(5001)], ['   '], [''], [null], [42]])(
      'refuses %j with 400 fields.details',
      async (details) => {
        const { user, agent, recordId } = await userWithRecord();
        const res = await agent.post('/api/spins/add').send(spinBody([recordId], { details }));
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.error.fields)).toEqual(['details']);
        expect(await spinCount(user.id)).toBe(0);
      },
    );
  });

  describe('albums', () => {
    it('accepts 50 of the caller’s records, numbers and numeric strings mixed, kept in the given order', async () => {
      const { user, agent } = await signedInUser(t);
      const ids: number[] = [];
      for (let i = 0; i < 50; i++) ids.push(await createRecord(t.db, user.id, { title: `Album ${i}` }));
      const shuffled = [...ids].reverse();
      const res = await agent
        .post('/api/spins/add')
        .send(spinBody(shuffled.map((id, i) => (i % 2 ? String(id) : id))));
      expect(res.status).toBe(201);
      const single = await agent.get(`/api/spins/single/${res.body.id}`);
      expect(single.body.map((row: { album_id: number }) => row.album_id)).toEqual(shuffled);
    });

    it('refuses 51 records with 400 fields.albums, even when all are the caller’s', async () => {
      const { user, agent } = await signedInUser(t);
      const ids: number[] = [];
      for (let i = 0; i < 51; i++) ids.push(await createRecord(t.db, user.id));
      const res = await agent.post('/api/spins/add').send(spinBody(ids));
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('albums');
      expect(await spinCount(user.id)).toBe(0);
    });

    it.each([
      ['no album', () => []],
      ['the same id twice', (id: number) => [id, id]],
      ['the same id as number and string', (id: number) => [id, String(id)]],
      ['a non-numeric id', (id: number) => [id, 'abc']],
      ['a fractional id', (id: number) => [id, 1.5]],
      ['a negative id', (id: number) => [id, -1]],
      ['a zero id', (id: number) => [id, 0]],
      ['an id in exponent notation', (id: number) => [id, '1e3']],
      ['an id too large', (id: number) => [id, 2147483648]],
      ['a null id', (id: number) => [id, null]],
      ['an id that is no record', (id: number) => [id, 2147483647]],
      ['a single id instead of a list', (id: number) => String(id)],
    ] as Array<[string, (id: number) => unknown]>)(
      'refuses %s with 400 fields.albums',
      async (_case, albums) => {
        const { user, agent, recordId } = await userWithRecord();
        const res = await agent.post('/api/spins/add').send(spinBody([], { albums: albums(recordId) }));
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(Object.keys(res.body.error.fields)).toEqual(['albums']);
        expect(await spinCount(user.id)).toBe(0);
      },
    );

    it('refuses a missing albums field with 400 fields.albums', async () => {
      const { agent } = await signedInUser(t);
      const res = await agent
        .post('/api/spins/add')
        .send({ timeSpent: '1:00', listenedAt: '2024-01-01', details: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.albums).toBe('is required');
    });

    it('refuses another user’s record with 400 fields.albums, without telling whose it is', async () => {
      const { user, agent } = await signedInUser(t);
      const other = await createUser(t.db);
      const theirs = await createRecord(t.db, other.id, { title: 'Secret Title' });
      const res = await agent.post('/api/spins/add').send(spinBody([theirs]));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['albums']);
      expect(JSON.stringify(res.body)).not.toContain('Secret Title');
      expect(JSON.stringify(res.body)).not.toContain(other.username);
      expect(await spinCount(user.id)).toBe(0);
    });

    it('stores nothing when one album among good ones is not the caller’s (one transaction)', async () => {
      const { user, agent } = await signedInUser(t);
      const mine = [await createRecord(t.db, user.id), await createRecord(t.db, user.id)];
      const other = await createUser(t.db);
      const theirs = await createRecord(t.db, other.id);
      const res = await agent.post('/api/spins/add').send(spinBody([mine[0], mine[1], theirs]));
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('albums');
      expect(await spinCount(user.id)).toBe(0);
      expect(await linkCount(user.id)).toBe(0);
      const links = await t.db.query('SELECT 1 FROM spin_records WHERE record_id = ANY($1::int[])', [
        [...mine, theirs],
      ]);
      expect(links).toHaveLength(0);
      // The spin row, inserted before its links were refused, was rolled back with them.
      expect(await spinCount(other.id)).toBe(0);
    });
  });

  it('names every invalid field at once', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '1:99', listenedAt: '02/30/2026', details: '', albums: [] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual([
      'albums',
      'details',
      'listenedAt',
      'timeSpent',
    ]);
  });

  it('keeps all of 25 spins one user adds at the same time, each with its records', async () => {
    const { user, agent } = await signedInUser(t);
    const records = [await createRecord(t.db, user.id), await createRecord(t.db, user.id)];
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        agent.post('/api/spins/add').send(spinBody(records, { details: `spin ${i}` })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(25).fill(201));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(25);
    const list = await agent.get('/api/spins');
    expect(list.body).toHaveLength(25);
    expect(new Set(list.body.map((s: { spin_details: string }) => s.spin_details))).toEqual(
      new Set(Array.from({ length: 25 }, (_, i) => `spin ${i}`)),
    );
    expect(await linkCount(user.id)).toBe(50);
  });

  it('counts every play of 20 spins of the same two records added at once, in either order, and deletes them at once', async () => {
    const { user, agent } = await signedInUser(t);
    const [first, second] = [await createRecord(t.db, user.id), await createRecord(t.db, user.id)];
    const plays = async () =>
      (await agent.get('/api/record')).body
        .map((r: { id: number; play_count: number }) => [r.id, r.play_count])
        .sort((a: number[], b: number[]) => a[0]! - b[0]!);
    const added = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        agent.post('/api/spins/add').send(spinBody(i % 2 ? [first, second] : [second, first])),
      ),
    );
    expect(added.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await plays()).toEqual([
      [first, 20],
      [second, 20],
    ]);
    const deleted = await Promise.all(added.slice(0, 10).map((r) => agent.delete(`/api/spins/${r.body.id}`)));
    expect(deleted.map((r) => r.status)).toEqual(Array(10).fill(204));
    expect(await plays()).toEqual([
      [first, 10],
      [second, 10],
    ]);
  });
});

describe('GET /api/spins/single/{id}', () => {
  it('gives one row per record in its stored position, with the spin and a cover for each', async () => {
    const { user, agent } = await signedInUser(t);
    const withCover = await createRecord(t.db, user.id, {
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      coverart: 'https://covers.example/kob.jpg',
    });
    const withoutCover = await createRecord(t.db, user.id, { title: 'Blue Train', artist: 'John Coltrane' });
    const spinId = await createSpin(t.db, user.id, [withoutCover, withCover], {
      listenedAt: '2026-11-20',
      minutes: 65,
      details: 'Sunday morning',
    });
    const res = await agent.get(`/api/spins/single/${spinId}`);
    expect(res.status).toBe(200);
    const spin = {
      id: spinId,
      listened_at: '2026-11-20',
      time_spent: '1:05',
      spin_details: 'Sunday morning',
      ...NOT_SENT,
    };
    expect(res.body).toEqual([
      {
        ...spin,
        album_id: withoutCover,
        title: 'Blue Train',
        artist: 'John Coltrane',
        coverart: expect.stringMatching(new RegExp(`^http://[^/]+${FALLBACK_COVER_PATH}$`)),
        cover: null,
      },
      {
        ...spin,
        album_id: withCover,
        title: 'Kind of Blue',
        artist: 'Miles Davis',
        coverart: 'https://covers.example/kob.jpg',
        cover: null,
      },
    ]);
    const cover = await request(t.app).get(new URL(res.body[0].coverart).pathname);
    expect(cover.status).toBe(200);
  });

  it("gives each record's own thumbnails once fetched, else cover null", async () => {
    // API.md "Covers served by Spincrate": "Every Record and Want gains `cover`: { "small":
    // "/covers/{key}-250.webp", "large": "/covers/{key}-500.webp" } once the image has been
    // fetched, else `null` (the client then shows `coverart` …)".
    const { user, agent } = await signedInUser(t);
    const fetched = await createRecord(t.db, user.id, { coverart: 'https://covers.example/fetched.jpg' });
    const pending = await createRecord(t.db, user.id, { coverart: 'https://covers.example/pending.jpg' });
    const key = '0123456789abcdef0123456789abcdef';
    await t.db.query('UPDATE records SET cover_key = $1 WHERE id = $2', [key, fetched]);
    const spinId = await createSpin(t.db, user.id, [fetched, pending]);
    const res = await agent.get(`/api/spins/single/${spinId}`);
    expect(res.status).toBe(200);
    expect(res.body.map((row: { album_id: number; coverart: string; cover: unknown }) => row)).toMatchObject([
      {
        album_id: fetched,
        coverart: 'https://covers.example/fetched.jpg',
        cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` },
      },
      { album_id: pending, coverart: 'https://covers.example/pending.jpg', cover: null },
    ]);
  });

  it('keeps the spin when a record is deleted: the remaining albums, then one row with null album fields', async () => {
    const { user, agent } = await signedInUser(t);
    const kept = await createRecord(t.db, user.id, { title: 'Kept' });
    const gone = await createRecord(t.db, user.id, { title: 'Gone' });
    const spinId = await createSpin(t.db, user.id, [gone, kept], {
      listenedAt: '2025-05-05',
      minutes: 30,
      details: 'two',
    });

    await t.db.query('DELETE FROM records WHERE id = $1', [gone]);
    const afterOne = await agent.get(`/api/spins/single/${spinId}`);
    expect(afterOne.status).toBe(200);
    expect(afterOne.body.map((row: { album_id: number }) => row.album_id)).toEqual([kept]);

    await t.db.query('DELETE FROM records WHERE id = $1', [kept]);
    const afterAll = await agent.get(`/api/spins/single/${spinId}`);
    expect(afterAll.status).toBe(200);
    expect(afterAll.body).toEqual([
      {
        id: spinId,
        listened_at: '2025-05-05',
        time_spent: '0:30',
        spin_details: 'two',
        ...NOT_SENT,
        album_id: null,
        title: null,
        artist: null,
        coverart: null,
        cover: null,
      },
    ]);
    const list = await agent.get('/api/spins');
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([spinId]);
  });

  it('answers 404 for someone else’s spin exactly as for a spin that does not exist', async () => {
    const { agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const theirs = await createSpin(t.db, other.id, [
      await createRecord(t.db, other.id, { title: 'Private' }),
    ]);
    const res = await agent.get(`/api/spins/single/${theirs}`);
    const missing = await agent.get('/api/spins/single/2147483647');
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Private');
    expect(res.body.error.code).toBe('not_found');
    expect(res.body).toEqual(missing.body);
    expect(missing.status).toBe(404);
  });

  it.each([['abc'], ['0'], ['-1'], ['1.5'], ['1e3'], ['2147483648'], ['']])(
    'answers 400 for the malformed id %j',
    async (id) => {
      const { agent } = await signedInUser(t);
      const res = await agent.get(`/api/spins/single/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    },
  );

  it('answers 401 without a session', async () => {
    const user = await createUser(t.db);
    const spinId = await createSpin(t.db, user.id, []);
    const res = await request(t.app).get(`/api/spins/single/${spinId}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('DELETE /api/spins/{id}', () => {
  it('deletes the spin and its links but keeps the records, answering 204', async () => {
    const { user, agent, recordId } = await userWithRecord();
    const spinId = await createSpin(t.db, user.id, [recordId]);
    const keep = await createSpin(t.db, user.id, [recordId], { details: 'other spin' });
    const res = await agent.delete(`/api/spins/${spinId}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const list = await agent.get('/api/spins');
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([keep]);
    expect((await agent.get(`/api/spins/single/${spinId}`)).status).toBe(404);
    expect(await t.db.query('SELECT 1 FROM records WHERE id = $1', [recordId])).toHaveLength(1);
    expect(await t.db.query('SELECT 1 FROM spin_records WHERE spin_id = $1', [spinId])).toHaveLength(0);
    expect((await agent.delete(`/api/spins/${spinId}`)).status).toBe(404);
  });

  it('answers 404 for someone else’s spin and leaves it alone', async () => {
    const { agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const theirRecord = await createRecord(t.db, other.id);
    const theirs = await createSpin(t.db, other.id, [theirRecord]);
    const res = await agent.delete(`/api/spins/${theirs}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await t.db.query('SELECT 1 FROM spins WHERE id = $1', [theirs])).toHaveLength(1);
    expect(await t.db.query('SELECT 1 FROM spin_records WHERE spin_id = $1', [theirs])).toHaveLength(1);
  });

  it.each([['abc'], ['0'], ['1.5'], ['1e3'], ['2147483648']])(
    'answers 400 for the malformed id %j',
    async (id) => {
      const { agent } = await signedInUser(t);
      const res = await agent.delete(`/api/spins/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    },
  );

  it('answers 400 for a missing id', async () => {
    const { agent } = await signedInUser(t);
    expect((await agent.delete('/api/spins/')).status).toBe(400);
  });

  it('answers 401 without a session and leaves the spin alone', async () => {
    const user = await createUser(t.db);
    const spinId = await createSpin(t.db, user.id, []);
    const res = await request(t.app).delete(`/api/spins/${spinId}`);
    expect(res.status).toBe(401);
    expect(await t.db.query('SELECT 1 FROM spins WHERE id = $1', [spinId])).toHaveLength(1);
  });
});
