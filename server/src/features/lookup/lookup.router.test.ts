import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/test/contract.js';
import {
  createOwnDatabase,
  createRecord,
  createTestApp,
  createUser,
  signedInUser,
  type TestApp,
} from '@/test/harness.js';
import {
  FAKE_BARCODE_RELEASES,
  FAKE_UNKNOWN_BARCODE,
  startFakeMetadataServer,
  type FakeMetadataServer,
} from '@/test/fakeMetadataServer.js';
import { FALLBACK_COVER_PATH } from '@spincrate/contract';

const MELLOW = 10;
const { dummyLp, dummyCd, kindOfBlueUs, kindOfBlueEu } = FAKE_BARCODE_RELEASES;
/** The Dummy LP's UPC-A as an EAN-13 scanner reads it (a leading 0). */
const DUMMY_LP_EAN = `0${dummyLp.barcode}`;

let fake: FakeMetadataServer;
/** The app with MusicBrainz and the Cover Art Archive pointed at the fake. */
let t: TestApp;
/** The app with the services pointed at a port where nothing listens. */
let offline: TestApp;

beforeAll(async () => {
  fake = await startFakeMetadataServer();
  t = createTestApp({
    env: {
      MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
      COVERART_API_URL: fake.coverartApiUrl,
      METADATA_TIMEOUT_MS: '3000',
    },
  });
  offline = createTestApp();
});
afterAll(async () => {
  await Promise.all([t.close(), offline.close()]);
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  // Each test starts with none of the fake's barcodes cached (keys: the 13-digit form).
  await t.db.query('DELETE FROM barcode_lookups WHERE code = ANY($1)', [
    [DUMMY_LP_EAN, dummyCd.barcode, kindOfBlueUs.barcode, FAKE_UNKNOWN_BARCODE],
  ]);
});

const searches = () => fake.requests.filter((r) => r.service === 'musicbrainz');

