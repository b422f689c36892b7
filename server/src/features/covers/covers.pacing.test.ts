/**
 * Cover fetches are paced per image host (API.md "Covers served by Spincrate": "within each
 * service's pacing"): with COVER_MIN_INTERVAL_MS=400, three fetches started together reach
 * one host no sooner than 0, 400 and 800 ms after they started.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '@/test/harness.js';
import { fetchCover } from './covers.worker.js';
import { PgCoverStore } from './covers.store.js';

const INTERVAL_MS = 400;
/** When the fake host was asked for each path (ms, its own clock). */
const askedAt: number[] = [];
let imageHost: http.Server;
let origin = '';

// The host is named `localhost` here (and only here), so that no other test file's
// fetches share its pacing; the fetches are run directly, not through the shared queue.
const t = useTestApp({ env: { COVER_HOSTS: 'localhost', COVER_MIN_INTERVAL_MS: String(INTERVAL_MS) } });

beforeAll(async () => {
  const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  imageHost = http.createServer((_req, res) => {
    askedAt.push(performance.now());
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length }).end(png);
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(imageHost.address() as AddressInfo).port}`;
});

afterAll(async () => {
  imageHost.closeAllConnections();
  await new Promise((resolve) => imageHost.close(resolve));
});

it('asks one image host at most once per COVER_MIN_INTERVAL_MS, even for fetches started together', async () => {
  const store = new PgCoverStore(t.db);
  const sources = ['one', 'two', 'three'].map((name) => `${origin}/${name}-${Date.now()}.png`);
  const signal = new AbortController().signal;
  const start = performance.now();
  await Promise.all(sources.map((url) => fetchCover(t.ctx, store, url, { lastTry: false, signal })));
  const rows = await t.db.query<{ state: string }>('SELECT state FROM covers WHERE source_url = ANY($1)', [
    sources,
  ]);
  expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'done']);
  expect(askedAt).toHaveLength(3);
  // The slots are claimed after `start`, each INTERVAL_MS after the one before, and a request
  // leaves only once its slot has begun: the k-th request the host sees (from 0) comes at
  // least k × INTERVAL_MS after `start`. A busy machine only makes them later (the gaps
  // between arrivals were compared before, and a late first request made one look short);
  // unpaced, all three would come within a few ms of `start`.
  const sorted = [...askedAt].sort((a, b) => a - b);
  sorted.forEach((at, k) => expect(at - start).toBeGreaterThanOrEqual(k * INTERVAL_MS));
});
