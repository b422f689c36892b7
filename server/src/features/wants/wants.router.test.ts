/**
 * The wantlist routes (API.md "Wantlist", issue 22 item 5) through the real app on a real
 * PostgreSQL: add (defaults, repeat-safe clientId), list (sorts, search, pages), edit,
 * delete, Got it (one transaction), owners, a friend's wants, bad input, other users' wants,
 * and that a want is never part of the crate.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import {
  befriend,
  createRecord,
  deleteSeenAndUnseen,
  expectEachOnce,
  createUser,
  signedInUser,
  useTestApp,
  walkPages,
  type Agent,
} from '@/test/harness.js';

const t = useTestApp();
const MELLOW = 10;
/** API.md: `coverart` is never empty; without a cover found, the app's fallback (PUBLIC_URL of the tests). */
const FALLBACK_COVER = 'http://127.0.0.1:5001/covers/fallback.svg';

interface WantBody {
  id: number;
  title: string;
  artist: string;
  priority: number;
  [field: string]: unknown;
}

async function addWant(agent: Agent, body: Record<string, unknown>): Promise<WantBody> {
  const res = await agent.post('/api/want/add').send(body);
  if (res.status !== 201) throw new Error(`add want: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as WantBody;
}

/** The wants rows of a user, as stored. */
async function storedWants(userId: number): Promise<Array<{ id: number; title: string }>> {
  return t.db.query('SELECT id, title FROM wants WHERE user_id = $1 ORDER BY id', [userId]);
}

describe('POST /api/want/add', () => {
  it('answers 201 with the Want: priority 2 by default, no max price or notes, the fallback cover', async () => {
    const { user, agent } = await signedInUser(t);
    const res = await agent.post('/api/want/add').send({ artist: ' Funkadelic ', title: 'Maggot Brain' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Maggot Brain',
      artist: 'Funkadelic',
      year: null,
      barcode: null,
      mb_release_id: null,
      mb_release_group_id: null,
      coverart: FALLBACK_COVER,
      priority: 2,
      max_price: null,
      notes: null,
      date_added: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      // API.md "Covers served by Spincrate": every Want carries `cover` (null: no thumbnails yet).
      cover: null,
    });
    expect(await storedWants(user.id)).toEqual([{ id: res.body.id, title: 'Maggot Brain' }]);
  });

  it('stores priority, max price (as API.md writes a price), notes, year and barcode', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.post('/api/want/add').send({
      artist: 'Funkadelic',
      title: 'Maggot Brain',
      year: 1971,
      barcode: '075597996128',
      priority: 1,
      max_price: { amount: '30', currency: 'EUR' },
      notes: 'orig. Westbound',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      year: 1971,
      barcode: '075597996128',
      priority: 1,
      max_price: { amount: '30.00', currency: 'EUR' },
      notes: 'orig. Westbound',
    });
  });

  it('a repeat of the same clientId stores nothing new and answers 200 with the first Want', async () => {
    const { user, agent } = await signedInUser(t);
    const clientId = randomUUID();
    const first = await agent.post('/api/want/add').send({ artist: 'Can', title: 'Tago Mago', clientId });
    expect(first.status).toBe(201);
    const again = await agent
      .post('/api/want/add')
      .send({ artist: 'Can', title: 'Tago Mago (again)', priority: 3, clientId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await storedWants(user.id)).toHaveLength(1);
    // The same clientId from another user is that user's own first add.
    const other = await signedInUser(t);
    const theirs = await other.agent
      .post('/api/want/add')
      .send({ artist: 'Can', title: 'Ege Bamyasi', clientId });
    expect(theirs.status).toBe(201);
    expect(theirs.body.title).toBe('Ege Bamyasi');
    // Without a clientId every add is a new want.
    await addWant(agent, { artist: 'Can', title: 'Tago Mago' });
    expect(await storedWants(user.id)).toHaveLength(2);
  });

  it('takes a clientId of any UUID version, trimmed, in any case, and null as none (API.md "Field rules")', async () => {
    const { user, agent } = await signedInUser(t);
    // Version 9 and version 1 in the version digit: "a UUID (any version)".
    const anyVersion = '1b4e28ba-2fa1-91d2-c83f-0016d3cca427';
    const first = await agent
      .post('/api/want/add')
      .send({ artist: 'Neu!', title: 'Neu! 75', clientId: anyVersion });
    expect(first.status).toBe(201);
    const repeat = await agent
      .post('/api/want/add')
      .send({ artist: 'Neu!', title: 'Neu! 75', clientId: `  ${anyVersion.toUpperCase()} ` });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
    const ones = await agent
      .post('/api/want/add')
      .send({ artist: 'Neu!', title: 'Neu! 2', clientId: '11111111-1111-1111-1111-111111111111' });
    expect(ones.status).toBe(201);
    const none = await agent.post('/api/want/add').send({ artist: 'Neu!', title: 'Neu!', clientId: null });
    expect(none.status).toBe(201);
    expect(await storedWants(user.id)).toHaveLength(3);
    const bad = await agent
      .post('/api/want/add')
      .send({ artist: 'Neu!', title: 'Neu!', clientId: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ clientId: 'must be a UUID' });
  });

  it.each([
    ['title', { artist: 'Can' }],
    ['title', { artist: 'Can', title: '   ' }],
    ['title', { artist: 'Can', title: 'x'.repeat(201) }],
    ['artist', { title: 'Tago Mago' }],
    ['artist', { artist: 42, title: 'Tago Mago' }],
    ['year', { artist: 'Can', title: 'Tago Mago', year: 1899 }],
    ['year', { artist: 'Can', title: 'Tago Mago', year: '1971' }],
    ['barcode', { artist: 'Can', title: 'Tago Mago', barcode: '12345' }],
    ['mb_release_id', { artist: 'Can', title: 'Tago Mago', mb_release_id: 'not-a-uuid' }],
    ['priority', { artist: 'Can', title: 'Tago Mago', priority: 0 }],
    ['priority', { artist: 'Can', title: 'Tago Mago', priority: 4 }],
    ['priority', { artist: 'Can', title: 'Tago Mago', priority: 1.5 }],
    ['priority', { artist: 'Can', title: 'Tago Mago', priority: '1' }],
    ['max_price', { artist: 'Can', title: 'Tago Mago', max_price: { amount: '30.001', currency: 'EUR' } }],
    ['max_price', { artist: 'Can', title: 'Tago Mago', max_price: { amount: '-5', currency: 'EUR' } }],
    ['max_price', { artist: 'Can', title: 'Tago Mago', max_price: { amount: '30', currency: 'XYZ' } }],
    ['max_price', { artist: 'Can', title: 'Tago Mago', max_price: 30 }],
    ['notes', { artist: 'Can', title: 'Tago Mago', notes: 'n'.repeat(1001) }],
    ['clientId', { artist: 'Can', title: 'Tago Mago', clientId: 'not-a-uuid' }],
  ])('answers 400 with fields.%s and stores nothing (%j)', async (field, body) => {
    const { user, agent } = await signedInUser(t);
    const res = await agent.post('/api/want/add').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty(field);
    expect(await storedWants(user.id)).toEqual([]);
  });

  it('takes notes of exactly 1,000 characters', async () => {
    const { agent } = await signedInUser(t);
    const want = await addWant(agent, { artist: 'Can', title: 'Tago Mago', notes: 'n'.repeat(1000) });
    expect(want.notes).toHaveLength(1000);
  });
});

describe('GET /api/want', () => {
  it("lists only the caller's wants, newest first by default, in each sort", async () => {
    const { user, agent } = await signedInUser(t);
    const other = await createUser(t.db);
    await t.db.query(`INSERT INTO wants (user_id, title, artist) VALUES ($1, 'Not mine', 'Somebody Else')`, [
      other.id,
    ]);
    const insert = (title: string, artist: string, priority: number, minutesAgo: number) =>
      t.db.query<{ id: number }>(
        `INSERT INTO wants (user_id, title, artist, priority, date_added)
         VALUES ($1, $2, $3, $4, now() - make_interval(mins => $5)) RETURNING id`,
        [user.id, title, artist, priority, minutesAgo],
      );
    const [a] = await insert('Maggot Brain', 'Funkadelic', 2, 30);
    const [b] = await insert('Ágætis byrjun', 'Sigur Rós', 1, 20);
    const [c] = await insert('blue train', 'John Coltrane', 3, 10);
    const [d] = await insert('Zen Arcade', 'Hüsker Dü', 1, 5);
    const ids = async (query: string) => {
      const res = await agent.get(`/api/want${query}`);
      expect(res.status).toBe(200);
      return (res.body as WantBody[]).map((w) => w.id);
    };
    expect(await ids('')).toEqual([d!.id, c!.id, b!.id, a!.id]);
    expect(await ids('?sort=newest')).toEqual([d!.id, c!.id, b!.id, a!.id]);
    // Priority 1 first; ties newest first.
    expect(await ids('?sort=priority')).toEqual([d!.id, b!.id, a!.id, c!.id]);
    // Case- and accent-insensitive: Funkadelic, Hüsker Dü, John Coltrane, Sigur Rós.
    expect(await ids('?sort=artist_asc')).toEqual([a!.id, d!.id, c!.id, b!.id]);
    // Ágætis byrjun, blue train, Maggot Brain, Zen Arcade.
    expect(await ids('?sort=title_asc')).toEqual([b!.id, c!.id, a!.id, d!.id]);
    // Search: title, artist, notes or year, ignoring case; literally (% is not a wildcard).
    expect(await ids('?search=TRAIN')).toEqual([c!.id]);
    expect(await ids('?search=funk')).toEqual([a!.id]);
    expect(await ids('?search=%25')).toEqual([]);
  });

  it('pages with limit and cursor: Link rel="next", X-Total-Count, every want once', async () => {
    const { user, agent } = await signedInUser(t);
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const rows = await t.db.query<{ id: number }>(
        `INSERT INTO wants (user_id, title, artist, priority) VALUES ($1, $2, 'Artist', $3) RETURNING id`,
        [user.id, `Album ${i}`, (i % 3) + 1],
      );
      created.push(rows[0]!.id);
    }
    for (const sort of ['newest', 'priority', 'artist_asc', 'title_asc']) {
      const pages = await walkPages<WantBody>(agent, `/api/want?limit=3&sort=${sort}`);
      expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
      expect(pages.every((p) => p.total === '7')).toBe(true);
      const whole = (await agent.get(`/api/want?sort=${sort}`)).body as WantBody[];
      expect(pages.flatMap((p) => p.items.map((w) => w.id))).toEqual(whole.map((w) => w.id));
    }
    const searched = await walkPages<WantBody>(agent, '/api/want?limit=1&search=album%206');
    expect(searched.flatMap((p) => p.items.map((w) => w.id))).toEqual([created[6]]);
  });

  it('a walk in each sort returns every want that existed during the whole walk exactly once, while wants come and go', async () => {
    const { user, agent } = await signedInUser(t);
    for (const sort of ['newest', 'priority', 'artist_asc', 'title_asc']) {
      await t.db.query('DELETE FROM wants WHERE user_id = $1', [user.id]);
      const initial: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const rows = await t.db.query<{ id: number }>(
          `INSERT INTO wants (user_id, title, artist, priority) VALUES ($1, $2, $3, $4) RETURNING id`,
          [user.id, `Album ${i % 4}`, `Artist ${i % 3}`, (i % 3) + 1],
        );
        initial.push(rows[0]!.id);
      }
      const deleted = new Set<number>();
      let added = 0;
      const pages = await walkPages<WantBody>(agent, `/api/want?limit=2&sort=${sort}`, async (seen) => {
        await deleteSeenAndUnseen(agent, (id) => `/api/want/${id}`, initial, seen, deleted);
        added += 1;
        await addWant(agent, {
          artist: `Artist ${added % 3}`,
          title: `Album ${added % 4}`,
          priority: (added % 3) + 1,
        });
      });
      const seen = pages.flatMap((p) => p.items.map((w) => w.id));
      expectEachOnce(
        seen,
        initial.filter((id) => !deleted.has(id)),
        sort,
      );
    }
  });

  it.each([
    ['sort', '?sort=oldest'],
    ['sort', '?sort=rating_desc'],
    ['limit', '?limit=0'],
    ['limit', '?limit=201'],
    ['limit', '?cursor=abc'],
    ['search', '?search=%20%20'],
  ])('answers 400 with fields.%s for %s', async (field, query) => {
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/want${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty(field);
  });

  it("refuses an altered cursor, and another user's cursor, with 400 fields.cursor", async () => {
    const { user, agent } = await signedInUser(t);
    await t.db.query(`INSERT INTO wants (user_id, title, artist) VALUES ($1, 'A', 'X'), ($1, 'B', 'X')`, [
      user.id,
    ]);
    const first = await agent.get('/api/want?limit=1');
    const link = String(first.headers.link);
    const cursor = new URL(/<([^>]+)>/.exec(link)![1]!, 'http://localhost').searchParams.get('cursor')!;
    const altered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await agent.get(`/api/want?limit=1&cursor=${altered}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('cursor');
    const other = await signedInUser(t);
    const theirs = await other.agent.get(`/api/want?limit=1&cursor=${cursor}`);
    expect(theirs.status).toBe(400);
    expect(theirs.body.error.fields).toHaveProperty('cursor');
  });

  it('answers with an ETag that changes after a want is added, edited or deleted', async () => {
    const { agent } = await signedInUser(t);
    const empty = await agent.get('/api/want');
    expect(empty.body).toEqual([]);
    const tag = empty.headers.etag as string;
    expect(tag).toBeTruthy();
    expect((await agent.get('/api/want').set('If-None-Match', tag)).status).toBe(304);
    const want = await addWant(agent, { artist: 'Can', title: 'Tago Mago' });
    const afterAdd = await agent.get('/api/want').set('If-None-Match', tag);
    expect(afterAdd.status).toBe(200);
    expect(afterAdd.body.map((w: WantBody) => w.title)).toEqual(['Tago Mago']);
    await agent.put('/api/want/edit').send({ id: want.id, artist: 'Can', title: 'Future Days' }).expect(200);
    const afterEdit = await agent.get('/api/want').set('If-None-Match', afterAdd.headers.etag as string);
    expect(afterEdit.status).toBe(200);
    expect(afterEdit.body.map((w: WantBody) => w.title)).toEqual(['Future Days']);
    await agent.delete(`/api/want/${want.id}`).expect(204);
    const afterDelete = await agent.get('/api/want').set('If-None-Match', afterEdit.headers.etag as string);
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.body).toEqual([]);
  });
});

