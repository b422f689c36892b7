/**
 * Tracklists of records (API.md "ListenBrainz": from a spin to listens; issue 23 item 2) and
 * the spin fields that use them (`startedAt`, `sides`: API.md "Field rules"), against the
 * fake MusicBrainz's vinyl releases.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOwnDatabase,
  createRecord,
  createTestApp,
  signedInUser,
  type TestApp,
} from '@/test/harness.js';
import {
  FAKE_VINYL_RELEASES,
  startFakeMetadataServer,
  type FakeMetadataServer,
} from '@/test/fakeMetadataServer.js';
import { sidesOf, tracklistOfRecord } from './tracklists.js';

const { twoSides, fourSides } = FAKE_VINYL_RELEASES;

let fake: FakeMetadataServer;
let t: TestApp;
/** The app on a database of its own, with MusicBrainz paced at one request per 300 ms. */
let paced: TestApp;
let own: Awaited<ReturnType<typeof createOwnDatabase>>;

beforeAll(async () => {
  fake = await startFakeMetadataServer();
  own = await createOwnDatabase();
  t = createTestApp({ env: { MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl, METADATA_TIMEOUT_MS: '3000' } });
  paced = createTestApp({
    env: {
      DATABASE_URL: own.url,
      MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
      MUSICBRAINZ_MIN_INTERVAL_MS: '300',
    },
  });
});
afterAll(async () => {
  await Promise.all([t.close(), paced.close()]);
  await own.drop();
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  await t.db.query('DELETE FROM mb_tracklists WHERE release_id = ANY($1::uuid[])', [
    [twoSides.id, fourSides.id],
  ]);
});

/** A record of a new user with the given MusicBrainz / Discogs ids. */
async function recordWith(
  app: TestApp,
  ids: { mb_release_id?: string; discogs_release_id?: number; mb_release_group_id?: string },
) {
  const { user, agent } = await signedInUser(app);
  const recordId = await createRecord(app.db, user.id);
  await app.db.query(
    'UPDATE records SET mb_release_id = $2, discogs_release_id = $3, mb_release_group_id = $4 WHERE id = $1',
    [recordId, ids.mb_release_id ?? null, ids.discogs_release_id ?? null, ids.mb_release_group_id ?? null],
  );
  return { user, agent, recordId };
}

const mbRequests = () => fake.requests.filter((r) => r.service === 'musicbrainz');
const signal = () => AbortSignal.timeout(5000);

describe('tracklistOfRecord', () => {
  it('reads the release of mb_release_id with its tracks and sides, once (then cached)', async () => {
    const { recordId } = await recordWith(t, { mb_release_id: twoSides.id });
    const tracklist = await tracklistOfRecord(t.ctx, recordId, signal());
    expect(tracklist).toMatchObject({
      release_id: twoSides.id,
      release_group_id: twoSides.groupId,
      title: 'Harbour Lights',
      artist: 'The Lanterns',
    });
    expect(tracklist!.tracks.map((x) => x.number)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'B1',
      'B2',
      'B3',
      'B4',
    ]);
    expect(tracklist!.tracks[0]).toMatchObject({
      title: 'Low Tide',
      artist: 'The Lanterns',
      length_ms: 201_250,
    });
    expect(sidesOf(tracklist!)).toEqual(['A', 'B']);
    expect(mbRequests().map((r) => [r.path, r.query.inc])).toEqual([
      [`/ws/2/release/${twoSides.id}`, 'recordings+artist-credits+release-groups'],
    ]);

    expect(await tracklistOfRecord(t.ctx, recordId, signal())).toEqual(tracklist);
    expect(mbRequests()).toHaveLength(1);
  });

  it('finds the release of discogs_release_id through its MusicBrainz URL relation', async () => {
    const { recordId } = await recordWith(t, { discogs_release_id: fourSides.discogsId });
    const tracklist = await tracklistOfRecord(t.ctx, recordId, signal());
    expect(tracklist!.release_id).toBe(fourSides.id);
    expect(tracklist!.tracks).toHaveLength(12);
    expect(tracklist!.tracks.find((x) => x.number === 'C2')!.length_ms).toBeNull();
    expect(sidesOf(tracklist!)).toEqual(['A', 'B', 'C', 'D']);
    expect(mbRequests()[0]).toMatchObject({
      path: '/ws/2/url',
      query: { resource: `https://www.discogs.com/release/${fourSides.discogsId}`, inc: 'release-rels' },
    });
  });

  it('takes the only vinyl release of the release group (a CD of the group is not a candidate)', async () => {
    const { recordId } = await recordWith(t, { mb_release_group_id: twoSides.groupId });
    expect((await tracklistOfRecord(t.ctx, recordId, signal()))!.release_id).toBe(twoSides.id);
  });

  it('gives null for a record without any MusicBrainz or Discogs id, asking nobody', async () => {
    const { recordId } = await recordWith(t, {});
    expect(await tracklistOfRecord(t.ctx, recordId, signal())).toBeNull();
    expect(mbRequests()).toHaveLength(0);
  });

  it('keeps to the MusicBrainz pacing (MUSICBRAINZ_MIN_INTERVAL_MS between two requests)', async () => {
    const { recordId } = await recordWith(paced, { discogs_release_id: twoSides.discogsId });
    const started = Date.now();
    await tracklistOfRecord(paced.ctx, recordId, signal());
    const times = mbRequests().map((r) => r.time);
    expect(times).toHaveLength(2);
    // The turns are 300 ms apart and the first starts no sooner than the look-up, so the
    // second request arrives no sooner than 300 ms after it (2 ms for rounding to the ms).
    // Not the gap between the two arrivals: a late first arrival shortens it while the
    // turns are still apart (284 ms seen with two CPU burners beside the suite).
    expect(times[1]! - started).toBeGreaterThanOrEqual(300 - 2);
  });
});

