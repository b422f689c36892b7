/**
 * Covers served by Spincrate (API.md "Covers served by Spincrate", issue 27): the real app
 * and the real cover worker on the test database, with a fake image host on 127.0.0.1
 * serving images made with sharp here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wantSchema, type CrateRecord, type Want } from '@spincrate/contract';
import { createRecord, signedInUser, useTestApp, type Agent } from '@/test/harness.js';
import { enqueueCovers, startQueue } from '@/lib/metadata/queue.js';
import type { MetadataService } from '@/lib/metadata/types.js';
import { enqueueMissingCovers, startCoverWorker, type CoverWorker } from './covers.worker.js';

/** The fake image host: every path it was asked for, in order. */
const asked: string[] = [];
let imageHost: http.Server;
let origin = '';
let port = 0;
const images = new Map<string, { type: string; body: Buffer }>();

/** The cover URL the fake metadata service gives for an album title (default: none). */
const coverOfTitle = new Map<string, string>();
const metadata: MetadataService = {
  lookupAlbum: async ({ title }) => ({ coverart: coverOfTitle.get(title) ?? null, tags: [] }),
};

// A database of its own: the cover worker (and its back-fill of every record without a
// cover) would otherwise fetch the covers of the records of the files running beside it.
const t = useTestApp({
  env: { COVER_HOSTS: '127.0.0.1', COVER_MIN_INTERVAL_MS: '0' },
  metadata,
  ownDatabase: true,
});
let worker: CoverWorker;

/** A body of up to 100 MB sent in 64 KB chunks; `sentOversize` counts the bytes written before the reader hung up. */
const OVERSIZE_BYTES = 100 * 1024 * 1024;
let sentOversize = 0;

