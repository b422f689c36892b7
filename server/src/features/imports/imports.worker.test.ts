/**
 * The look-up queue against a real PostgreSQL and the fake metadata services. This file
 * has a database of its own: the workers it starts must see only its imports.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '@/db/database.js';
import { createLogger } from '@/lib/logger.js';
import { fakeAlbum, startFakeMetadataServer, type FakeMetadataServer } from '@/test/fakeMetadataServer.js';
import {
  createOwnDatabase,
  createTestApp,
  createUser,
  loginAgent,
  type Agent,
  type TestApp,
} from '@/test/harness.js';
import { lookUpRecord, startImportWorker, type BackgroundWorker } from './imports.worker.js';
import { startQueue } from '@/lib/metadata/queue.js';

const logger = createLogger('silent');
const drops: Array<() => Promise<void>> = [];

/** A fresh database with the schema, dropped after the file. */
async function freshDatabase(): Promise<string> {
  const own = await createOwnDatabase();
  drops.push(own.drop);
  return own.url;
}

let fake: FakeMetadataServer;
let databaseUrl: string;
/** Apps and workers started by a test, closed after it. */
let apps: TestApp[] = [];
let workers: BackgroundWorker[] = [];

/** A pool on the file's database for the test's own look at the pacing (see turnsGiven). */
let observer: Database;

beforeAll(async () => {
  fake = await startFakeMetadataServer();
  databaseUrl = await freshDatabase();
  observer = new Database({ connectionString: databaseUrl, logger, max: 1 });
  // Every MusicBrainz turn the pacing gives out, as PostgreSQL computed it (this file's
  // database only): the turn starts one interval before the row's new `next_at`.
  await observer.query(`CREATE TABLE given_turns (next_at timestamptz NOT NULL)`);
  await observer.query(
    `CREATE FUNCTION log_given_turn() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO given_turns VALUES (NEW.next_at);
       RETURN NULL;
     END $$`,
  );
  await observer.query(
    `CREATE TRIGGER lookup_slots_log AFTER INSERT OR UPDATE ON lookup_slots
       FOR EACH ROW WHEN (NEW.service = 'musicbrainz') EXECUTE FUNCTION log_given_turn()`,
  );
});
afterAll(async () => {
  await fake.close();
  await observer?.close();
  for (const drop of drops) await drop();
});
beforeEach(async () => {
  fake.reset();
  await observer.query('DELETE FROM given_turns');
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(apps.map((a) => a.close()));
  workers = [];
  apps = [];
});

/** The MusicBrainz pace of the pacing tests (MUSICBRAINZ_MIN_INTERVAL_MS), in ms. */
const PACE_MS = 1000;
/**
 * The pace of the tests that are not about pacing, in ms: short, so that they do not spend
 * their time waiting for turns (the pacing itself is checked at {@link PACE_MS}).
 */
const QUICK_PACE_MS = 10;

/**
 * One server process: the app on the file's database, metadata from the fake (MusicBrainz
 * paced `paceMs` apart across processes).
 */
function startApp(paceMs = QUICK_PACE_MS): TestApp {
  const app = createTestApp({
    env: {
      DATABASE_URL: databaseUrl,
      MUSICBRAINZ_API_URL: fake.musicbrainzApiUrl,
      COVERART_API_URL: fake.coverartApiUrl,
      LASTFM_API_URL: fake.lastfmApiUrl,
      METADATA_TIMEOUT_MS: '3000',
      MUSICBRAINZ_MIN_INTERVAL_MS: String(paceMs),
    },
  });
  apps.push(app);
  return app;
}

async function startWorker(app: TestApp): Promise<BackgroundWorker> {
  const worker = await startImportWorker(app.ctx, { pollIntervalMs: 100 });
  workers.push(worker);
  return worker;
}

async function signedIn(app: TestApp): Promise<{ userId: number; agent: Agent }> {
  const user = await createUser(app.db);
  return { userId: user.id, agent: await loginAgent(app, user) };
}

function csvOf(albums: Array<{ artist: string; title: string }>): string {
  return `Artist,Title\n${albums.map((a) => `${a.artist},${a.title}`).join('\n')}\n`;
}

function albums(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    artist: `${prefix} Artist ${i + 1}`,
    title: `${prefix} Album ${i + 1}`,
  }));
}

/** Polls `check` until it gives a truthy value. */
async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(100);
  }
}

interface Stored {
  id: number;
  artist: string;
  title: string;
  coverart: string | null;
  tags: string[];
  lookup_pending: boolean;
}

function recordsOf(app: TestApp, userId: number): Promise<Stored[]> {
  return app.db.query<Stored>(
    'SELECT id, artist, title, coverart, tags, lookup_pending FROM records WHERE user_id = $1 ORDER BY id',
    [userId],
  );
}

function musicbrainzRequests() {
  return fake.requests.filter((r) => r.service === 'musicbrainz');
}

/**
 * The MusicBrainz turns given out since the test began, in order: when each starts (ms
 * since the epoch) and how long after the one before (ms, exact; null for the first).
 */
