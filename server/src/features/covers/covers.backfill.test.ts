/**
 * The one-off cover back-fill (`npm run covers:backfill`, issue 27; API.md "Covers served by
 * Spincrate"): records and wants of crates from before covers were fetched get their covers,
 * paced per image host; a run stopped in the middle and started again continues, stores
 * every cover once and never asks the image host for a source twice.
 * A database of its own: the back-fill walks every crate of the database.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CrateRecord, Want } from '@spincrate/contract';
import {
  createOwnDatabase,
  createRecord,
  createTestApp,
  createUser,
  loginAgent,
  type TestApp,
} from '@/test/harness.js';
import { backfillCovers, type BackfillProgress } from './covers.backfill.js';
import { PgCoverStore, type CoverThumbnails } from './covers.store.js';

const INTERVAL_MS = 150;
/** Every path the fake image host was asked for, and when (its own clock, ms). */
const asked: Array<{ path: string; at: number }> = [];
let imageHost: http.Server;
let origin = '';
let own: Awaited<ReturnType<typeof createOwnDatabase>>;
let t: TestApp;

/** A PostgreSQL store that counts what is stored per cover key. */
class CountingStore extends PgCoverStore {
  readonly puts = new Map<string, number>();
  override async put(key: string, sourceUrl: string, thumbnails: CoverThumbnails): Promise<void> {
    this.puts.set(key, (this.puts.get(key) ?? 0) + 1);
    await super.put(key, sourceUrl, thumbnails);
  }
}

beforeAll(async () => {
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#224466' } })
    .png()
    .toBuffer();
  imageHost = http.createServer((req, res) => {
    const path = req.url ?? '/';
    asked.push({ path, at: performance.now() });
    if (path.endsWith('.png')) {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length }).end(png);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>not an image</title>');
    }
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
  own = await createOwnDatabase();
  t = createTestApp({
    env: { DATABASE_URL: own.url, COVER_HOSTS: '127.0.0.1', COVER_MIN_INTERVAL_MS: String(INTERVAL_MS) },
  });
});

afterAll(async () => {
  await t?.close();
  await own?.drop();
  imageHost.closeAllConnections();
  await new Promise((resolve) => imageHost.close(resolve));
});

it('back-fills the covers of old records and wants; stopped after 3 and started again, it stores each cover once and asks for each source once', async () => {
  const riley = await createUser(t.db);
  const sam = await createUser(t.db);
  const sources = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${origin}/${name}.png`);
  const recordIds: number[] = [];
  for (const source of sources) recordIds.push(await createRecord(t.db, riley.id, { coverart: source }));
  // Sam has the same first source (stored once for both) and a record without any source.
  const samShared = await createRecord(t.db, sam.id, { coverart: sources[0] });
  const samNoSource = await createRecord(t.db, sam.id, { coverart: null });
  const refusedSource = `${origin}/page.html`;
  await createRecord(t.db, sam.id, { coverart: refusedSource });
  // Wants: one with riley's second source, one with a source of its own.
  const wantSource = `${origin}/want.png`;
  await t.db.query(
    `INSERT INTO wants (user_id, title, artist, coverart) VALUES ($1, 'Wanted', 'The Fakes', $2), ($1, 'Also wanted', 'The Fakes', $3)`,
    [sam.id, sources[1], wantSource],
  );
  const riAgent = await loginAgent(t, riley);
  const samAgent = await loginAgent(t, sam);
  expect((await riAgent.get(`/api/record/${recordIds[0]}`)).body).toMatchObject({ cover: null });
  expect(((await samAgent.get('/api/want')).body as Want[]).map((w) => w.cover)).toEqual([null, null]);

  const store = new CountingStore(t.db);
  // First run: stopped (as by Ctrl-C) once three covers are stored.
  const stopper = new AbortController();
  const started = performance.now();
  const first = await backfillCovers(t.ctx, store, {
    signal: stopper.signal,
    batchSize: 2,
    onProgress: (p: BackfillProgress) => {
      if (p.done === 3) stopper.abort();
    },
  });
  // 8 sources without a cover: a–f, want.png and page.html.
  expect(first).toMatchObject({ total: 8, done: 3 });
  expect(asked.length).toBeLessThan(8);
  const missingAfterFirst = await t.db.query(
    'SELECT id FROM records WHERE user_id = ANY($1) AND cover_key IS NULL',
    [[riley.id, sam.id]],
  );
  expect(missingAfterFirst.length).toBeGreaterThan(2);

  // Second run: continues and finishes.
  const second = await backfillCovers(t.ctx, store, { batchSize: 2 });
  expect(second.total).toBe(8 - first.done - first.refused);
  expect(second.failed).toBe(0);
  expect(first.done + second.done).toBe(7);
  expect(first.refused + second.refused).toBe(1);

  // Every source was asked for exactly once, and every cover stored once.
  const paths = asked.map((a) => a.path).sort();
  expect(paths).toEqual([
    '/a.png',
    '/b.png',
    '/c.png',
    '/d.png',
    '/e.png',
    '/f.png',
    '/page.html',
    '/want.png',
  ]);
  expect([...store.puts.values()]).toEqual([1, 1, 1, 1, 1, 1, 1]);
  const rows = await t.db.query<{ state: string }>('SELECT state FROM covers ORDER BY state');
  expect(rows.map((r) => r.state)).toEqual([
    'done',
    'done',
    'done',
    'done',
    'done',
    'done',
    'done',
    'refused',
  ]);

  // Paced per host: turns at least COVER_MIN_INTERVAL_MS apart, so the k-th request (from 0)
  // arrives no sooner than k intervals after the back-fill started (50 ms for the two clocks).
  // Not the gaps between arrivals: a late arrival shortens the next gap while the turns are
  // still apart (89 ms seen on a clean clone).
  const times = asked.map((a) => a.at).sort((x, y) => x - y);
  times.forEach((at, k) => expect(at - started).toBeGreaterThanOrEqual(k * INTERVAL_MS - 50));

  // What the users see: every record and want with a source has its cover.
  for (const id of recordIds) {
    const record = (await riAgent.get(`/api/record/${id}`)).body as CrateRecord;
    expect(record.cover?.small).toMatch(/^\/covers\/[0-9a-f]{32}-250\.webp$/);
    expect((await riAgent.get(record.cover!.small)).status).toBe(200);
  }
  const shared = (await samAgent.get(`/api/record/${samShared}`)).body as CrateRecord;
  const rileysFirst = (await riAgent.get(`/api/record/${recordIds[0]}`)).body as CrateRecord;
  expect(shared.cover).toEqual(rileysFirst.cover);
  expect((await samAgent.get(`/api/record/${samNoSource}`)).body).toMatchObject({ cover: null });
  const wants = (await samAgent.get('/api/want')).body as Want[];
  expect(wants).toHaveLength(2);
  for (const want of wants) expect(want.cover?.large).toMatch(/^\/covers\/[0-9a-f]{32}-500\.webp$/);
  const rileysSecond = (await riAgent.get(`/api/record/${recordIds[1]}`)).body as CrateRecord;
  expect(wants.find((w) => w.title === 'Wanted')?.cover).toEqual(rileysSecond.cover);

  // A third run finds nothing to do and asks for nothing.
  const third = await backfillCovers(t.ctx, store);
  expect(third).toEqual({ total: 0, done: 0, refused: 0, failed: 0 });
  expect(asked).toHaveLength(8);
});