beforeAll(async () => {
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  images.set('/landscape.jpg', { type: 'image/jpeg', body: await photo(600, 400).jpeg().toBuffer() });
  images.set('/square.png', { type: 'image/png', body: await photo(300, 300).png().toBuffer() });
  images.set('/shared.jpg', { type: 'image/jpeg', body: await photo(400, 400).jpeg().toBuffer() });
  images.set('/wanted.jpg', { type: 'image/jpeg', body: await photo(500, 500).jpeg().toBuffer() });
  images.set('/by-hand.jpg', { type: 'image/jpeg', body: await photo(320, 320).jpeg().toBuffer() });
  images.set('/backfill.png', { type: 'image/png', body: await photo(500, 250).png().toBuffer() });
  images.set('/wide.png', { type: 'image/png', body: await photo(6001, 20).png().toBuffer() });
  images.set('/page.html', { type: 'text/html', body: Buffer.from('<!doctype html><title>no</title>') });
  images.set('/broken.jpg', { type: 'image/jpeg', body: Buffer.from('this is not a JPEG at all') });
  imageHost = http.createServer((req, res) => {
    const path = req.url ?? '/';
    asked.push(path);
    const image = images.get(path);
    if (image) {
      res.writeHead(200, { 'Content-Type': image.type, 'Content-Length': image.body.length });
      res.end(image.body);
    } else if (path === '/oversize.jpg') {
      // No Content-Length: the worker must stop reading past 10 MB by itself.
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024, 0xff);
      let closed = false;
      res.once('close', () => (closed = true));
      const push = () => {
        while (!closed && sentOversize < OVERSIZE_BYTES) {
          sentOversize += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      push();
    } else if (path === '/flaky.jpg') {
      // 503 the first time, the image after that.
      if (asked.filter((p) => p === path).length === 1) res.writeHead(503).end();
      else {
        const body = images.get('/square.png')!.body;
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': body.length }).end(body);
      }
    } else if (/^\/bulk-\d+\.png$/.test(path)) {
      // An import's covers: any number of them.
      const body = images.get('/square.png')!.body;
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': body.length }).end(body);
    } else if (path === '/to-localhost.jpg') {
      res.writeHead(302, { Location: `http://localhost:${port}/landscape-via-localhost.jpg` });
      res.end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  port = (imageHost.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  worker = startCoverWorker(t.ctx, { pollIntervalMs: 50 });
});

afterAll(async () => {
  await worker?.stop();
  imageHost.closeAllConnections();
  await new Promise((resolve) => imageHost.close(resolve));
});

/** Adds a record whose look-up finds `cover`, and returns the answer's Record. */
async function addWithCover(agent: Agent, title: string, cover: string): Promise<CrateRecord> {
  coverOfTitle.set(title, cover);
  const added = await agent
    .post('/api/record/add')
    .send({ title, artist: 'The Fakes', mood: 1, details: '' });
  expect(added.status).toBe(201);
  return added.body as CrateRecord;
}

/** Waits until the record, read again through the API, has its cover. */
async function coverOf(agent: Agent, id: number): Promise<NonNullable<CrateRecord['cover']>> {
  return vi.waitFor(
    async () => {
      const res = await agent.get(`/api/record/${id}`);
      expect(res.status).toBe(200);
      const cover = (res.body as CrateRecord).cover;
      expect(cover).not.toBeNull();
      return cover!;
    },
    { timeout: 20_000, interval: 50 },
  );
}

/** Waits until the cover source has been refused (its fetch will not be tried again). */
async function refused(source: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const rows = await t.db.query<{ state: string }>('SELECT state FROM covers WHERE source_url = $1', [
        source,
      ]);
      expect(rows[0]?.state).toBe('refused');
    },
    { timeout: 20_000, interval: 50 },
  );
}

describe('covers served by Spincrate', () => {
  it('adds a record with cover: null, then fetches its cover into WebP thumbnails 250 and 500 px wide with the same aspect', async () => {
    const { agent } = await signedInUser(t);
    const record = await addWithCover(agent, 'Landscape', `${origin}/landscape.jpg`);
    expect(record.coverart).toBe(`${origin}/landscape.jpg`);
    const cover = await coverOf(agent, record.id);
    expect(cover.small).toMatch(/^\/covers\/[0-9a-f]{32}-250\.webp$/);
    expect(cover.large).toBe(cover.small.replace('-250.webp', '-500.webp'));

    const small = await agent.get(cover.small).buffer(true);
    expect(small.status).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 250,
      height: 167,
    });
    const large = await agent.get(cover.large).buffer(true);
    expect(large.status).toBe(200);
    expect(await sharp(large.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 500,
      height: 333,
    });

    // The crate list carries it too.
    const crate = await agent.get('/api/record');
    expect((crate.body as CrateRecord[]).find((r) => r.id === record.id)?.cover).toEqual(cover);
  });

  it('gives a want its cover too: cover null on add, then its thumbnails once fetched', async () => {
    const { agent } = await signedInUser(t);
    const source = `${origin}/wanted.jpg`;
    coverOfTitle.set('Wanted cover', source);
    const added = await agent.post('/api/want/add').send({ title: 'Wanted cover', artist: 'The Fakes' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ coverart: source, cover: null });
    const want = await vi.waitFor(
      async () => {
        const list = (await agent.get('/api/want')).body as Want[];
        const found = list.find((w) => w.id === (added.body as Want).id);
        expect(found?.cover).not.toBeNull();
        return found!;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(wantSchema.parse(want).cover).toEqual({
      small: expect.stringMatching(/^\/covers\/[0-9a-f]{32}-250\.webp$/) as string,
      large: expect.stringMatching(/^\/covers\/[0-9a-f]{32}-500\.webp$/) as string,
    });
    const small = await agent.get(want.cover!.small).buffer(true);
    expect(small.status).toBe(200);
    expect(await sharp(small.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 250 });
    // The offline copy's wants carry it too.
    const synced = await agent.get('/api/sync/wants');
    expect(synced.status).toBe(200);
    expect(JSON.stringify(synced.body)).toContain(want.cover!.large);
  });

  it('stores one image for two users with the same source, fetched once', async () => {
    const source = `${origin}/shared.jpg`;
    const first = await signedInUser(t);
    const a = await addWithCover(first.agent, 'Shared', source);
    const coverA = await coverOf(first.agent, a.id);
    const second = await signedInUser(t);
    const b = await addWithCover(second.agent, 'Shared', source);
    // The second user's record has the finished cover at once.
    expect(b.cover).toEqual(coverA);
    expect(await coverOf(second.agent, b.id)).toEqual(coverA);
    const rows = await t.db.query('SELECT key FROM covers WHERE source_url = $1', [source]);
    expect(rows).toHaveLength(1);
    expect(asked.filter((p) => p === '/shared.jpg')).toHaveLength(1);
  });

  it('refuses a source that is not an image, over 10 MB, or over 6,000 px on a side: the record keeps cover: null', async () => {
    const { agent } = await signedInUser(t);
    const cases = ['/page.html', '/broken.jpg', '/oversize.jpg', '/wide.png'];
    const ids: number[] = [];
    for (const path of cases) ids.push((await addWithCover(agent, `Refused ${path}`, `${origin}${path}`)).id);
    for (const path of cases) await refused(`${origin}${path}`);
    for (const id of ids) {
      const res = await agent.get(`/api/record/${id}`);
      expect((res.body as CrateRecord).cover).toBeNull();
    }
    // Each was asked for once (a refusal is not tried again), and the oversized body was not read to its end.
    for (const path of cases) expect(asked.filter((p) => p === path)).toHaveLength(1);
    expect(sentOversize).toBeLessThan(OVERSIZE_BYTES / 2);
  });

  it('tries a source again after the image host answered 503, like the look-ups', async () => {
    const { agent } = await signedInUser(t);
    const record = await addWithCover(agent, 'Flaky', `${origin}/flaky.jpg`);
    const cover = await coverOf(agent, record.id);
    expect(asked.filter((p) => p === '/flaky.jpg')).toHaveLength(2);
    expect((await agent.get(cover.small)).status).toBe(200);
  });

  it('back-fills the covers of records that were stored without a fetch (a crate from before covers)', async () => {
    const { user, agent } = await signedInUser(t);
    const id = await createRecord(t.db, user.id, { title: 'Old record', coverart: `${origin}/backfill.png` });
    expect((await agent.get(`/api/record/${id}`)).body).toMatchObject({ cover: null });
    const boss = await startQueue(t.db, t.ctx.logger, { supervise: false });
    try {
      expect(await enqueueMissingCovers(t.ctx, boss)).toBeGreaterThanOrEqual(1);
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
    const cover = await coverOf(agent, id);
    const large = await agent.get(cover.large).buffer(true);
    expect(await sharp(large.body as Buffer).metadata()).toMatchObject({ width: 500, height: 250 });
  });

  it('never follows a redirect to a host that is not a configured image host', async () => {
    const { agent } = await signedInUser(t);
    const source = `${origin}/to-localhost.jpg`;
    const record = await addWithCover(agent, 'Redirected', source);
    await refused(source);
    expect(asked).not.toContain('/landscape-via-localhost.jpg');
    expect((await agent.get(`/api/record/${record.id}`)).body).toMatchObject({ cover: null });
  });

  it('refuses a source on a host that is not configured, without asking it', async () => {
    const { agent } = await signedInUser(t);
    // A path no other test asks for: in any order of the tests, the host never saw it.
    const source = `http://localhost:${port}/not-configured.png`;
    await addWithCover(agent, 'Elsewhere', source);
    await refused(source);
    expect(asked).not.toContain('/not-configured.png');
  });

  it('serves a thumbnail with no session, immutable caching, an ETag and 304; 404 for an unknown key, size or path', async () => {
    const { agent } = await signedInUser(t);
    const record = await addWithCover(agent, 'Square', `${origin}/square.png`);
    const cover = await coverOf(agent, record.id);

    const anonymous = t.agent();
    const res = await anonymous.get(cover.large).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['set-cookie']).toBeUndefined();
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^(W\/)?".+"$/);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 500, height: 500 });

    const again = await anonymous.get(cover.large).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);

    // The small one is another image with another tag.
    const small = await anonymous.get(cover.small);
    expect(small.status).toBe(200);
    expect(small.headers.etag).not.toBe(etag);

    expect((await anonymous.get(`/covers/${'0'.repeat(32)}-250.webp`)).status).toBe(404);
    expect((await anonymous.get(cover.small.replace('-250.webp', '-300.webp'))).status).toBe(404);
    expect((await anonymous.get(cover.small.replace('.webp', '.png'))).status).toBe(404);
    expect((await anonymous.get('/covers/')).status).toBe(404);
    // The fallback cover still lives under /covers.
    const fallback = await anonymous.get('/covers/fallback.svg');
    expect(fallback.status).toBe(200);
    expect(fallback.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers a thumbnail with the security headers and request id every answer carries, and HEAD without a body', async () => {
    const { agent } = await signedInUser(t);
    const record = await addWithCover(agent, 'Headers', `${origin}/square.png`);
    const cover = await coverOf(agent, record.id);
    const anonymous = t.agent();
    const page = await anonymous.get('/api/health');
    const res = await anonymous.get(cover.small).buffer(true);
    expect(res.status).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'cross-origin-opener-policy',
      'referrer-policy',
      'x-frame-options',
    ]) {
      expect(res.headers[name], name).toBe(page.headers[name]);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).not.toBe(page.headers['x-request-id']);

    const head = await anonymous.head(cover.small);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(Number(head.headers['content-length'])).toBe((res.body as Buffer).length);
    expect(head.text ?? '').toBe('');

    // Not a thumbnail's request: another method goes the other steps' way, to a 404.
    expect((await anonymous.post(cover.small)).status).toBe(404);
  });

  it("fetches the cover of a record added by hand before another user's import backlog", async () => {
    // Another user's import has queued the covers of 60 records (as the import worker does).
    const backlog = Array.from({ length: 60 }, (_, i) => `/bulk-${i}.png`);
    const { agent } = await signedInUser(t);
    const boss = await startQueue(t.db, t.ctx.logger, { supervise: false });
    try {
      await enqueueCovers(
        boss,
        backlog.map((path) => `${origin}${path}`),
      );
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
    // A record added by hand right after: its cover is the next one fetched, not the 61st.
    const record = await addWithCover(agent, 'By hand', `${origin}/by-hand.jpg`);
    await coverOf(agent, record.id);
    const before = asked.slice(0, asked.indexOf('/by-hand.jpg')).filter((p) => backlog.includes(p));
    expect(before.length).toBeLessThan(30);
    // The backlog is fetched after it, all of it.
    await vi.waitFor(() => expect(backlog.filter((p) => asked.includes(p))).toHaveLength(backlog.length), {
      timeout: 60_000,
      interval: 100,
    });
  });
});