async function turnsGiven(): Promise<Array<{ starts: number; after: number | null }>> {
  return observer.query<{ starts: number; after: number | null }>(
    `SELECT (extract(epoch FROM next_at) * 1000 - $1)::float8 AS starts,
            (extract(epoch FROM next_at - lag(next_at) OVER (ORDER BY next_at)) * 1000)::float8 AS after
       FROM given_turns ORDER BY next_at`,
    [PACE_MS],
  );
}

/**
 * One MusicBrainz request a second, however busy the machine: the turns the pacing gives
 * out start at least a second apart, and MusicBrainz gets its n-th request no sooner than
 * the n-th turn starts (a request waits for its turn; a busy machine only delays it, so
 * the time between two arrivals is not what is checked). 2 ms allow for the rounding of
 * the two clocks' readings (PostgreSQL's in µs, the fake server's in ms).
 */
async function expectOneRequestASecond(): Promise<void> {
  const turns = await turnsGiven();
  const arrivals = musicbrainzRequests()
    .map((r) => r.time)
    .sort((a, b) => a - b);
  expect(turns.length).toBeGreaterThanOrEqual(arrivals.length);
  for (const turn of turns.slice(1)) expect(turn.after).toBeGreaterThanOrEqual(PACE_MS);
  arrivals.forEach((arrived, i) => expect(arrived).toBeGreaterThanOrEqual(turns[i]!.starts - 2));
}

/** The fake's cover and tags for an album. */
function expectedLookup(album: { artist: string; title: string }) {
  const { mbid, tags } = fakeAlbum(album.artist, album.title);
  return { coverart: `${fake.url}/images/caa/${mbid}-500.svg`, tags };
}

/** Waits until GET /api/record/import/{id} says done; returns every status seen on the way. */
async function waitUntilDone(agent: Agent, importId: number): Promise<string[]> {
  const seen: string[] = [];
  await waitFor(async () => {
    const res = await agent.get(`/api/record/import/${importId}`);
    expect(res.status).toBe(200);
    seen.push(res.body.status as string);
    return res.body.status === 'done' ? res.body : undefined;
  });
  return seen;
}

describe('the import look-up queue', () => {
  it('keeps the Released year of a row and fills in the first release year the look-up finds for the others', async () => {
    const app = startApp();
    const { userId, agent } = await signedIn(app);
    await startWorker(app);
    fake.setScenario({ releaseDate: '1969-08-15' });
    const csv = 'Artist,Title,Released\nYear Artist,With Released,1959\nYear Artist,Released Zero,0\n';
    const created = await agent.post('/api/record/import').send({ csv, mood: 10 });
    expect(created.status).toBe(202);
    await waitUntilDone(agent, created.body.id);
    const rows = await app.db.query<{ title: string; year: number | null }>(
      'SELECT title, year FROM records WHERE user_id = $1 ORDER BY id',
      [userId],
    );
    expect(rows).toEqual([
      { title: 'With Released', year: 1959 },
      { title: 'Released Zero', year: 1969 },
    ]);
  }, 60_000);

  it('looks every imported record up, one MusicBrainz request a second, and the import moves from enriching to done', async () => {
    const app = startApp(PACE_MS);
    const { userId, agent } = await signedIn(app);
    const wanted = albums('Paced', 4);
    await startWorker(app);

    const created = await agent.post('/api/record/import').send({ csv: csvOf(wanted), mood: 10 });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'enriching', imported: 4, enriched: 0 });

    const statuses = await waitUntilDone(agent, created.body.id);
    expect(statuses[0]).toBe('enriching');
    const done = await agent.get(`/api/record/import/${created.body.id}`);
    expect(done.body).toMatchObject({ status: 'done', imported: 4, enriched: 4 });

    const records = await recordsOf(app, userId);
    expect(
      records.map((r) => ({
        artist: r.artist,
        title: r.title,
        coverart: r.coverart,
        tags: r.tags,
        pending: r.lookup_pending,
      })),
    ).toEqual(wanted.map((a) => ({ ...a, ...expectedLookup(a), pending: false })));
    expect(musicbrainzRequests()).toHaveLength(4);
    await expectOneRequestASecond();
  }, 60_000);

  it('keeps to one MusicBrainz request a second across several server processes', async () => {
    const first = startApp(PACE_MS);
    const second = startApp(PACE_MS);
    const third = startApp(PACE_MS);
    const { userId, agent } = await signedIn(first);
    await Promise.all([startWorker(first), startWorker(second), startWorker(third)]);

    const created = await agent
      .post('/api/record/import')
      .send({ csv: csvOf(albums('Shared', 6)), mood: 10 });
    await waitUntilDone(agent, created.body.id);

    expect((await recordsOf(first, userId)).every((r) => !r.lookup_pending && r.coverart !== null)).toBe(
      true,
    );
    expect(musicbrainzRequests()).toHaveLength(6);
    await expectOneRequestASecond();
  }, 60_000);

  it('finishes every look-up after a restart during enrichment', async () => {
    // At the 1 s pace, the worker is stopped while look-ups are still to come.
    const before = startApp(PACE_MS);
    const { userId, agent } = await signedIn(before);
    const wanted = albums('Restart', 5);
    const worker = await startWorker(before);
    const created = await agent.post('/api/record/import').send({ csv: csvOf(wanted), mood: 10 });

    await waitFor(async () => (await recordsOf(before, userId)).some((r) => !r.lookup_pending));
    await worker.stop();
    const stopped = await recordsOf(before, userId);
    expect(stopped.filter((r) => r.lookup_pending).length).toBeGreaterThan(0);
    const statusWhileStopped = await agent.get(`/api/record/import/${created.body.id}`);
    expect(statusWhileStopped.body.status).toBe('enriching');

    // A new process: a new pool, a new worker.
    const after = startApp();
    await startWorker(after);
    await waitUntilDone(agent, created.body.id);
    const records = await recordsOf(after, userId);
    expect(records.map((r) => [r.coverart, r.tags, r.lookup_pending])).toEqual(
      wanted.map((a) => [expectedLookup(a).coverart, expectedLookup(a).tags, false]),
    );
  }, 60_000);

  it('picks up a pending record that has no job at start-up', async () => {
    const app = startApp();
    const { userId, agent } = await signedIn(app);
    const created = await agent
      .post('/api/record/import')
      .send({ csv: csvOf(albums('Orphan', 1)), mood: 10 });
    // As if the process had died after storing the records but its jobs were lost.
    await app.db.query('DELETE FROM pgboss.job');
    await startWorker(app);
    await waitUntilDone(agent, created.body.id);
    expect((await recordsOf(app, userId))[0]).toMatchObject({
      lookup_pending: false,
      coverart: expectedLookup(albums('Orphan', 1)[0]!).coverart,
    });
  }, 60_000);

  it('tries a look-up again with back-off when MusicBrainz answers 503', async () => {
    const app = startApp();
    const { userId, agent } = await signedIn(app);
    const [album] = albums('Busy', 1);
    fake.setScenario(album!, { mode: 'unavailable', services: ['musicbrainz'] });
    await startWorker(app);
    const created = await agent.post('/api/record/import').send({ csv: csvOf([album!]), mood: 10 });

    await waitFor(async () => musicbrainzRequests().length >= 1);
    fake.setScenario(album!, {});
    await waitUntilDone(agent, created.body.id);

    expect(musicbrainzRequests().length).toBeGreaterThanOrEqual(2);
    expect((await recordsOf(app, userId))[0]).toMatchObject({
      lookup_pending: false,
      ...expectedLookup(album!),
    });
  }, 60_000);
});

