/**
 * API.md "Collection details" and "One record": the fields a collector records about a copy
 * on add and edit (every rule of the table, 400 with `fields.<name>` and nothing stored),
 * the friend view that hides price, purchase and location, `GET /api/record/{id}` and
 * `GET /api/social/friends/{friendId}/record/{id}`, `folder=` on every list and the
 * blindbag, `GET /api/record/folders`, the sorts `rating_desc` and `price_desc` with their
 * cursor walks, and the stats' `spend` and `cost_per_play`.
 */
import { describe, expect, it } from 'vitest';
import { compareRecords, type RuleRecord } from '@spincrate/contract';
import {
  befriend,
  createRecord,
  createSpin,
  createUser,
  deleteSeenAndUnseen,
  expectEachOnce,
  loginAgent,
  NO_COLLECTION_DETAILS,
  signedInUser,
  useTestApp,
  walkPages,
  type Agent,
} from '@/test/harness.js';

const t = useTestApp();
const MELLOW = 10;

/** Every collection detail set, as a client sends it. */
const FULL_DETAILS = {
  rating: 4,
  folder: 'Jazz',
  location: 'Shelf 2 / B',
  media_condition: 'Near Mint (NM or M-)',
  sleeve_condition: 'Very Good Plus (VG+)',
  price: { amount: '24.99', currency: 'EUR' },
  purchased_on: '2024-05-17',
  purchased_from: 'Rough Trade East',
  label: 'Blue Note',
  catalog_number: 'BLP 1577',
  format: 'LP, Album, Mono',
  discogs_release_id: 1234567,
};

/** What a friend sees of FULL_DETAILS: "price, purchased_on, purchased_from and location (always null)". */
const FRIEND_VIEW = {
  ...FULL_DETAILS,
  price: null,
  purchased_on: null,
  purchased_from: null,
  location: null,
};

async function addRecord(agent: Agent, fields: Record<string, unknown> = {}) {
  return agent
    .post('/api/record/add')
    .send({ artist: 'John Coltrane', title: 'Blue Train', mood: MELLOW, ...fields });
}

/** A Record without its cover URL, which names the port each test request was served on. */
function withoutCover(record: Record<string, unknown>): Record<string, unknown> {
  const { coverart, ...rest } = record;
  expect(coverart).toMatch(/^http/);
  return rest;
}

/** The records of a list answer, each without its cover URL. */
const listed = (body: Array<Record<string, unknown>>) => body.map(withoutCover);

async function recordCount(userId: number): Promise<number> {
  const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM records WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]!.n;
}

