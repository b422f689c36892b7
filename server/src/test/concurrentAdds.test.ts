/**
 * Covers are not lost when adds arrive together (API.md "Cover art and tags", with
 * MusicBrainz's one request a second shared by every process): an add that cannot get
 * its turn within its 3 s budget is stored with the fallback cover at once and looked up
 * in the background, and the turn it did not use is not reserved, so later adds are not
 * pushed back. The app runs beside its look-up worker, as `npm start` runs them.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportWorker, type BackgroundWorker } from '@/features/imports/imports.worker.js';
import { FALLBACK_COVER_PATH } from '@spincrate/contract';
import { fakeAlbum, startFakeMetadataServer, type FakeMetadataServer } from './fakeMetadataServer.js';
import { createOwnDatabase, signedInUser, createTestApp, type Agent, type TestApp } from './harness.js';

const MELLOW = 10;

let fake: FakeMetadataServer;
let own: Awaited<ReturnType<typeof createOwnDatabase>>;
let t: TestApp;
let worker: BackgroundWorker;

beforeAll(async () => {
  fake = await startFakeMetadataServer();
  own = await createOwnDatabase();
  t = createTestApp({
    env: {
      DATABASE_URL: own.url,
      MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
      COVERART_API_URL: fake.coverartApiUrl,
      METADATA_TIMEOUT_MS: '3000',
      MUSICBRAINZ_MIN_INTERVAL_MS: '1000',
    },
  });
  worker = await startImportWorker(t.ctx, { pollIntervalMs: 100 });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await own?.drop();
  await fake?.close();
});

/** The cover the fake serves for an album (MusicBrainz + Cover Art Archive). */
function realCover(artist: string, title: string): string {
  return fakeAlbum(artist, title).mbid;
}

interface RecordJson {
  id: number;
  artist: string;
  title: string;
  coverart: string;
  tags: string;
}

/** Reads the crate until every record has its real cover, or the deadline passes. */
async function waitForCovers(agent: Agent, count: number, deadlineMs: number): Promise<RecordJson[]> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const res = await agent.get('/api/record');
    expect(res.status).toBe(200);
    const crate = res.body as RecordJson[];
    const done = crate.filter((r) => r.coverart.includes(realCover(r.artist, r.title)));
    if (crate.length === count && done.length === count) return crate;
    if (Date.now() > deadline) return crate;
    await sleep(250);
  }
}

describe('adds arriving together with a paced MusicBrainz', () => {
  it('gives all 12 simultaneous adds their real cover, and an add right after gets its own at once', async () => {
    const { agent } = await signedInUser(t);
    const albums = Array.from({ length: 12 }, (_, i) => ({ artist: `Band ${i}`, title: `Together ${i}` }));
    const adds = await Promise.all(
      albums.map((a) => agent.post('/api/record/add').send({ ...a, mood: MELLOW })),
    );
    expect(adds.map((r) => r.status)).toEqual(adds.map(() => 201));

    // The next add finds a turn within its own budget: the unused reservations of the
    // adds above did not push it back.
    const next = await agent.post('/api/record/add').send({ artist: 'Right', title: 'After', mood: MELLOW });
    expect(next.status).toBe(201);
    expect(next.body.coverart).toContain(realCover('Right', 'After'));
    expect(next.body.coverart).not.toContain(FALLBACK_COVER_PATH);
    expect(JSON.parse(next.body.tags as string)).toEqual(fakeAlbum('Right', 'After').tags);

    // Every add of the burst ends with its real cover and tags (looked up in the background
    // when its turn did not come within the budget).
    const crate = await waitForCovers(agent, 13, 60_000);
    expect(crate).toHaveLength(13);
    for (const record of crate) {
      expect(record.coverart).toContain(realCover(record.artist, record.title));
      expect(JSON.parse(record.tags)).toEqual(fakeAlbum(record.artist, record.title).tags);
    }
  }, 120_000);
});