describe('lookUpRecord', () => {
  async function pendingRecord(app: TestApp, album: { artist: string; title: string }) {
    const { userId, agent } = await signedIn(app);
    await agent.post('/api/record/import').send({ csv: csvOf([album]), mood: 10 });
    return { userId, recordId: (await recordsOf(app, userId))[0]!.id };
  }

  it('leaves the record pending and throws while tries remain, and stores the fallback on the last try', async () => {
    const app = startApp();
    const album = { artist: 'Down', title: 'For Good' };
    fake.setScenario(album, { mode: 'unavailable', services: ['musicbrainz'] });
    const { userId, recordId } = await pendingRecord(app, album);
    const signal = new AbortController().signal;

    await expect(lookUpRecord(app.ctx, recordId, { lastTry: false, signal })).rejects.toThrow();
    expect((await recordsOf(app, userId))[0]).toMatchObject({ lookup_pending: true });

    await lookUpRecord(app.ctx, recordId, { lastTry: true, signal });
    expect((await recordsOf(app, userId))[0]).toMatchObject({
      lookup_pending: false,
      coverart: null,
      tags: [],
    });
  }, 30_000);

  it('takes a corrected title or artist only when it differs in letter case alone', async () => {
    const app = startApp();
    const signal = new AbortController().signal;
    const caseOnly = { artist: 'miles davis', title: 'Kind Of Blue' };
    fake.setScenario(caseOnly, { artist: 'Miles Davis', title: 'Kind of Blue' });
    const first = await pendingRecord(app, caseOnly);
    await lookUpRecord(app.ctx, first.recordId, { lastTry: false, signal });
    expect((await recordsOf(app, first.userId))[0]).toMatchObject({
      artist: 'Miles Davis',
      title: 'Kind of Blue',
    });

    const renamed = { artist: 'Prince', title: 'Purple Rain' };
    fake.setScenario(renamed, { artist: 'Prince and The Revolution', title: 'Purple Rain (Deluxe)' });
    const second = await pendingRecord(app, renamed);
    await lookUpRecord(app.ctx, second.recordId, { lastTry: false, signal });
    expect((await recordsOf(app, second.userId))[0]).toMatchObject({ ...renamed, lookup_pending: false });
  }, 30_000);
});

describe('the queue set-up', () => {
  it('lets several processes start together on a database without the queue', async () => {
    const url = await freshDatabase();
    const pools = [0, 1, 2].map(() => new Database({ connectionString: url, logger, max: 3 }));
    try {
      const started = await Promise.all(pools.map((db) => startQueue(db, logger, { supervise: true })));
      await Promise.all(started.map((boss) => boss.stop({ graceful: false, close: false })));
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  }, 60_000);
});