describe('POST /api/spins/add with startedAt and sides', () => {
  const base = { timeSpent: '0:45', listenedAt: '2026-11-20', details: 'evening' };

  it('stores startedAt and answers it as started_at (UTC)', async () => {
    const { agent, recordId } = await recordWith(t, { mb_release_id: twoSides.id });
    const res = await agent.post('/api/spins/add').send({
      ...base,
      albums: [recordId],
      startedAt: '2026-11-20T21:15:00+01:00',
      sides: { [recordId]: ['B'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.started_at).toBe('2026-11-20T20:15:00.000Z');
    expect(res.body.scrobble).toEqual({ state: 'off', listens: 0, message: null });
    const list = await agent.get('/api/spins');
    expect(list.body[0].started_at).toBe('2026-11-20T20:15:00.000Z');
  });

  it.each([
    ['2026-11-20T21:15:00', 'no zone'],
    ['2026-11-23T10:00:00Z', 'three days after'],
    ['2026-11-18T23:59:00Z', 'two days before'],
    ['yesterday', 'not a timestamp'],
    ['2026-13-20T10:00:00Z', 'no such month'],
  ])('answers 400 fields.startedAt for %s (%s) and stores nothing', async (startedAt) => {
    const { user, agent, recordId } = await recordWith(t, {});
    const res = await agent.post('/api/spins/add').send({ ...base, albums: [recordId], startedAt });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('startedAt');
    expect(await t.db.query('SELECT 1 FROM spins WHERE user_id = $1', [user.id])).toHaveLength(0);
  });

  it('accepts a start on the day before or after the spin’s date', async () => {
    const { agent, recordId } = await recordWith(t, {});
    for (const startedAt of ['2026-11-19T23:30:00-05:00', '2026-11-21T00:30:00+02:00']) {
      const res = await agent.post('/api/spins/add').send({ ...base, albums: [recordId], startedAt });
      expect(res.status).toBe(201);
    }
  });

  it.each([
    ['a record not in albums', (id: number) => ({ [id + 1]: ['A'] })],
    ['a small letter', (id: number) => ({ [id]: ['a'] })],
    ['no letter', (id: number) => ({ [id]: [] })],
    ['a letter twice', (id: number) => ({ [id]: ['A', 'A'] })],
    ['nine letters', (id: number) => ({ [id]: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] })],
    ['not a list', (id: number) => ({ [id]: 'A' })],
    ['not an object', () => ['A']],
    ['a side the record does not have', (id: number) => ({ [id]: ['C'] })],
  ])('answers 400 fields.sides for %s and stores nothing', async (_what, sides) => {
    const { user, agent, recordId } = await recordWith(t, { mb_release_id: twoSides.id });
    const res = await agent
      .post('/api/spins/add')
      .send({ ...base, albums: [recordId], sides: sides(recordId) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty('sides');
    expect(await t.db.query('SELECT 1 FROM spins WHERE user_id = $1', [user.id])).toHaveLength(0);
  });

  it('accepts the sides of a four-sided record and letters of a record without tracklist', async () => {
    const four = await recordWith(t, { discogs_release_id: fourSides.discogsId });
    const ok = await four.agent
      .post('/api/spins/add')
      .send({ ...base, albums: [four.recordId], sides: { [four.recordId]: ['C', 'D'] } });
    expect(ok.status).toBe(201);
    const none = await recordWith(t, {});
    const res = await none.agent
      .post('/api/spins/add')
      .send({ ...base, albums: [none.recordId], sides: { [String(none.recordId)]: ['Q'] } });
    expect(res.status).toBe(201);
    expect(res.body.started_at).toBeNull();
  });
});