describe('PUT /api/want/edit and DELETE /api/want/{id}', () => {
  it('edit changes the fields given, keeps the absent ones, clears the null ones', async () => {
    const { agent } = await signedInUser(t);
    const want = await addWant(agent, {
      artist: 'Funkadelic',
      title: 'Maggot Brain',
      year: 1971,
      priority: 1,
      max_price: { amount: '30.00', currency: 'EUR' },
      notes: 'orig. Westbound',
    });
    const res = await agent
      .put('/api/want/edit')
      .send({ id: want.id, artist: 'Funkadelic', title: 'Maggot Brain', priority: 3, notes: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...want,
      priority: 3,
      notes: null,
      year: 1971,
      max_price: { amount: '30.00', currency: 'EUR' },
    });
    const cleared = await agent
      .put('/api/want/edit')
      .send({ id: want.id, artist: 'Funkadelic', title: 'Free Your Mind', max_price: null, year: null });
    expect(cleared.body).toMatchObject({ title: 'Free Your Mind', max_price: null, year: null, priority: 3 });
  });

  it.each([
    ['id', { artist: 'Can', title: 'Tago Mago' }],
    ['id', { id: 'abc', artist: 'Can', title: 'Tago Mago' }],
    ['title', { id: 1, artist: 'Can', title: '' }],
    ['priority', { id: 1, artist: 'Can', title: 'Tago Mago', priority: 5 }],
    [
      'max_price',
      { id: 1, artist: 'Can', title: 'Tago Mago', max_price: { amount: '1.234', currency: 'EUR' } },
    ],
    ['notes', { id: 1, artist: 'Can', title: 'Tago Mago', notes: 'n'.repeat(1001) }],
  ])('edit answers 400 with fields.%s (%j)', async (field, body) => {
    const { agent } = await signedInUser(t);
    const res = await agent.put('/api/want/edit').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty(field);
  });

  it("another user's want answers 404 to edit, delete, got and owners, and stays as it was", async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const want = await addWant(owner.agent, { artist: 'Can', title: 'Tago Mago' });
    const edit = await stranger.agent.put('/api/want/edit').send({ id: want.id, artist: 'X', title: 'Y' });
    expect(edit.status).toBe(404);
    expect(edit.body.error.code).toBe('not_found');
    expect((await stranger.agent.delete(`/api/want/${want.id}`)).status).toBe(404);
    expect((await stranger.agent.post(`/api/want/${want.id}/got`).send({ mood: MELLOW })).status).toBe(404);
    expect((await stranger.agent.get(`/api/want/${want.id}/owners`)).status).toBe(404);
    expect(await storedWants(owner.user.id)).toEqual([{ id: want.id, title: 'Tago Mago' }]);
    const records = await t.db.query('SELECT id FROM records WHERE user_id = $1', [stranger.user.id]);
    expect(records).toEqual([]);
  });

  it('delete answers 204 and the want is gone; 404 the second time; 400 for a bad id', async () => {
    const { user, agent } = await signedInUser(t);
    const want = await addWant(agent, { artist: 'Can', title: 'Tago Mago' });
    expect((await agent.delete(`/api/want/${want.id}`)).status).toBe(204);
    expect(await storedWants(user.id)).toEqual([]);
    expect((await agent.delete(`/api/want/${want.id}`)).status).toBe(404);
    for (const bad of ['abc', '-1', '1.5', '0', '2147483648']) {
      const res = await agent.delete(`/api/want/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.fields).toHaveProperty('id');
    }
  });
});

describe('POST /api/want/{id}/got', () => {
  it('answers 201 with the new Record of the crate, and the want is gone', async () => {
    const { user, agent } = await signedInUser(t);
    const want = await addWant(agent, {
      artist: 'Funkadelic',
      title: 'Maggot Brain',
      year: 1971,
      barcode: '075597996128',
      priority: 1,
      max_price: { amount: '30.00', currency: 'EUR' },
    });
    const res = await agent.post(`/api/want/${want.id}/got`).send({
      mood: MELLOW,
      media_condition: 'Very Good Plus (VG+)',
      sleeve_condition: 'Very Good (VG)',
      price: { amount: '24.99', currency: 'EUR' },
      purchased_on: '2026-11-01',
      purchased_from: 'Rough Trade East',
      folder: 'Funk',
      location: 'Shelf 2 / B',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: user.id,
      title: 'Maggot Brain',
      artist: 'Funkadelic',
      year: 1971,
      barcode: '075597996128',
      coverart: FALLBACK_COVER,
      mood_id: MELLOW,
      mood: 'Mellow',
      media_condition: 'Very Good Plus (VG+)',
      sleeve_condition: 'Very Good (VG)',
      price: { amount: '24.99', currency: 'EUR' },
      purchased_on: '2026-11-01',
      purchased_from: 'Rough Trade East',
      folder: 'Funk',
      location: 'Shelf 2 / B',
      play_count: 0,
    });
    expect(Date.now() - Date.parse(res.body.date_added)).toBeLessThan(60_000);
    expect(await storedWants(user.id)).toEqual([]);
    const crate = await agent.get('/api/record');
    expect(crate.body.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
    expect((await agent.get('/api/want')).body).toEqual([]);
    // Got it twice: the want is gone.
    expect((await agent.post(`/api/want/${want.id}/got`).send({ mood: MELLOW })).status).toBe(404);
  });

  it.each([
    ['mood', {}],
    ['mood', { mood: 999999 }],
    ['mood', { mood: 'abc' }],
    ['media_condition', { mood: MELLOW, media_condition: 'Great' }],
    ['sleeve_condition', { mood: MELLOW, sleeve_condition: 'Shiny' }],
    ['price', { mood: MELLOW, price: { amount: '1.234', currency: 'EUR' } }],
    ['purchased_on', { mood: MELLOW, purchased_on: '2026-02-30' }],
    ['folder', { mood: MELLOW, folder: 'f'.repeat(61) }],
  ])('answers 400 with fields.%s and leaves the want, adding no record (%j)', async (field, body) => {
    const { user, agent } = await signedInUser(t);
    const want = await addWant(agent, { artist: 'Can', title: 'Tago Mago' });
    const res = await agent.post(`/api/want/${want.id}/got`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty(field);
    expect(await storedWants(user.id)).toEqual([{ id: want.id, title: 'Tago Mago' }]);
    expect(await t.db.query('SELECT id FROM records WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it('a failure halfway (the record insert fails after the want was deleted) leaves the want', async () => {
    const { user, agent } = await signedInUser(t);
    const marker = `Doomed ${randomUUID()}`;
    const want = await addWant(agent, { artist: 'Can', title: marker });
    const fn = `fail_got_${randomUUID().replace(/-/g, '')}`;
    // Only this test's record insert fails (the title is unique to it).
    await t.db.query(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.title = '${marker}' THEN RAISE EXCEPTION 'forced failure'; END IF;
         RETURN NEW;
       END $$`,
    );
    await t.db.query(`CREATE TRIGGER ${fn} BEFORE INSERT ON records FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      const res = await agent.post(`/api/want/${want.id}/got`).send({ mood: MELLOW });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal');
    } finally {
      await t.db.query(`DROP TRIGGER ${fn} ON records`);
      await t.db.query(`DROP FUNCTION ${fn}()`);
    }
    expect(await storedWants(user.id)).toEqual([{ id: want.id, title: marker }]);
    expect(await t.db.query('SELECT id FROM records WHERE user_id = $1', [user.id])).toEqual([]);
    // Once the failure is gone, Got it works.
    expect((await agent.post(`/api/want/${want.id}/got`).send({ mood: MELLOW })).status).toBe(201);
  });
});

describe('GET /api/want/{id}/owners', () => {
  it('lists the friends whose crate holds the same release group, or the same artist and title ignoring case', async () => {
    const { user, agent } = await signedInUser(t);
    const sam = await createUser(t.db);
    const alex = await createUser(t.db);
    const notAFriend = await createUser(t.db);
    const followsMe = await createUser(t.db);
    await befriend(t.db, user.id, sam.id);
    await befriend(t.db, user.id, alex.id);
    await befriend(t.db, followsMe.id, user.id);
    const group = randomUUID();
    const samRecord = await createRecord(t.db, sam.id, { artist: 'FUNKADELIC', title: 'maggot brain' });
    const alexRecord = await createRecord(t.db, alex.id, {
      artist: 'Funkadelic',
      title: 'Maggot Brain (Remaster)',
    });
    await t.db.query('UPDATE records SET mb_release_group_id = $2 WHERE id = $1', [alexRecord, group]);
    await createRecord(t.db, alex.id, { artist: 'Funkadelic', title: 'Free Your Mind' });
    await createRecord(t.db, notAFriend.id, { artist: 'Funkadelic', title: 'Maggot Brain' });
    await createRecord(t.db, followsMe.id, { artist: 'Funkadelic', title: 'Maggot Brain' });
    const want = await addWant(agent, { artist: 'Funkadelic', title: 'Maggot Brain' });
    await t.db.query('UPDATE wants SET mb_release_group_id = $2 WHERE id = $1', [want.id, group]);

    const res = await agent.get(`/api/want/${want.id}/owners`);
    expect(res.status).toBe(200);
    const expected = [
      { friend_id: sam.id, friend_username: sam.username, record_id: samRecord },
      { friend_id: alex.id, friend_username: alex.username, record_id: alexRecord },
    ].sort((a, b) => a.friend_username.toLowerCase().localeCompare(b.friend_username.toLowerCase()));
    expect(res.body).toEqual(expected);

    const lonely = await addWant(agent, { artist: 'Nobody', title: 'Owns This' });
    expect((await agent.get(`/api/want/${lonely.id}/owners`)).body).toEqual([]);
    expect((await agent.get('/api/want/abc/owners')).status).toBe(400);
    expect((await agent.get('/api/want/2147483647/owners')).status).toBe(404);
  });
});

describe("GET /api/social/friends/want?id=F: a friend's wants", () => {
  it("answers the friend's Want[] without max_price; 404 when F is not the caller's friend", async () => {
    const me = await signedInUser(t);
    const friend = await signedInUser(t);
    await befriend(t.db, me.user.id, friend.user.id);
    await addWant(friend.agent, {
      artist: 'Funkadelic',
      title: 'Maggot Brain',
      priority: 1,
      max_price: { amount: '30.00', currency: 'EUR' },
      notes: 'orig. Westbound',
    });
    const res = await me.agent.get(`/api/social/friends/want?id=${friend.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ title: 'Maggot Brain', priority: 1, notes: 'orig. Westbound' });
    expect(res.body[0]).not.toHaveProperty('max_price');
    expect(res.text).not.toContain('30.00');

    // The friendship is one-directional: the friend has not added me.
    const back = await friend.agent.get(`/api/social/friends/want?id=${me.user.id}`);
    expect(back.status).toBe(404);
    expect(back.body.error.code).toBe('not_found');
    const missing = await me.agent.get('/api/social/friends/want?id=2147483647');
    expect(missing.status).toBe(404);
    const bad = await me.agent.get('/api/social/friends/want?id=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('id');
  });
});

describe('signed out', () => {
  it.each([
    ['get', '/api/want'],
    ['post', '/api/want/add'],
    ['put', '/api/want/edit'],
    ['delete', '/api/want/1'],
    ['post', '/api/want/1/got'],
    ['get', '/api/want/1/owners'],
    ['get', '/api/social/friends/want?id=1'],
  ] as const)('%s %s answers 401 unauthenticated', async (method, path) => {
    const res = await request(t.app)[method](path).send({});
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('a want is never part of the crate', () => {
  it('changes no record list, search, stats, blindbag or CSV export; the JSON backup has it under wants', async () => {
    const { agent } = await signedInUser(t);
    const before = {
      record: await agent.get('/api/record?limit=10'),
      search: await agent.get('/api/record/search?search=Maggot'),
      stats: await agent.get('/api/stats'),
      blindbag: await agent.get('/api/blindbag'),
      csv: await agent.get('/api/record/export?format=csv'),
      spins: await agent.get('/api/spins'),
    };
    expect(before.record.headers['x-total-count']).toBe('0');
    const want = await addWant(agent, {
      artist: 'Funkadelic',
      title: 'Maggot Brain',
      max_price: { amount: '30.00', currency: 'EUR' },
    });
    const record = await agent.get('/api/record?limit=10');
    expect(record.headers['x-total-count']).toBe('0');
    expect(record.body).toEqual([]);
    expect((await agent.get('/api/record')).body).toEqual([]);
    expect((await agent.get('/api/record/search?search=Maggot')).body).toEqual([]);
    const stats = await agent.get('/api/stats');
    expect(stats.body.records).toBe(0);
    expect(stats.body).toEqual(before.stats.body);
    expect((await agent.get('/api/blindbag')).status).toBe(404);
    expect(before.blindbag.status).toBe(404);
    const csv = await agent.get('/api/record/export?format=csv');
    expect(csv.text).toBe(before.csv.text);
    expect(csv.text).not.toContain('Maggot');
    expect((await agent.get('/api/spins')).body).toEqual(before.spins.body);

    const backup = await agent.get('/api/record/export?format=json');
    expect(backup.status).toBe(200);
    expect(backup.body.records).toEqual([]);
    expect(backup.body.wants).toEqual([want]);
  });
});
