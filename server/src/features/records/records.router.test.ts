import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import {
  befriend,
  createRecord,
  createSpin,
  createOwnDatabase,
  createTestApp,
  createUser,
  signedInUser,
  type Agent,
  type TestApp,
  NO_COLLECTION_DETAILS,
} from '@/test/harness.js';
import { fakeAlbum, startFakeMetadataServer, type FakeMetadataServer } from '@/test/fakeMetadataServer.js';
import { FALLBACK_COVER_PATH } from '@spincrate/contract';

const MELLOW = 10;
const HAPPY = 12;

let t: TestApp;
let fake: FakeMetadataServer;
/** The app with MusicBrainz and the Cover Art Archive pointed at the fake. */
let withMusicbrainz: TestApp;
/** The app with Last.fm (a key set) pointed at the fake. */
let withLastfm: TestApp;

beforeAll(async () => {
  t = createTestApp();
  fake = await startFakeMetadataServer();
  const services = {
    MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
    COVERART_API_URL: fake.coverartApiUrl,
    LASTFM_API_URL: fake.lastfmApiUrl,
    METADATA_TIMEOUT_MS: '3000',
  };
  withMusicbrainz = createTestApp({ env: services });
  withLastfm = createTestApp({ env: { ...services, LASTFM_API_KEY: 'test-key' } });
});
afterAll(async () => {
  await Promise.all([t.close(), withMusicbrainz.close(), withLastfm.close()]);
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

async function recordRow(id: number) {
  const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM records WHERE id = $1', [id]);
  return rows[0];
}

function expectFallbackCover(coverart: unknown) {
  expect(typeof coverart).toBe('string');
  expect(coverart as string).toMatch(new RegExp(`^http://[^/]+${FALLBACK_COVER_PATH}$`));
}

describe('without a session', () => {
  it.each([
    ['get', '/api/record'],
    ['get', '/api/record/search?search=blue'],
    ['post', '/api/record/add'],
    ['put', '/api/record/edit'],
    ['delete', '/api/record/1'],
  ] as const)('%s %s answers 401 unauthenticated', async (method, path) => {
    const client = request(t.app);
    const res = await client[method](path).send({
      artist: 'A',
      title: 'T',
      mood: MELLOW,
      details: 'd',
      id: 1,
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('GET /api/record', () => {
  it("lists only the caller's records, newest first and by id among equal dates", async () => {
    const { user, agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const old = await createRecord(t.db, user.id, { title: 'Old', dateAdded: '2020-01-01T00:00:00Z' });
    const tieA = await createRecord(t.db, user.id, { title: 'Tie A', dateAdded: '2024-05-05T10:00:00Z' });
    const tieB = await createRecord(t.db, user.id, { title: 'Tie B', dateAdded: '2024-05-05T10:00:00Z' });
    const newest = await createRecord(t.db, user.id, { title: 'Newest', dateAdded: '2025-01-01T00:00:00Z' });
    await createRecord(t.db, other.id, { title: 'Not mine', dateAdded: '2026-01-01T00:00:00Z' });
    const res = await agent.get('/api/record');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([newest, tieB, tieA, old]);
  });

  it('lists each record exactly as the add and edit routes return it (dates to the millisecond, UTC)', async () => {
    const { agent } = await signedInUser(t);
    const added = await agent.post('/api/record/add').send({
      artist: 'Nina Simone',
      title: 'Pastel Blues',
      mood: MELLOW,
      details: 'Philips "stereo" — 1965',
    });
    expect(added.status).toBe(201);
    const edited = await agent.put('/api/record/edit').send({
      id: added.body.id,
      artist: 'Nina Simone',
      title: 'Pastel Blues',
      mood: HAPPY,
      details: 'Philips "stereo" — 1965 <b>not html</b>',
    });
    expect(edited.status).toBe(200);
    await t.db.query(
      "UPDATE records SET date_added = '2024-02-29 23:59:58.123456+00', tags = $2 WHERE id = $1",
      [added.body.id, ['soul', 'jazz "vocal"']],
    );
    const list = await agent.get('/api/record');
    expect(list.headers['content-type']).toMatch(/^application\/json; charset=utf-8/);
    // supertest serves each request on a new port, so the fallback cover's origin differs.
    const withoutOrigin = (records: Array<{ coverart: string }>) =>
      records.map((r) => ({ ...r, coverart: new URL(r.coverart).pathname }));
    expect(withoutOrigin(list.body)).toEqual(
      withoutOrigin([
        {
          ...edited.body,
          date_added: '2024-02-29T23:59:58.123Z',
          tags: JSON.stringify(['soul', 'jazz "vocal"']),
        },
      ]),
    );
    const search = await agent.get('/api/record/search').query({ search: 'VOCAL' });
    expect(withoutOrigin(search.body)).toEqual(withoutOrigin(list.body));
  });

  it('returns each record in the Record shape, with the fallback cover when none was found', async () => {
    const { user, agent } = await signedInUser(t);
    const withCover = await createRecord(t.db, user.id, {
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      moodId: MELLOW,
      details: '2015 reissue',
      tags: ['jazz', 'modal'],
      coverart: 'https://covers.example/kob.jpg',
      dateAdded: '2026-11-20T14:03:00Z',
    });
    const without = await createRecord(t.db, user.id, { dateAdded: '2026-11-19T00:00:00Z' });
    const res = await agent.get('/api/record');
    expect(res.body[0]).toEqual({
      id: withCover,
      user_id: user.id,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      coverart: 'https://covers.example/kob.jpg',
      date_added: '2026-11-20T14:03:00.000Z',
      mood: 'Mellow',
      mood_id: MELLOW,
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
    expect(res.body[1].id).toBe(without);
    expect(res.body[1].tags).toBe('[]');
    expect(JSON.parse(res.body[1].tags)).toEqual([]);
    expectFallbackCover(res.body[1].coverart);
  });

  it('answers an empty list for an empty crate', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get('/api/record');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('GET /api/record/search', () => {
  let agent: Agent;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const signed = await signedInUser(t);
    agent = signed.agent;
    const uid = signed.user.id;
    const other = await createUser(t.db);
    ids.percent = await createRecord(t.db, uid, {
      title: '100% Pure',
      artist: 'Band A',
      dateAdded: '2021-01-01T00:00:00Z',
    });
    ids.hundred = await createRecord(t.db, uid, {
      title: '1000 Pure',
      artist: 'Band B',
      dateAdded: '2021-01-02T00:00:00Z',
    });
    ids.underscore = await createRecord(t.db, uid, {
      title: 'snake_case',
      artist: 'Band C',
      dateAdded: '2021-01-03T00:00:00Z',
    });
    ids.snakes = await createRecord(t.db, uid, {
      title: 'snakeXcase',
      artist: 'Band D',
      dateAdded: '2021-01-04T00:00:00Z',
    });
    ids.backslash = await createRecord(t.db, uid, {
      title: 'Back\\slash',
      artist: 'Band E',
      dateAdded: '2021-01-05T00:00:00Z',
    });
    ids.kob = await createRecord(t.db, uid, {
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      tags: ['Modal', 'cool jazz'],
      moodId: MELLOW,
      dateAdded: '2021-01-06T00:00:00Z',
    });
    ids.happy = await createRecord(t.db, uid, {
      title: 'Songs in the Key of Life',
      artist: 'Stevie Wonder',
      tags: ['soul'],
      moodId: HAPPY,
      dateAdded: '2021-01-07T00:00:00Z',
    });
    ids.blueArtist = await createRecord(t.db, uid, {
      title: 'Anthology',
      artist: 'BLUE Note All Stars',
      dateAdded: '2021-01-08T00:00:00Z',
    });
    ids.splitTags = await createRecord(t.db, uid, {
      title: 'Split',
      artist: 'Tags',
      tags: ['cool', 'jazz'],
      dateAdded: '2021-01-09T00:00:00Z',
    });
    await createRecord(t.db, other.id, { title: 'Kind of Blue', artist: 'Miles Davis', tags: ['modal'] });
  });

  const search = (text: string) => agent.get('/api/record/search').query({ search: text });
  const idsOf = (body: Array<{ id: number }>) => body.map((r) => r.id);

  it('matches % literally', async () => {
    const res = await search('100%');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([ids.percent]);
  });

  it('matches _ literally', async () => {
    expect(idsOf((await search('e_c')).body)).toEqual([ids.underscore]);
  });

  it('matches \\ literally', async () => {
    expect(idsOf((await search('k\\s')).body)).toEqual([ids.backslash]);
    expect(idsOf((await search('\\')).body)).toEqual([ids.backslash]);
  });

  it('matches title and artist ignoring case, newest first', async () => {
    expect(idsOf((await search('blue')).body)).toEqual([ids.blueArtist, ids.kob]);
    expect(idsOf((await search('MILES')).body)).toEqual([ids.kob]);
  });

  it('matches tags and mood ignoring case', async () => {
    expect(idsOf((await search('COOL JAZZ')).body)).toEqual([ids.kob]);
    expect(idsOf((await search('jazz')).body)).toEqual([ids.splitTags, ids.kob]);
    expect(idsOf((await search('modal')).body)).toEqual([ids.kob]);
    expect(idsOf((await search('hAPPy')).body)).toEqual([ids.happy]);
  });

  it('trims the text and answers an empty list when nothing matches', async () => {
    expect(idsOf((await search('  stevie  ')).body)).toEqual([ids.happy]);
    const none = await search('zzz-nothing-like-this');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('returns full Records with a displayable cover', async () => {
    const [record] = (await search('Stevie')).body;
    expect(record).toMatchObject({ id: ids.happy, mood: 'Happy', mood_id: HAPPY, tags: '["soul"]' });
    expectFallbackCover(record.coverart);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['only spaces', '   '],
    ['over 200 characters', 'x'.repeat(201)],
  ])('answers 400 with fields.search when the text is %s', async (_name, text) => {
    const res = await agent.get('/api/record/search').query(text === undefined ? {} : { search: text });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty('search');
  });

  it('accepts 200 characters', async () => {
    const res = await search('x'.repeat(200));
    expect(res.status).toBe(200);
  });

  // API.md "Routes": optional `fields=title,artist` (a comma list of `title`, `artist`,
  // `tags`, `mood`, `details`, `year`) to match only those.
  const searchIn = (text: string, fields: string) =>
    agent.get('/api/record/search').query({ search: text, fields });

  it('matches only title and artist with fields=title,artist', async () => {
    // "blue" is in an artist and a title; "jazz" and "happy" only in tags and a mood.
    expect(idsOf((await searchIn('blue', 'title,artist')).body)).toEqual([ids.blueArtist, ids.kob]);
    expect(idsOf((await searchIn('blue', 'title')).body)).toEqual([ids.kob]);
    expect(idsOf((await searchIn('blue', 'artist')).body)).toEqual([ids.blueArtist]);
    expect((await searchIn('jazz', 'title,artist')).body).toEqual([]);
    expect((await searchIn('happy', 'artist,title')).body).toEqual([]);
  });

  it('matches tags or the mood when fields names them', async () => {
    expect(idsOf((await searchIn('jazz', 'tags')).body)).toEqual([ids.splitTags, ids.kob]);
    expect(idsOf((await searchIn('happy', 'mood')).body)).toEqual([ids.happy]);
    expect((await searchIn('happy', 'tags,details')).body).toEqual([]);
  });

  it('pages a search with fields, its cursor valid only for the same fields', async () => {
    const first = await agent
      .get('/api/record/search')
      .query({ search: 'blue', fields: 'title,artist', limit: 1 });
    expect(first.status).toBe(200);
    expect(idsOf(first.body)).toEqual([ids.blueArtist]);
    expect(first.headers['x-total-count']).toBe('2');
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
    expect(next).toContain('fields=title');
    const second = await agent.get(next!);
    expect(idsOf(second.body)).toEqual([ids.kob]);
    const cursor = new URL(next!, 'http://x').searchParams.get('cursor')!;
    const otherFields = await agent
      .get('/api/record/search')
      .query({ search: 'blue', fields: 'title', limit: 1, cursor });
    expect(otherFields.status).toBe(400);
    expect(otherFields.body.error.fields).toHaveProperty('cursor');
  });

  it.each([
    ['an unknown field', 'title,label'],
    ['an empty list', ''],
    ['a field twice', 'title,title'],
  ])('answers 400 with fields.fields for %s', async (_name, fields) => {
    const res = await searchIn('blue', fields);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty('fields');
  });
});

describe('POST /api/record/add', () => {
  it('stores the record with the cover and tags MusicBrainz and the Cover Art Archive found', async () => {
    const { user, agent } = await signedInUser(withMusicbrainz);
    const { mbid, tags } = fakeAlbum('Miles Davis', 'Kind of Blue');
    const res = await agent
      .post('/api/record/add')
      .send({ artist: 'Miles Davis', title: 'Kind of Blue', mood: MELLOW, details: '2015 reissue' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      user_id: user.id,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      coverart: `${fake.url}/images/caa/${mbid}-500.svg`,
      date_added: expect.any(String),
      mood: 'Mellow',
      mood_id: MELLOW,
      details: '2015 reissue',
      tags: JSON.stringify(tags),
      play_count: 0,
      last_played: null,
      // MusicBrainz's first-release-date of the fake: 1969-08-15.
      year: 1969,
      barcode: null,
      mb_release_group_id: null,
      ...NO_COLLECTION_DETAILS,
      // No cover fetched (API.md "Covers served by Spincrate").
      cover: null,
    });
    expect(Math.abs(Date.parse(res.body.date_added) - Date.now())).toBeLessThan(60_000);
    const list = await agent.get('/api/record');
    expect(list.body).toEqual([res.body]);
  });

  it('stores the cover, tags and spelling Last.fm gives when a key is set', async () => {
    const { agent } = await signedInUser(withLastfm);
    const asked = { artist: 'miles davis', title: 'kind of blue' };
    fake.setScenario(asked, { artist: 'Miles Davis', title: 'Kind of Blue', tags: ['jazz', 'modal'] });
    const res = await agent.post('/api/record/add').send({ ...asked, mood: String(MELLOW) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      coverart: `${fake.url}/images/lastfm/mega/${fakeAlbum(asked.artist, asked.title).mbid}.svg`,
      tags: '["jazz","modal"]',
      details: '',
    });
    expect(fake.requests.map((r) => r.service)).toEqual(['lastfm']);
  });

  it.each([
    ['not found', { mode: 'notFound' as const }],
    ['unavailable (503)', { mode: 'unavailable' as const }],
    ['malformed', { mode: 'malformed' as const }],
  ])(
    'stores the record with the fallback cover and "[]" tags when the service answers %s',
    async (_n, scenario) => {
      const { agent } = await signedInUser(withMusicbrainz);
      fake.setScenario(scenario);
      const res = await agent
        .post('/api/record/add')
        .send({ artist: 'Nobody', title: 'Unknown Album', mood: MELLOW });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Unknown Album', artist: 'Nobody', tags: '[]' });
      expectFallbackCover(res.body.coverart);
      expect((await recordRow(res.body.id))!.coverart).toBeNull();
    },
  );

  it('stores the record with the fallback cover when the service is slower than the budget', async () => {
    const slowApp = createTestApp({
      env: {
        MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
        COVERART_API_URL: fake.coverartApiUrl,
        METADATA_TIMEOUT_MS: '200',
      },
    });
    try {
      fake.setScenario({ delayMs: 5000 });
      const { agent } = await signedInUser(slowApp);
      const res = await agent.post('/api/record/add').send({ artist: 'Slow', title: 'Motion', mood: MELLOW });
      expect(res.status).toBe(201);
      expect(res.body.tags).toBe('[]');
      expectFallbackCover(res.body.coverart);
    } finally {
      await slowApp.close();
    }
  });

  it('stores the record with the fallback cover when no service can be reached', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent
      .post('/api/record/add')
      .send({ artist: 'Offline', title: 'Record', mood: MELLOW });
    expect(res.status).toBe(201);
    expect(res.body.tags).toBe('[]');
    expectFallbackCover(res.body.coverart);
  });

  it('trims the barcode and the MusicBrainz release id before checking them (API.md "Conventions")', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.post('/api/record/add').send({
      artist: 'Trimmed',
      title: 'Codes',
      mood: MELLOW,
      barcode: ' 042282855312 ',
      mb_release_id: '  0D3D5E3C-3D1B-4B47-9A4F-1E5A4F7C2B10 ',
    });
    expect(res.status).toBe(201);
    expect(res.body.barcode).toBe('042282855312');
  });

  it('names the rule of a year out of range, as of any other bad year', async () => {
    const { agent } = await signedInUser(t);
    for (const year of [1899, 2101, 1999.5, '1999']) {
      const res = await agent.post('/api/record/add').send({ artist: 'A', title: 'T', mood: MELLOW, year });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ year: 'must be a whole number from 1900 to 2100, or null' });
    }
  });

  it('ignores user_id, id and date_added in the body and trims the text', async () => {
    const { user, agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const res = await agent.post('/api/record/add').send({
      artist: '  Trimmed Artist ',
      title: ' Trimmed Title  ',
      mood: MELLOW,
      details: '  notes ',
      user_id: other.id,
      id: 1,
      date_added: '1999-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: user.id,
      artist: 'Trimmed Artist',
      title: 'Trimmed Title',
      details: 'notes',
    });
    expect(res.body.id).not.toBe(1);
    expect(res.body.date_added).not.toBe('1999-01-01T00:00:00.000Z');
    const others = await t.db.query('SELECT id FROM records WHERE user_id = $1', [other.id]);
    expect(others).toEqual([]);
  });

  it.each(
    [
      [{ title: 'T', mood: MELLOW }, 'artist'],
      [{ artist: '   ', title: 'T', mood: MELLOW }, 'artist'],
      [{ artist: 'A', mood: MELLOW }, 'title'],
      [{ artist: 'A', title: 'x'.repeat(201), mood: MELLOW }, 'title'],
      [{ artist: 'A', title: 'T' }, 'mood'],
      [{ artist: 'A', title: 'T', mood: 'abc' }, 'mood'],
      [{ artist: 'A', title: 'T', mood: 999 }, 'mood'],
      [{ artist: 'A', title: 'T', mood: MELLOW, details: 'x'.repeat(5001) }, 'details'],
      [{ artist: 42, title: 'T', mood: MELLOW }, 'artist'],
      // Adding by barcode (API.md "Field rules": barcode 8, 12 or 13 digits; mb_release_id a UUID).
      [{ artist: 'A', title: 'T', mood: MELLOW, barcode: '12345' }, 'barcode'],
      [{ artist: 'A', title: 'T', mood: MELLOW, barcode: 42282855312 }, 'barcode'],
      [{ artist: 'A', title: 'T', mood: MELLOW, barcode: '00422828553120' }, 'barcode'],
      [{ artist: 'A', title: 'T', mood: MELLOW, mb_release_id: 'not-a-uuid' }, 'mb_release_id'],
      [{ artist: 'A', title: 'T', mood: MELLOW, mb_release_id: 42 }, 'mb_release_id'],
    ].map(([body, field]) => ({ body, field: field as string, label: JSON.stringify(body).slice(0, 70) })),
  )('answers 400 naming $field for $label', async ({ body, field }) => {
    const { user, agent } = await signedInUser(t);
    const res = await agent.post('/api/record/add').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
    expect(await t.db.query('SELECT id FROM records WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it('accepts 200-character names and 5,000-character details', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent
      .post('/api/record/add')
      .send({ artist: 'a'.repeat(200), title: 't'.repeat(200), mood: MELLOW, details: 'd'.repeat(5000) });
    expect(res.status).toBe(201);
    expect(res.body.details).toHaveLength(5000);
  });
});

describe('POST /api/record/add and the shared MusicBrainz pace', () => {
  it('waits for its turn with the import queue and every other process, within the 3 s budget', async () => {
    const own = await createOwnDatabase();
    const paced = createTestApp({
      env: {
        DATABASE_URL: own.url,
        MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
        COVERART_API_URL: fake.coverartApiUrl,
        METADATA_TIMEOUT_MS: '1000',
        MUSICBRAINZ_MIN_INTERVAL_MS: '1000',
      },
    });
    try {
      const { agent } = await signedInUser(paced);
      // Another process has claimed the next slots for the coming minute.
      await paced.db.query(
        "INSERT INTO lookup_slots (service, next_at) VALUES ('musicbrainz', now() + interval '60 seconds')",
      );
      const res = await agent
        .post('/api/record/add')
        .send({ artist: 'Talk Talk', title: 'Spirit of Eden', mood: MELLOW });
      expect(res.status).toBe(201);
      expectFallbackCover(res.body.coverart);
      expect(res.body.tags).toBe('[]');
      expect(fake.requests.filter((r) => r.service === 'musicbrainz')).toHaveLength(0);

      // Once the service is free again, the next add gets its turn at once.
      await paced.db.query("UPDATE lookup_slots SET next_at = now() WHERE service = 'musicbrainz'");
      const next = await agent
        .post('/api/record/add')
        .send({ artist: 'Talk Talk', title: 'Laughing Stock', mood: MELLOW });
      expect(next.status).toBe(201);
      expect(next.body.coverart).not.toMatch(FALLBACK_COVER_PATH);
      expect(fake.requests.filter((r) => r.service === 'musicbrainz')).toHaveLength(1);
    } finally {
      await paced.close();
      await own.drop();
    }
  });
});

describe('PUT /api/record/edit', () => {
  it('changes artist, title, mood and details and keeps cover, tags and date_added', async () => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id, {
      title: 'Old title',
      artist: 'Old artist',
      moodId: MELLOW,
      tags: ['jazz'],
      coverart: 'https://covers.example/a.jpg',
      dateAdded: '2025-03-03T03:03:03Z',
    });
    const res = await agent
      .put('/api/record/edit')
      .send({ id, artist: ' New artist ', title: 'New title', mood: HAPPY, details: 'Signed copy' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      user_id: user.id,
      title: 'New title',
      artist: 'New artist',
      coverart: 'https://covers.example/a.jpg',
      date_added: '2025-03-03T03:03:03.000Z',
      mood: 'Happy',
      mood_id: HAPPY,
      details: 'Signed copy',
      tags: '["jazz"]',
      play_count: 0,
      last_played: null,
      year: null,
      barcode: null,
      mb_release_group_id: null,
      ...NO_COLLECTION_DETAILS,
      // No cover fetched (API.md "Covers served by Spincrate").
      cover: null,
    });
    expect((await agent.get('/api/record')).body).toEqual([res.body]);
  });

  it("answers 404 for another user's record and leaves it unchanged", async () => {
    const { agent } = await signedInUser(t);
    const owner = await createUser(t.db);
    const id = await createRecord(t.db, owner.id, { title: 'Theirs', artist: 'Them', details: 'original' });
    const before = await recordRow(id);
    const res = await agent
      .put('/api/record/edit')
      .send({ id, artist: 'Mine', title: 'Mine', mood: HAPPY, details: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await recordRow(id)).toEqual(before);
  });

  it('answers 404 for a record that does not exist', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent
      .put('/api/record/edit')
      .send({ id: 2147483647, artist: 'A', title: 'T', mood: MELLOW, details: 'd' });
    expect(res.status).toBe(404);
  });

  it.each(
    [
      [{ artist: 'A', title: 'T', mood: MELLOW, details: 'd' }, 'id'],
      [{ id: 'abc', artist: 'A', title: 'T', mood: MELLOW, details: 'd' }, 'id'],
      [{ id: -1, artist: 'A', title: 'T', mood: MELLOW, details: 'd' }, 'id'],
      [{ id: 1.5, artist: 'A', title: 'T', mood: MELLOW, details: 'd' }, 'id'],
      [{ id: '1e3', artist: 'A', title: 'T', mood: MELLOW, details: 'd' }, 'id'],
      [{ id: 2147483648, artist: 'A', title: 'T', mood: MELLOW, details: 'd' }, 'id'],
      [{ id: 1, title: 'T', mood: MELLOW, details: 'd' }, 'artist'],
      [{ id: 1, artist: 'A', title: '', mood: MELLOW, details: 'd' }, 'title'],
      [{ id: 1, artist: 'A', title: 'T', details: 'd' }, 'mood'],
      [{ id: 1, artist: 'A', title: 'T', mood: 0, details: 'd' }, 'mood'],
      [{ id: 1, artist: 'A', title: 'T', mood: MELLOW }, 'details'],
      [{ id: 1, artist: 'A', title: 'T', mood: MELLOW, details: '   ' }, 'details'],
      [{ id: 1, artist: 'A', title: 'T', mood: MELLOW, details: 'x'.repeat(5001) }, 'details'],
    ].map(([body, field]) => ({
      body: body as Record<string, unknown>,
      field: field as string,
      label: JSON.stringify(body).slice(0, 70),
    })),
  )('answers 400 naming $field for $label and changes nothing', async ({ body, field }) => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id, { title: 'Unchanged' });
    const before = await recordRow(id);
    const res = await agent.put('/api/record/edit').send({ ...body, ...(body.id === 1 ? { id } : {}) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty(field);
    expect(await recordRow(id)).toEqual(before);
  });

  it('answers 400 with fields.mood for a mood that does not exist', async () => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id);
    const res = await agent
      .put('/api/record/edit')
      .send({ id, artist: 'A', title: 'T', mood: 999, details: 'd' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.mood).toBeDefined();
  });
});

describe('DELETE /api/record/{id}', () => {
  it('deletes the record and answers 204', async () => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id);
    const keep = await createRecord(t.db, user.id);
    const res = await agent.delete(`/api/record/${id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await agent.get('/api/record')).body.map((r: { id: number }) => r.id)).toEqual([keep]);
    expect((await agent.delete(`/api/record/${id}`)).status).toBe(404);
  });

  it('takes the record out of every spin it was in, and the spins stay', async () => {
    const { user, agent } = await signedInUser(t);
    const gone = await createRecord(t.db, user.id);
    const stays = await createRecord(t.db, user.id);
    const both = await createSpin(t.db, user.id, [gone, stays]);
    const onlyGone = await createSpin(t.db, user.id, [gone]);
    expect((await agent.delete(`/api/record/${gone}`)).status).toBe(204);
    const links = await t.db.query<{ spin_id: number; record_id: number }>(
      'SELECT spin_id, record_id FROM spin_records WHERE spin_id = ANY($1) ORDER BY spin_id',
      [[both, onlyGone]],
    );
    expect(links).toEqual([{ spin_id: both, record_id: stays }]);
    const spins = await t.db.query<{ id: number }>('SELECT id FROM spins WHERE id = ANY($1) ORDER BY id', [
      [both, onlyGone],
    ]);
    expect(spins.map((s) => s.id)).toEqual([both, onlyGone].sort((a, b) => a - b));
  });

  it("answers 404 for another user's record and leaves it in place", async () => {
    const { agent } = await signedInUser(t);
    const owner = await createUser(t.db);
    const id = await createRecord(t.db, owner.id, { title: 'Theirs' });
    const spin = await createSpin(t.db, owner.id, [id]);
    const before = await recordRow(id);
    const res = await agent.delete(`/api/record/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await recordRow(id)).toEqual(before);
    expect(await t.db.query('SELECT record_id FROM spin_records WHERE spin_id = $1', [spin])).toEqual([
      { record_id: id },
    ]);
  });

  it.each(['abc', '-1', '1.5', '1e3', '0', '2147483648', ''])('answers 400 for the id %j', async (raw) => {
    const { agent } = await signedInUser(t);
    const res = await agent.delete(`/api/record/${raw}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty('id');
  });
});

describe('year (API.md "Field rules": year)', () => {
  it('stores the year given on add, over the one MusicBrainz gives', async () => {
    const { agent } = await signedInUser(withMusicbrainz);
    const res = await agent
      .post('/api/record/add')
      .send({ artist: 'Portishead', title: 'Dummy', mood: MELLOW, year: 1994 });
    expect(res.status).toBe(201);
    expect(res.body.year).toBe(1994);
    expect((await agent.get('/api/record')).body[0].year).toBe(1994);
  });

  it("takes MusicBrainz's first-release-date year when none is given, also for year null", async () => {
    const { agent } = await signedInUser(withMusicbrainz);
    fake.setScenario({ releaseDate: '1959-08-17' });
    const res = await agent
      .post('/api/record/add')
      .send({ artist: 'Miles Davis', title: 'Kind of Blue', mood: MELLOW, year: null });
    expect(res.status).toBe(201);
    expect(res.body.year).toBe(1959);
  });

  it("takes Last.fm's release date year when none is given", async () => {
    const { agent } = await signedInUser(withLastfm);
    fake.setScenario({ releaseDate: '1977-02-04' });
    const res = await agent
      .post('/api/record/add')
      .send({ artist: 'Fleetwood Mac', title: 'Rumours', mood: MELLOW });
    expect(res.status).toBe(201);
    expect(res.body.year).toBe(1977);
  });

  it('stores null when neither the user nor the service gives a year', async () => {
    const { agent } = await signedInUser(withMusicbrainz);
    fake.setScenario({ releaseDate: '' });
    const res = await agent
      .post('/api/record/add')
      .send({ artist: 'Someone', title: 'Something', mood: MELLOW });
    expect(res.status).toBe(201);
    expect(res.body.year).toBeNull();
  });

  it.each([1899, 2101, 1994.5, '1994', true, '', [1994]])(
    'answers 400 with fields.year for %j, storing nothing',
    async (year) => {
      const { agent } = await signedInUser(t);
      const add = await agent.post('/api/record/add').send({ artist: 'A', title: 'B', mood: MELLOW, year });
      expect(add.status).toBe(400);
      expect(add.body.error.code).toBe('validation_failed');
      expect(add.body.error.fields).toHaveProperty('year');
      expect((await agent.get('/api/record')).body).toEqual([]);
    },
  );

  it('accepts 1900 and 2100', async () => {
    const { agent } = await signedInUser(t);
    for (const year of [1900, 2100]) {
      const res = await agent
        .post('/api/record/add')
        .send({ artist: 'A', title: `Y${year}`, mood: MELLOW, year });
      expect(res.status).toBe(201);
      expect(res.body.year).toBe(year);
    }
  });

  it('changes the year on edit, clears it with null and keeps it when absent', async () => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id, { title: 'T', artist: 'A', year: 1970 });
    const edit = (extra: Record<string, unknown>) =>
      agent
        .put('/api/record/edit')
        .send({ id, artist: 'A', title: 'T', mood: MELLOW, details: 'd', ...extra });
    expect((await edit({ year: 1971 })).body.year).toBe(1971);
    expect((await edit({})).body.year).toBe(1971);
    expect((await edit({ year: null })).body.year).toBeNull();
    const bad = await edit({ year: 3000 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('year');
    expect((await agent.get('/api/record')).body[0].year).toBeNull();
  });

  it('is matched by search, own and a friend’s', async () => {
    const { user, agent } = await signedInUser(t);
    const { user: friendUser, agent: friend } = await signedInUser(t);
    await befriend(t.db, friendUser.id, user.id);
    const ninetyFour = await createRecord(t.db, user.id, { title: 'Dummy', year: 1994 });
    await createRecord(t.db, user.id, { title: 'Other', year: 1971 });
    await createRecord(t.db, user.id, { title: 'No year' });
    const own = await agent.get('/api/record/search').query({ search: '1994' });
    expect(own.body.map((r: { id: number }) => r.id)).toEqual([ninetyFour]);
    const decade = await agent.get('/api/record/search').query({ search: '199' });
    expect(decade.body.map((r: { id: number }) => r.id)).toEqual([ninetyFour]);
    const theirs = await friend
      .get('/api/social/friends/collection/search')
      .query({ id: user.id, search: '1994' });
    expect(theirs.body.map((r: { id: number }) => r.id)).toEqual([ninetyFour]);
    const bag = await agent.get('/api/blindbag').query({ search: '1994' });
    expect(bag.body.id).toBe(ninetyFour);
  });
});