describe('collection details on add and edit', () => {
  it('stores every field on add and answers them in the Record, the list and GET /api/record/{id}', async () => {
    const { agent } = await signedInUser(t);
    const added = await addRecord(agent, FULL_DETAILS);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject(FULL_DETAILS);

    const one = await agent.get(`/api/record/${added.body.id}`);
    expect(one.status).toBe(200);
    expect(withoutCover(one.body)).toEqual(withoutCover(added.body));
    expect(one.headers.etag).toBeDefined();
    const list = await agent.get('/api/record');
    expect(listed(list.body)).toEqual([withoutCover(added.body)]);
    const page = await agent.get('/api/record?limit=10');
    expect(listed(page.body)).toEqual([withoutCover(added.body)]);
  });

  it('stores the price as whole cents and a currency code, never as a float', async () => {
    const { agent } = await signedInUser(t);
    const added = await addRecord(agent, { price: { amount: '0.1', currency: 'USD' } });
    expect(added.body.price).toEqual({ amount: '0.10', currency: 'USD' });
    const stored = await t.db.query('SELECT price_cents, price_currency FROM records WHERE id = $1', [
      added.body.id,
    ]);
    expect(stored).toEqual([{ price_cents: 10, price_currency: 'USD' }]);
    const max = await addRecord(agent, { title: 'Max', price: { amount: '99999.99', currency: 'JPY' } });
    expect(max.body.price).toEqual({ amount: '99999.99', currency: 'JPY' });
  });

  it('leaves every field null when none is given', async () => {
    const { agent } = await signedInUser(t);
    const added = await addRecord(agent);
    expect(added.body).toMatchObject(NO_COLLECTION_DETAILS);
  });

  it('keeps an absent field on edit, clears a null one, and changes a given one', async () => {
    const { agent } = await signedInUser(t);
    const added = await addRecord(agent, FULL_DETAILS);
    const base = {
      id: added.body.id,
      artist: 'John Coltrane',
      title: 'Blue Train',
      mood: MELLOW,
      details: 'x',
    };
    const kept = await agent.put('/api/record/edit').send(base);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject(FULL_DETAILS);

    const changed = await agent.put('/api/record/edit').send({
      ...base,
      rating: 5,
      price: null,
      location: null,
      folder: 'Shelf 2',
      sleeve_condition: 'No Cover',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      ...FULL_DETAILS,
      rating: 5,
      price: null,
      location: null,
      folder: 'Shelf 2',
      sleeve_condition: 'No Cover',
    });
    expect(withoutCover((await agent.get(`/api/record/${added.body.id}`)).body)).toEqual(
      withoutCover(changed.body),
    );
  });

  // API.md "Collection details" field by field; the bad inputs among them.
  const BAD: Array<[field: string, value: unknown]> = [
    ['rating', 0],
    ['rating', 6],
    ['rating', 3.5],
    ['rating', '4'],
    ['folder', 'x'.repeat(61)],
    ['folder', 7],
    ['location', 'x'.repeat(101)],
    ['media_condition', 'Excellent'],
    ['media_condition', 'Generic'],
    ['sleeve_condition', 'VG+'],
    ['price', { amount: '24.999', currency: 'EUR' }],
    ['price', { amount: '-1.00', currency: 'EUR' }],
    ['price', { amount: '100000.00', currency: 'EUR' }],
    ['price', { amount: '24.99', currency: 'XYZ' }],
    ['price', { amount: '24.99', currency: 'eur' }],
    ['price', { amount: 24.99, currency: 'EUR' }],
    ['price', { amount: '24.99' }],
    ['price', '24.99 EUR'],
    ['purchased_on', '1899-12-31'],
    ['purchased_on', '2999-01-01'],
    ['purchased_on', '2024-02-30'],
    ['purchased_on', '05/17/2024'],
    ['purchased_from', 'x'.repeat(101)],
    ['label', 'x'.repeat(201)],
    ['catalog_number', 'x'.repeat(201)],
    ['format', 'x'.repeat(201)],
    ['discogs_release_id', 0],
    ['discogs_release_id', -5],
    ['discogs_release_id', 1.5],
    ['discogs_release_id', 2147483648],
  ];

  it.each(BAD)('refuses %s = %j on add with 400 fields.<name>, storing nothing', async (field, value) => {
    const { user, agent } = await signedInUser(t);
    const res = await addRecord(agent, { [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
    expect(await recordCount(user.id)).toBe(0);
  });

  it('refuses a bad field on edit with 400, changing nothing of the record', async () => {
    const { agent } = await signedInUser(t);
    const added = await addRecord(agent, FULL_DETAILS);
    const base = { id: added.body.id, artist: 'Changed', title: 'Changed', mood: MELLOW, details: 'changed' };
    for (const [field, value] of BAD) {
      const res = await agent.put('/api/record/edit').send({ ...base, [field]: value });
      expect(res.status, `${field} = ${JSON.stringify(value)}`).toBe(400);
      expect(res.body.error.fields).toHaveProperty(field);
    }
    expect(withoutCover((await agent.get(`/api/record/${added.body.id}`)).body)).toEqual(
      withoutCover(added.body),
    );
  });

  it('accepts the edges of each rule', async () => {
    const { agent } = await signedInUser(t);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await addRecord(agent, {
      rating: 1,
      folder: 'f'.repeat(60),
      location: 'l'.repeat(100),
      media_condition: 'Poor (P)',
      sleeve_condition: 'Not Graded',
      price: { amount: '0', currency: 'GBP' },
      purchased_on: tomorrow,
      purchased_from: 'p'.repeat(100),
      label: 'x'.repeat(200),
      discogs_release_id: 2147483647,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rating: 1,
      price: { amount: '0.00', currency: 'GBP' },
      purchased_on: tomorrow,
    });
    const early = await addRecord(agent, { title: 'Early', purchased_on: '1900-01-01', rating: 5 });
    expect(early.status).toBe(201);
  });

  it('trims the grades before checking them (API.md "Conventions": text fields are trimmed)', async () => {
    const { agent } = await signedInUser(t);
    const res = await addRecord(agent, { media_condition: ' Mint (M) ', sleeve_condition: '\tGeneric ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ media_condition: 'Mint (M)', sleeve_condition: 'Generic' });
    const edited = await agent.put('/api/record/edit').send({
      id: res.body.id,
      artist: 'A',
      title: 'T',
      mood: MELLOW,
      details: 'x',
      media_condition: ' Good (G)',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.media_condition).toBe('Good (G)');
  });
});

describe('GET /api/record/{id} and GET /api/social/friends/{friendId}/record/{id} (API.md "One record")', () => {
  it('answers the owner, a friend (in the friend view) and 404 for everyone else', async () => {
    const { user: owner, agent: ownerAgent } = await signedInUser(t);
    const added = await addRecord(ownerAgent, FULL_DETAILS);
    const id = added.body.id as number;
    const friend = await createUser(t.db);
    await befriend(t.db, friend.id, owner.id);
    const friendAgent = await loginAgent(t, friend);
    const { agent: stranger } = await signedInUser(t);

    expect((await ownerAgent.get(`/api/record/${id}`)).body).toMatchObject(FULL_DETAILS);

    const seen = await friendAgent
      .get(`/api/social/friends/${owner.id}/record/${id}`)
      .set('Host', 'spincrate.test');
    expect(seen.status).toBe(200);
    expect(withoutCover(seen.body)).toEqual(withoutCover({ ...added.body, ...FRIEND_VIEW }));
    expect(seen.headers.etag).toBeDefined();
    const again = await friendAgent
      .get(`/api/social/friends/${owner.id}/record/${id}`)
      .set('Host', 'spincrate.test')
      .set('If-None-Match', seen.headers.etag as string);
    expect(again.status).toBe(304);

    // Another user's record is not one's own; a stranger is not a friend; the friendship is one-way.
    for (const res of [
      await friendAgent.get(`/api/record/${id}`),
      await stranger.get(`/api/record/${id}`),
      await stranger.get(`/api/social/friends/${owner.id}/record/${id}`),
      await ownerAgent.get(`/api/social/friends/${friend.id}/record/${id}`),
      await ownerAgent.get(`/api/record/999999999`),
      // The record exists, but is not the named friend's.
      await friendAgent.get(`/api/social/friends/${friend.id}/record/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('answers 400 for ids that are not positive integers and 401 without a session', async () => {
    const { agent } = await signedInUser(t);
    for (const bad of ['abc', '-1', '1.5', '1e3', '2147483648']) {
      const own = await agent.get(`/api/record/${bad}`);
      expect(own.status, bad).toBe(400);
      expect(own.body.error.fields).toHaveProperty('id');
      const friend = await agent.get(`/api/social/friends/${bad}/record/1`);
      expect(friend.status, bad).toBe(400);
      expect(friend.body.error.fields).toHaveProperty('friendId');
    }
    expect((await t.agent().get('/api/record/1')).status).toBe(401);
    expect((await t.agent().get('/api/social/friends/1/record/1')).status).toBe(401);
  });
});

describe("a friend's view hides price, purchase and location", () => {
  it('in the collection (whole and paged), its search and Hot Off The Press', async () => {
    const { user: owner, agent: ownerAgent } = await signedInUser(t);
    const added = await addRecord(ownerAgent, FULL_DETAILS);
    const friend = await createUser(t.db);
    await befriend(t.db, friend.id, owner.id);
    const friendAgent = await loginAgent(t, friend);
    const expected = withoutCover({ ...added.body, ...FRIEND_VIEW });

    const whole = await friendAgent.get(`/api/social/friends/collection?id=${owner.id}`);
    expect(listed(whole.body)).toEqual([expected]);
    const paged = await friendAgent.get(
      `/api/social/friends/collection?id=${owner.id}&limit=5&sort=rating_desc`,
    );
    expect(listed(paged.body)).toEqual([expected]);
    const search = await friendAgent.get(`/api/social/friends/collection/search?id=${owner.id}&search=train`);
    expect(listed(search.body)).toEqual([expected]);
    const searchPaged = await friendAgent.get(
      `/api/social/friends/collection/search?id=${owner.id}&search=train&limit=5`,
    );
    expect(listed(searchPaged.body)).toEqual([expected]);
    const hotp = await friendAgent.get('/api/social/hotp');
    expect(listed(hotp.body)).toEqual([{ ...expected, username: owner.username }]);
  });

  it("does not give away the order of a friend's prices: price_desc lists a friend's crate newest first", async () => {
    const { user: owner } = await signedInUser(t);
    for (const [title, cents, second] of [
      ['Cheap', 100, 1],
      ['Dear', 90000, 2],
      ['Middle', 5000, 3],
    ] as const) {
      await createRecord(t.db, owner.id, {
        title,
        dateAdded: new Date(Date.UTC(2024, 0, 1, 0, 0, second)).toISOString(),
        collection: { price_cents: cents, price_currency: 'EUR' },
      });
    }
    const ownerAgent = await loginAgent(t, owner);
    const friend = await createUser(t.db);
    await befriend(t.db, friend.id, owner.id);
    const friendAgent = await loginAgent(t, friend);
    const titles = (body: Array<{ title: string }>) => body.map((r) => r.title);
    expect(titles((await ownerAgent.get('/api/record?sort=price_desc')).body)).toEqual([
      'Dear',
      'Middle',
      'Cheap',
    ]);
    const whole = await friendAgent.get(`/api/social/friends/collection?id=${owner.id}&sort=price_desc`);
    expect(titles(whole.body)).toEqual(['Middle', 'Dear', 'Cheap']);
    const pages = await walkPages<{ id: number; title: string }>(
      friendAgent,
      `/api/social/friends/collection?id=${owner.id}&sort=price_desc&limit=2`,
    );
    expect(pages.flatMap((p) => titles(p.items))).toEqual(['Middle', 'Dear', 'Cheap']);
  });
});

describe('folders (folder=F, GET /api/record/folders)', () => {
  async function crateWithFolders() {
    const { user, agent } = await signedInUser(t);
    const ids: Record<string, number> = {};
    for (const [title, folder] of [
      ['Kind of Blue', 'Jazz'],
      ['Blue Train', 'jazz'],
      ['Nevermind', 'Rock'],
      ['Dummy', null],
      ['Blue Lines', 'Shelf 2'],
    ] as const) {
      ids[title] = await createRecord(t.db, user.id, { title, artist: 'Various', collection: { folder } });
    }
    return { user, agent, ids };
  }

  it('shows one folder, exactly and ignoring case, on the list, a page, the search and the blindbag', async () => {
    const { agent, ids } = await crateWithFolders();
    const titles = (body: Array<{ title: string }>) => body.map((r) => r.title).sort();
    expect(titles((await agent.get('/api/record?folder=JAZZ')).body)).toEqual(['Blue Train', 'Kind of Blue']);
    const page = await agent.get('/api/record?folder=jazz&limit=1');
    expect(page.headers['x-total-count']).toBe('2');
    const walked = await walkPages<{ id: number }>(agent, '/api/record?folder=jazz&limit=1');
    expect(walked.flatMap((p) => p.items.map((r) => r.id)).sort()).toEqual(
      [ids['Kind of Blue'], ids['Blue Train']].sort(),
    );
    expect(titles((await agent.get('/api/record/search?search=blue&folder=Jazz')).body)).toEqual([
      'Blue Train',
      'Kind of Blue',
    ]);
    expect(titles((await agent.get('/api/record/search?search=blue&folder=Shelf%202&limit=5')).body)).toEqual(
      ['Blue Lines'],
    );
    // "Jaz" is not "Jazz": exact, not a substring.
    expect((await agent.get('/api/record?folder=Jaz')).body).toEqual([]);
    for (let i = 0; i < 10; i += 1) {
      const drawn = await agent.get('/api/blindbag?folder=jazz');
      expect(drawn.status).toBe(200);
      expect([ids['Kind of Blue'], ids['Blue Train']]).toContain(drawn.body.id);
    }
    expect((await agent.get('/api/blindbag?folder=Nowhere')).status).toBe(404);
    expect((await agent.get('/api/blindbag?folder=Rock&search=never')).body.title).toBe('Nevermind');
  });

  it("filters a friend's crate by folder", async () => {
    const { user } = await crateWithFolders();
    const friend = await createUser(t.db);
    await befriend(t.db, friend.id, user.id);
    const friendAgent = await loginAgent(t, friend);
    const res = await friendAgent.get(`/api/social/friends/collection?id=${user.id}&folder=rock`);
    expect(res.body.map((r: { title: string }) => r.title)).toEqual(['Nevermind']);
    const searched = await friendAgent.get(
      `/api/social/friends/collection/search?id=${user.id}&search=blue&folder=shelf 2&limit=3`,
    );
    expect(searched.body.map((r: { title: string }) => r.title)).toEqual(['Blue Lines']);
  });

  it('lists the folders by name as every list orders names (ignoring case and accents)', async () => {
    const { agent } = await signedInUser(t);
    for (const [title, folder] of [
      ['One', 'Rock'],
      ['Two', 'Ärger'],
      ['Three', 'jazz'],
      ['Four', 'Eagles'],
    ] as const) {
      const res = await agent.post('/api/record/add').send({ artist: 'A', title, mood: 3, folder });
      expect(res.status).toBe(201);
    }
    const res = await agent.get('/api/record/folders');
    expect(res.body.map((f: { folder: string }) => f.folder)).toEqual(['Ärger', 'Eagles', 'jazz', 'Rock']);
  });

  it('lists the folders by name with their counts, one entry per folder ignoring case', async () => {
    const { agent } = await crateWithFolders();
    const res = await agent.get('/api/record/folders');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { folder: expect.stringMatching(/^jazz$/i), records: 2 },
      { folder: 'Rock', records: 1 },
      { folder: 'Shelf 2', records: 1 },
    ]);
    const { agent: empty } = await signedInUser(t);
    expect((await empty.get('/api/record/folders')).body).toEqual([]);
  });

  it('refuses a folder of 61 characters or an empty one with 400 fields.folder', async () => {
    const { agent } = await signedInUser(t);
    for (const url of [
      `/api/record?folder=${'x'.repeat(61)}`,
      '/api/record?folder=%20',
      `/api/record/search?search=a&folder=${'x'.repeat(61)}`,
      `/api/blindbag?folder=${'x'.repeat(61)}`,
      `/api/social/friends/collection?id=1&folder=${'x'.repeat(61)}`,
    ]) {
      const res = await agent.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.fields).toHaveProperty('folder');
    }
  });

  it("refuses a cursor of one folder's list on another folder", async () => {
    const { agent } = await crateWithFolders();
    const first = await agent.get('/api/record?folder=jazz&limit=1');
    const cursor = new URL(`http://x${/<([^>]+)>/.exec(first.headers.link as string)![1]}`).searchParams.get(
      'cursor',
    )!;
    const res = await agent.get(`/api/record?folder=Rock&limit=1&cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('cursor');
  });
});

type Rec = RuleRecord;

describe.each(['rating_desc', 'price_desc'] as const)('sort %s', (sort) => {
  async function ratedCrate() {
    const { user, agent } = await signedInUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      ids.push(
        await createRecord(t.db, user.id, {
          title: `Album ${i}`,
          // Ties on the key and on date_added (every third record shares a second).
          dateAdded: new Date(Date.UTC(2024, 0, 1, 0, 0, Math.floor(i / 3))).toISOString(),
          collection: {
            rating: i % 4 === 0 ? null : 1 + (i % 5),
            price_cents: i % 5 === 0 ? null : [2499, 1000, 2499, 99, 120000][i % 5]!,
            price_currency: i % 5 === 0 ? null : ['EUR', 'USD', 'JPY', 'GBP', 'EUR'][i % 5]!,
          },
        }),
      );
    }
    return { agent, ids };
  }

  it('answers the whole list and its pages in the order API.md names', async () => {
    const { agent } = await ratedCrate();
    const whole = (await agent.get(`/api/record?sort=${sort}`)).body as Rec[];
    expect(whole).toHaveLength(23);
    expect(whole.map((r) => r.id)).toEqual([...whole].sort(compareRecords(sort)).map((r) => r.id));
    const last = whole.at(-1)!;
    expect(sort === 'rating_desc' ? last.rating : last.price).toBeNull();
    const pages = await walkPages<Rec>(agent, `/api/record?sort=${sort}&limit=4`);
    expect(pages.flatMap((p) => p.items.map((r) => r.id))).toEqual(whole.map((r) => r.id));
    expect(pages[0]!.total).toBe('23');
  });

  it('walks every record that existed during the whole walk exactly once while records come and go', async () => {
    const { agent, ids } = await ratedCrate();
    const deleted = new Set<number>();
    let added = 0;
    const pages = await walkPages<Rec>(agent, `/api/record?sort=${sort}&limit=3`, async (seen) => {
      await deleteSeenAndUnseen(agent, (id) => `/api/record/${id}`, ids, seen, deleted);
      const res = await addRecord(agent, {
        title: `New ${(added += 1)}`,
        rating: 1 + (added % 5),
        price: { amount: `${added}.50`, currency: 'EUR' },
      });
      expect(res.status).toBe(201);
    });
    const seen = pages.flatMap((p) => p.items.map((r) => r.id));
    expectEachOnce(
      seen,
      ids.filter((id) => !deleted.has(id)),
      sort,
    );
  });
});

describe('stats: spend and cost_per_play', () => {
  it('sums the prices per currency and lists the cheapest records per play', async () => {
    const { user, agent } = await signedInUser(t);
    const make = (title: string, cents: number | null, currency: string | null) =>
      createRecord(t.db, user.id, { title, collection: { price_cents: cents, price_currency: currency } });
    const a = await make('A', 2000, 'EUR'); // 4 plays: 5.00 per play
    const b = await make('B', 1050, 'EUR'); // 1 play: 10.50
    const c = await make('C', 100, 'USD'); // 3 plays: 0.33
    await make('D', 99999, 'USD'); // never played: not listed
    const e = await make('E', null, null); // unpriced, played: not listed
    for (let i = 0; i < 4; i += 1)
      await createSpin(t.db, user.id, i === 0 ? [a, b, c, e] : i < 3 ? [a, c] : [a]);

    const res = await agent.get('/api/stats');
    expect(res.status).toBe(200);
    expect(res.body.spend).toEqual([
      { currency: 'EUR', total: '30.50', records: 2 },
      { currency: 'USD', total: '1000.99', records: 2 },
    ]);
    expect(
      res.body.cost_per_play.map((row: { record: { id: number }; per_play: string; currency: string }) => [
        row.record.id,
        row.per_play,
        row.currency,
      ]),
    ).toEqual([
      [c, '0.33', 'USD'],
      [a, '5.00', 'EUR'],
      [b, '10.50', 'EUR'],
    ]);
    expect(res.body.cost_per_play[0].record.price).toEqual({ amount: '1.00', currency: 'USD' });
  });

  it('lists at most 10, and nothing for a crate without prices', async () => {
    const { user, agent } = await signedInUser(t);
    const ids = [];
    for (let i = 1; i <= 12; i += 1) {
      ids.push(
        await createRecord(t.db, user.id, { collection: { price_cents: i * 100, price_currency: 'EUR' } }),
      );
    }
    await createSpin(t.db, user.id, ids);
    const res = await agent.get('/api/stats');
    expect(res.body.cost_per_play).toHaveLength(10);
    expect(res.body.cost_per_play.map((r: { per_play: string }) => r.per_play)).toEqual([
      '1.00',
      '2.00',
      '3.00',
      '4.00',
      '5.00',
      '6.00',
      '7.00',
      '8.00',
      '9.00',
      '10.00',
    ]);
    const { agent: empty } = await signedInUser(t);
    const none = await empty.get('/api/stats');
    expect(none.body).toMatchObject({ spend: [], cost_per_play: [] });
  });
});