describe('GET /api/lookup/barcode', () => {
  it('answers 401 unauthenticated without a session', async () => {
    const res = await request(t.app).get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    expect(searches()).toHaveLength(0);
  });

  it.each([
    ['missing', ''],
    ['letters', '?code=abcdefghijklm'],
    ['too short', '?code=1234567'],
    ['9 digits', '?code=123456789'],
    ['11 digits', '?code=12345678901'],
    ['14 digits', '?code=12345678901234'],
    ['a space inside', '?code=0042282%20855312'],
    ['a sign', '?code=-042282855312'],
  ])('answers 400 with fields.code for a code that is %s', async (_name, query) => {
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/lookup/barcode${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.fields)).toEqual(['code']);
    expect(searches()).toHaveLength(0);
  });

  it('finds a barcode MusicBrainz stores as 12 digits when it is scanned as 13, asking for both forms', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: DUMMY_LP_EAN,
      releases: [
        {
          mb_release_id: dummyLp.id,
          mb_release_group_id: dummyLp.groupId,
          title: 'Dummy',
          artist: 'Portishead',
          year: 1994,
          label: 'Go! Beat',
          catalog_number: '828 553-1',
          country: 'GB',
          format: '12" Vinyl',
          coverart: `${fake.coverartApiUrl}/release/${dummyLp.id}/front-250`,
          owned: { record_id: null, other_editions: [], want_id: null, records: [] },
        },
      ],
    });
    // One request, with both forms, our User-Agent and JSON.
    expect(searches()).toHaveLength(1);
    const [search] = searches();
    expect(search!.path).toBe('/ws/2/release');
    expect(search!.query.fmt).toBe('json');
    expect(search!.query.query).toContain(`barcode:${DUMMY_LP_EAN}`);
    expect(search!.query.query).toContain(`barcode:${dummyLp.barcode}`);
    expect(search!.userAgent).toMatch(/^Spincrate\/\S+ \( .+ \)$/);
  });

  it('finds the same pressing when the 12-digit UPC-A is typed', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/lookup/barcode?code=${dummyLp.barcode}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(dummyLp.barcode);
    expect(res.body.releases.map((r: { mb_release_id: string }) => r.mb_release_id)).toEqual([dummyLp.id]);
  });

  it('lists every pressing that shares a barcode, with label, catalog number, country and format', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/lookup/barcode?code=${kindOfBlueUs.barcode}`);
    expect(res.status).toBe(200);
    expect(
      res.body.releases.map((r: Record<string, unknown>) => [
        r.mb_release_id,
        r.label,
        r.catalog_number,
        r.country,
        r.format,
        r.year,
      ]),
    ).toEqual([
      [kindOfBlueUs.id, 'Columbia', 'CS 8163', 'US', '12" Vinyl', 2015],
      [kindOfBlueEu.id, 'Sony Music', '88875061101', 'XE', '2×12" Vinyl', 2015],
    ]);
  });

  it.each([
    ['1994-10-17', 1994],
    ['1994-10', 1994],
    ['1994', 1994],
    ['', null],
    [null, null],
    ['1894', null],
  ])("shows a pressing dated %j with the year %j (the pressing's own year)", async (date, year) => {
    fake.setScenario({ pressingDate: date });
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/lookup/barcode?code=${dummyCd.barcode}`);
    expect(res.status).toBe(200);
    expect(res.body.releases.map((r: { year: number | null }) => r.year)).toEqual([year]);
  });

  it('answers an empty list for a barcode nobody knows', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/lookup/barcode?code=${FAKE_UNKNOWN_BARCODE}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: FAKE_UNKNOWN_BARCODE, releases: [] });
  });

  it('serves a barcode asked again within a day from the cache, in either form, and asks again after a day', async () => {
    const { agent } = await signedInUser(t);
    const first = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    const again = await agent.get(`/api/lookup/barcode?code=${dummyLp.barcode}`);
    expect(again.status).toBe(200);
    expect(again.body.releases).toEqual(first.body.releases);
    expect(searches()).toHaveLength(1);

    const unknown = await agent.get(`/api/lookup/barcode?code=${FAKE_UNKNOWN_BARCODE}`);
    const unknownAgain = await agent.get(`/api/lookup/barcode?code=${FAKE_UNKNOWN_BARCODE}`);
    expect([unknown.body.releases, unknownAgain.body.releases]).toEqual([[], []]);
    expect(searches()).toHaveLength(2);

    await t.db.query("UPDATE barcode_lookups SET fetched_at = now() - interval '25 hours'");
    const later = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    expect(later.status).toBe(200);
    expect(later.body.releases).toEqual(first.body.releases);
    expect(searches()).toHaveLength(3);
  });

  it('answers 503 with Retry-After when MusicBrainz answers 503, and caches nothing', async () => {
    const { agent } = await signedInUser(t);
    fake.setScenario({ mode: 'unavailable', services: ['musicbrainz'] });
    const res = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('unavailable');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    fake.setScenario({});
    const next = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    expect(next.status).toBe(200);
    expect(next.body.releases).toHaveLength(1);
  });

  it('answers 503 with Retry-After when MusicBrainz cannot be reached', async () => {
    const { agent } = await signedInUser(offline);
    const res = await agent.get(`/api/lookup/barcode?code=${FAKE_UNKNOWN_BARCODE}`);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('unavailable');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 with Retry-After for a malformed answer', async () => {
    const { agent } = await signedInUser(t);
    fake.setScenario({ mode: 'malformed', services: ['musicbrainz'] });
    const res = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('owned: what the caller already has', () => {
  it('after adding a pressing: the same barcode is owned, another release of its group is another edition', async () => {
    const { agent } = await signedInUser(t);
    const found = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    const release = found.body.releases[0];
    const added = await agent.post('/api/record/add').send({
      artist: release.artist,
      title: release.title,
      mood: MELLOW,
      details: 'Go! Beat · 828 553-1 · 12" Vinyl · GB',
      year: release.year,
      barcode: DUMMY_LP_EAN,
      mb_release_id: release.mb_release_id,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      title: 'Dummy',
      artist: 'Portishead',
      year: 1994,
      barcode: DUMMY_LP_EAN,
      mb_release_group_id: dummyLp.groupId,
    });
    // The cover of that exact release, from the Cover Art Archive's release endpoint.
    expect(fake.requests.some((r) => r.path === `/coverart/release/${dummyLp.id}/front-500`)).toBe(true);
    expect(added.body.coverart).toBe(`${fake.url}/images/caa/${dummyLp.id}-500.svg`);

    const again = await agent.get(`/api/lookup/barcode?code=${dummyLp.barcode}`);
    expect(again.body.releases[0].owned).toEqual({
      record_id: added.body.id,
      other_editions: [],
      want_id: null,
      records: [{ id: added.body.id, title: 'Dummy', artist: 'Portishead' }],
    });

    const cd = await agent.get(`/api/lookup/barcode?code=${dummyCd.barcode}`);
    expect(cd.body.releases).toHaveLength(1);
    expect(cd.body.releases[0].owned).toEqual({
      record_id: null,
      other_editions: [added.body.id],
      want_id: null,
      records: [{ id: added.body.id, title: 'Dummy', artist: 'Portishead' }],
    });
  });

  it("counts a record of the same artist and title, in any case, as another edition; never another user's records", async () => {
    const { user, agent } = await signedInUser(t);
    const other = await createUser(t.db);
    const mine = await createRecord(t.db, user.id, { artist: 'MILES DAVIS', title: 'kind of blue' });
    await createRecord(t.db, other.id, { artist: 'Miles Davis', title: 'Kind of Blue' });
    await createRecord(t.db, user.id, { artist: 'Miles Davis', title: 'Sketches of Spain' });
    // Named as the user wrote it.
    const kob = { id: mine, title: 'kind of blue', artist: 'MILES DAVIS' };
    const res = await agent.get(`/api/lookup/barcode?code=${kindOfBlueUs.barcode}`);
    expect(res.body.releases.map((r: { owned: unknown }) => r.owned)).toEqual([
      { record_id: null, other_editions: [mine], want_id: null, records: [kob] },
      { record_id: null, other_editions: [mine], want_id: null, records: [kob] },
    ]);
  });

  it('with two pressings on one barcode, the one added is owned by release; the other shares its barcode', async () => {
    const { agent } = await signedInUser(t);
    await agent.get(`/api/lookup/barcode?code=${kindOfBlueUs.barcode}`);
    const added = await agent.post('/api/record/add').send({
      artist: 'Miles Davis',
      title: 'Kind of Blue',
      mood: MELLOW,
      barcode: kindOfBlueEu.barcode,
      mb_release_id: kindOfBlueEu.id,
    });
    expect(added.status).toBe(201);
    // That release has no cover in the archive: the fallback, as always.
    expect(added.body.coverart).toMatch(new RegExp(`${FALLBACK_COVER_PATH}$`));
    expect(added.body.mb_release_group_id).toBe(kindOfBlueEu.groupId);
    // No year sent: the pressing's, as the look-up found it.
    expect(added.body.year).toBe(2015);
    const kob = { id: added.body.id, title: 'Kind of Blue', artist: 'Miles Davis' };
    const res = await agent.get(`/api/lookup/barcode?code=${kindOfBlueUs.barcode}`);
    expect(res.body.releases.map((r: { owned: unknown }) => r.owned)).toEqual([
      { record_id: added.body.id, other_editions: [], want_id: null, records: [kob] },
      { record_id: added.body.id, other_editions: [], want_id: null, records: [kob] },
    ]);
  });
});

describe('POST /api/record/add with barcode and mb_release_id', () => {
  it('stores a typed barcode without a release, looking the album up as usual', async () => {
    const { agent } = await signedInUser(t);
    const res = await agent
      .post('/api/record/add')
      .send({ artist: 'Nick Drake', title: 'Pink Moon', mood: MELLOW, barcode: FAKE_UNKNOWN_BARCODE });
    expect(res.status).toBe(201);
    expect(res.body.barcode).toBe(FAKE_UNKNOWN_BARCODE);
    expect(res.body.mb_release_group_id).toBeNull();
    expect(fake.requests.some((r) => r.path === '/ws/2/release-group')).toBe(true);
  });

  it("keeps the user's title, artist and year over the release's", async () => {
    const { agent } = await signedInUser(t);
    await agent.get(`/api/lookup/barcode?code=${dummyCd.barcode}`);
    const res = await agent.post('/api/record/add').send({
      artist: 'Portishead',
      title: 'Dummy (CD)',
      mood: MELLOW,
      year: 1995,
      barcode: dummyCd.barcode,
      mb_release_id: dummyCd.id.toUpperCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Dummy (CD)',
      year: 1995,
      barcode: dummyCd.barcode,
      mb_release_group_id: dummyCd.groupId,
    });
  });
});

describe('tags of a record added by barcode (issue 26 item 4)', () => {
  const groupLookups = (groupId: string) =>
    fake.requests.filter((r) => r.service === 'musicbrainz' && r.path === `/ws/2/release-group/${groupId}`);

  beforeEach(async () => {
    await t.db.query('DELETE FROM release_group_tags WHERE mb_release_group_id = ANY($1::uuid[])', [
      [dummyLp.groupId, kindOfBlueUs.groupId],
    ]);
  });

  it('looks the release group up with inc=tags once, so tag search, the record and "By tag" see its tags', async () => {
    fake.setScenario({ artist: 'Portishead', title: 'Dummy' }, { tags: ['trip hop', 'downtempo'] });
    const { agent } = await signedInUser(t);
    const found = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    // The release search carries no tags (nor does real MusicBrainz's).
    expect(searches()[0]!.query).not.toHaveProperty('inc');
    const added = await agent.post('/api/record/add').send({
      artist: 'Portishead',
      title: 'Dummy',
      mood: MELLOW,
      barcode: DUMMY_LP_EAN,
      mb_release_id: found.body.releases[0].mb_release_id,
    });
    expect(added.status).toBe(201);
    expect(JSON.parse(added.body.tags)).toEqual(['trip hop', 'downtempo']);
    // MusicBrainz's documented release-group look-up, with the app's User-Agent.
    const lookups = groupLookups(dummyLp.groupId);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.query).toEqual({ inc: 'tags', fmt: 'json' });
    expect(lookups[0]!.userAgent).toMatch(/^Spincrate\//);

    const crate = await agent.get('/api/record');
    const record = crate.body.find((r: { id: number }) => r.id === added.body.id);
    expect(JSON.parse(record.tags)).toEqual(['trip hop', 'downtempo']);
    const search = await agent.get('/api/record/search').query({ search: 'trip hop' });
    expect(search.body.map((r: { id: number }) => r.id)).toEqual([added.body.id]);
    const stats = await agent.get('/api/stats');
    expect(stats.body.by_tag).toEqual(
      expect.arrayContaining([expect.objectContaining({ tag: 'trip hop', records: 1 })]),
    );

    // Another pressing of the same release group: its tags come from the cache.
    await agent.get(`/api/lookup/barcode?code=${dummyCd.barcode}`);
    const cd = await agent.post('/api/record/add').send({
      artist: 'Portishead',
      title: 'Dummy',
      mood: MELLOW,
      barcode: dummyCd.barcode,
      mb_release_id: dummyCd.id,
    });
    expect(JSON.parse(cd.body.tags)).toEqual(['trip hop', 'downtempo']);
    expect(groupLookups(dummyLp.groupId)).toHaveLength(1);
  });

  it('stores the record without tags, never failing, when the release group look-up fails', async () => {
    const { agent } = await signedInUser(t);
    await agent.get(`/api/lookup/barcode?code=${kindOfBlueUs.barcode}`);
    fake.setScenario({ mode: 'unavailable', services: ['musicbrainz'] });
    const added = await agent.post('/api/record/add').send({
      artist: 'Miles Davis',
      title: 'Kind of Blue',
      mood: MELLOW,
      barcode: kindOfBlueUs.barcode,
      mb_release_id: kindOfBlueUs.id,
    });
    expect(added.status).toBe(201);
    expect(added.body.tags).toBe('[]');
    expect(groupLookups(kindOfBlueUs.groupId)).toHaveLength(1);
    // A failure is not cached: the next add asks again.
    fake.reset();
    const again = await agent.post('/api/record/add').send({
      artist: 'Miles Davis',
      title: 'Kind of Blue',
      mood: MELLOW,
      barcode: kindOfBlueUs.barcode,
      mb_release_id: kindOfBlueUs.id,
    });
    expect(JSON.parse(again.body.tags).length).toBeGreaterThan(0);
  });
});

describe('the shared MusicBrainz pace', () => {
  it("asks for the release group's tags one MusicBrainz turn (1 s) after the barcode search", async () => {
    const own = await createOwnDatabase();
    const paced = createTestApp({
      env: {
        DATABASE_URL: own.url,
        MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
        COVERART_API_URL: fake.coverartApiUrl,
        METADATA_TIMEOUT_MS: '3000',
        MUSICBRAINZ_MIN_INTERVAL_MS: '1000',
      },
    });
    try {
      const { agent } = await signedInUser(paced);
      // Every MusicBrainz turn the pacing gives out, as PostgreSQL computes it (this test's
      // own database): the turn starts one interval before the row's new `next_at`.
      await paced.db.query('CREATE TABLE given_turns (next_at timestamptz NOT NULL)');
      await paced.db.query(
        `CREATE FUNCTION log_given_turn() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           INSERT INTO given_turns VALUES (NEW.next_at);
           RETURN NULL;
         END $$`,
      );
      await paced.db.query(
        `CREATE TRIGGER lookup_slots_log AFTER INSERT OR UPDATE ON lookup_slots
           FOR EACH ROW WHEN (NEW.service = 'musicbrainz') EXECUTE FUNCTION log_given_turn()`,
      );
      await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
      const added = await agent.post('/api/record/add').send({
        artist: 'Portishead',
        title: 'Dummy',
        mood: MELLOW,
        barcode: DUMMY_LP_EAN,
        mb_release_id: dummyLp.id,
      });
      expect(added.status).toBe(201);
      expect(JSON.parse(added.body.tags).length).toBeGreaterThan(0);
      const [search, group] = searches();
      expect(group!.path).toBe(`/ws/2/release-group/${dummyLp.groupId}`);
      // One request a second however busy the machine: the turns start at least 1 s apart,
      // and MusicBrainz gets its n-th request no sooner than the n-th turn starts (a busy
      // machine only delays a request, so the time between two arrivals is not what is
      // checked). 2 ms allow for the rounding of the two clocks (PostgreSQL's µs, the fake's ms).
      const turns = await paced.db.query<{ starts: number; after: number | null }>(
        `SELECT (extract(epoch FROM next_at) * 1000 - 1000)::float8 AS starts,
                (extract(epoch FROM next_at - lag(next_at) OVER (ORDER BY next_at)) * 1000)::float8 AS after
           FROM given_turns ORDER BY next_at`,
      );
      expect(turns.length).toBeGreaterThanOrEqual(2);
      for (const turn of turns.slice(1)) expect(turn.after).toBeGreaterThanOrEqual(1000);
      expect(search!.time).toBeGreaterThanOrEqual(turns[turns.length - 2]!.starts - 2);
      expect(group!.time).toBeGreaterThanOrEqual(turns[turns.length - 1]!.starts - 2);
    } finally {
      await paced.close();
      await own.drop();
    }
  });

  it("gives another user's first look-up a turn while one user bursts 40; the burst's excess gets 429 with Retry-After", async () => {
    const own = await createOwnDatabase();
    const paced = createTestApp({
      env: {
        DATABASE_URL: own.url,
        MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
        COVERART_API_URL: fake.coverartApiUrl,
        METADATA_TIMEOUT_MS: '3000',
        MUSICBRAINZ_MIN_INTERVAL_MS: '1000',
      },
    });
    try {
      const a = await signedInUser(paced);
      const b = await signedInUser(paced);
      // 40 barcodes nobody has looked up (and MusicBrainz knows nothing of), asked at once.
      const codes = Array.from({ length: 40 }, (_, i) => `40063810${String(i).padStart(5, '0')}`);
      const answersOfA: Array<{ status: number; code: string; retryAfter: string | undefined }> = [];
      const burst = codes.map((code) =>
        a.agent.get(`/api/lookup/barcode?code=${code}`).then((res) => {
          answersOfA.push({
            status: res.status,
            code: res.status === 200 ? res.body.code : res.body.error.code,
            retryAfter: res.headers['retry-after'],
          });
        }),
      );
      // A's burst holds at most its running turn and one waiting turn: the others are
      // refused at once, before any waiting turn of A's has come.
      await vi.waitFor(
        () => expect(answersOfA.filter((x) => x.status === 429).length).toBeGreaterThanOrEqual(20),
        {
          timeout: 30_000,
          interval: 20,
        },
      );
      // MusicBrainz requests A's turns had made when B asked.
      const askedBeforeB = searches().length;
      const first = await b.agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
      await Promise.all(burst);

      expect(first.status).toBe(200);
      expect(first.body.releases.map((r: { mb_release_id: string }) => r.mb_release_id)).toEqual([
        dummyLp.id,
      ]);
      for (const answer of answersOfA) {
        if (answer.status === 200) continue;
        expect(answer).toMatchObject({ status: 429, code: 'rate_limited' });
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      const served = answersOfA.filter((x) => x.status === 200).length;
      expect(served).toBeGreaterThanOrEqual(1);
      // MusicBrainz was asked once per answered look-up, and B's look-up came at most after
      // the turns A held when B asked: its running one (maybe still on its way) and one waiting.
      const asked = searches().map((r) => r.query.query ?? '');
      expect(asked).toHaveLength(served + 1);
      const bAt = asked.findIndex((q) => q.includes(dummyLp.barcode));
      expect(bAt).toBeGreaterThanOrEqual(askedBeforeB);
      expect(bAt).toBeLessThanOrEqual(askedBeforeB + 2);
    } finally {
      await paced.close();
      await own.drop();
    }
  }, 60_000);

  it('waits for no turn that would start too late, leaves the pace as it was, and still serves the cache', async () => {
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
      const cached = await agent.get(`/api/lookup/barcode?code=${dummyCd.barcode}`);
      expect(cached.status).toBe(200);
      expect(searches()).toHaveLength(1);

      // Another process has claimed the next turns for the coming minute.
      await paced.db.query("UPDATE lookup_slots SET next_at = now() + interval '60 seconds'");
      const nextTurn = async () =>
        (
          await paced.db.query<{ next_at: Date }>(
            "SELECT next_at FROM lookup_slots WHERE service = 'musicbrainz'",
          )
        )[0]!.next_at.getTime();
      const before = await nextTurn();
      const res = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(await nextTurn()).toBe(before);
      expect(searches()).toHaveLength(1);

      const fromCache = await agent.get(`/api/lookup/barcode?code=${dummyCd.barcode}`);
      expect(fromCache.status).toBe(200);
      expect(fromCache.body.releases).toEqual(cached.body.releases);
    } finally {
      await paced.close();
      await own.drop();
    }
  });
});

describe('owned.want_id: the caller\'s want of this pressing (API.md "Wantlist")', () => {
  it("names the want added from the pressing, by release or barcode; never another user's want", async () => {
    const { agent } = await signedInUser(t);
    const other = await signedInUser(t);
    const found = await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    const release = found.body.releases[0];
    expect(release.owned.want_id).toBeNull();

    // Another user wants it: not the caller's want.
    const theirs = await other.agent.post('/api/want/add').send({
      artist: 'Portishead',
      title: 'Dummy',
      barcode: DUMMY_LP_EAN,
      mb_release_id: release.mb_release_id,
    });
    expect(theirs.status).toBe(201);
    expect(
      (await agent.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`)).body.releases[0].owned.want_id,
    ).toBeNull();

    const want = await agent.post('/api/want/add').send({
      artist: release.artist,
      title: release.title,
      barcode: DUMMY_LP_EAN,
      mb_release_id: release.mb_release_id,
    });
    expect(want.status).toBe(201);
    // The cover of that exact release and its release group, as for a record added by barcode.
    expect(want.body).toMatchObject({
      mb_release_id: dummyLp.id,
      mb_release_group_id: dummyLp.groupId,
      year: 1994,
      coverart: `${fake.url}/images/caa/${dummyLp.id}-500.svg`,
    });
    const again = await agent.get(`/api/lookup/barcode?code=${dummyLp.barcode}`);
    expect(again.body.releases[0].owned).toEqual({
      record_id: null,
      other_editions: [],
      want_id: want.body.id,
      records: [],
    });
    // Another release of the same group is not the wanted pressing.
    const cd = await agent.get(`/api/lookup/barcode?code=${dummyCd.barcode}`);
    expect(cd.body.releases[0].owned.want_id).toBeNull();

    // A want with only the barcode (typed digits, no release picked) is found by its barcode.
    const { agent: third } = await signedInUser(t);
    const byBarcode = await third
      .post('/api/want/add')
      .send({ artist: 'Portishead', title: 'Dummy', barcode: DUMMY_LP_EAN });
    expect(byBarcode.status).toBe(201);
    const lookedUp = await third.get(`/api/lookup/barcode?code=${DUMMY_LP_EAN}`);
    expect(lookedUp.body.releases[0].owned.want_id).toBe(byBarcode.body.id);
  });
});
