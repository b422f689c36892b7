/**
 * An import while the metadata service cannot be reached (issue: "Offline, an import
 * retries for 10 minutes and prints ~425 warnings"): the outage is logged once, the whole
 * look-up queue waits for the service instead of trying each album again and again, the
 * import says that its look-ups wait for the service (`lookups: "waiting_for_service"`,
 * `status` stays `enriching` as API.md says), and once the service answers again every
 * record gets its cover and the import is `done`. This file has a database of its own.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@/lib/logger.js';
import { fakeAlbum, startFakeMetadataServer, type FakeMetadataServer } from '@/test/fakeMetadataServer.js';
import { createOwnDatabase, createTestApp, signedInUser, type TestApp } from '@/test/harness.js';
import { LOOKUP_QUEUE } from '@/lib/metadata/queue.js';
import { startImportWorker, type BackgroundWorker } from './imports.worker.js';

/** A stopped service: every connection to its port is cut at once; connections are counted. */
async function startDeadService(
  port = 0,
): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Log lines (parsed) of the worker, at warn and above. */
const logLines: Array<{ level: number; msg: string }> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

let own: Awaited<ReturnType<typeof createOwnDatabase>>;
let dead: Awaited<ReturnType<typeof startDeadService>>;
let fake: FakeMetadataServer | undefined;
let t: TestApp;
let worker: BackgroundWorker;

beforeAll(async () => {
  own = await createOwnDatabase();
  dead = await startDeadService();
  const base = `http://127.0.0.1:${dead.port}`;
  t = createTestApp({
    env: {
      DATABASE_URL: own.url,
      MUSICBRAINZ_API_URL: `${base}/ws/2`,
      COVERART_API_URL: `${base}/coverart`,
      METADATA_TIMEOUT_MS: '3000',
      MUSICBRAINZ_MIN_INTERVAL_MS: '20',
    },
  });
  worker = await startImportWorker(
    { ...t.ctx, logger: createLogger('info', logStream) },
    { pollIntervalMs: 100 },
  );
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await dead?.close();
  await fake?.close();
  await own?.drop();
});

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(100);
  }
}

describe('an import while the metadata service cannot be reached', () => {
  it('logs the outage once, waits for the service with the whole queue, then looks every record up', async () => {
    const { agent } = await signedInUser(t);
    const albums = Array.from({ length: 20 }, (_, i) => ({ artist: `Offline ${i}`, title: `Album ${i}` }));
    const csv = `Artist,Title\n${albums.map((a) => `${a.artist},${a.title}`).join('\n')}\n`;
    const created = await agent.post('/api/record/import').send({ csv, mood: 10 });
    expect(created.status).toBe(202);
    const id = created.body.id as number;

    // The import says its look-ups wait for the service; it is still enriching (API.md).
    const waiting = await until(async () => {
      const res = await agent.get(`/api/record/import/${id}`);
      return res.body.lookups === 'waiting_for_service' ? res.body : undefined;
    });
    expect(waiting).toMatchObject({ status: 'enriching', imported: 20, enriched: 0 });

    // The queue tries the service again later (after its back-off), not album after album.
    await until(async () => dead.connections() >= 2);
    const stillWaiting = await agent.get(`/api/record/import/${id}`);
    expect(stillWaiting.body).toMatchObject({
      status: 'enriching',
      lookups: 'waiting_for_service',
      enriched: 0,
    });
    expect(dead.connections()).toBeLessThan(5);
    const warnings = logLines.filter((l) => l.level >= 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/unreachable/);

    // The service is back on the same address: every record gets its cover and tags.
    await dead.close();
    fake = await startFakeMetadataServer({ port: dead.port });
    const done = await until(async () => {
      const res = await agent.get(`/api/record/import/${id}`);
      return res.body.status === 'done' ? res.body : undefined;
    }, 90_000);
    expect(done).toMatchObject({ lookups: 'done', enriched: 20 });
    const crate = (await agent.get('/api/record')).body as Array<{
      artist: string;
      title: string;
      coverart: string;
    }>;
    expect(crate).toHaveLength(20);
    for (const record of crate) {
      expect(record.coverart).toContain(fakeAlbum(record.artist, record.title).mbid);
    }
    expect(logLines.filter((l) => l.level >= 40 && /album look-up/.test(l.msg))).toEqual([]);
  }, 150_000);

  it('stays waiting for the service when a look-up asks it nothing (its record was deleted)', async () => {
    // The service goes away again on the same address.
    await fake?.close();
    fake = undefined;
    dead = await startDeadService(dead.port);
    const { agent } = await signedInUser(t);
    const created = await agent
      .post('/api/record/import')
      .send({ csv: 'Artist,Title\nGone Soon,First\nGone Soon,Second\n', mood: 10 });
    expect(created.status).toBe(202);
    await until(async () => {
      const res = await agent.get(`/api/record/import/${created.body.id as number}`);
      return res.body.lookups === 'waiting_for_service';
    });
    const linesBefore = logLines.length;

    // The owner deletes both records while their look-ups wait; the queue still holds their jobs.
    const crate = (await agent.get('/api/record')).body as Array<{ id: number }>;
    expect(crate).toHaveLength(2);
    for (const record of crate) expect((await agent.delete(`/api/record/${record.id}`)).status).toBe(204);
    await until(async () => {
      const rows = await t.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [LOOKUP_QUEUE],
      );
      return rows[0]!.n === 0;
    }, 90_000);

    // Those jobs asked nobody: the service is not said to be back, and a new import still waits
    // for it without a new outage warning.
    const later = logLines.slice(linesBefore);
    expect(later.filter((l) => /reachable again/.test(l.msg))).toEqual([]);
    const next = await agent.post('/api/record/import').send({ csv: 'Artist,Title\nStill,Here\n', mood: 10 });
    expect(next.status).toBe(202);
    await until(async () => {
      const res = await agent.get(`/api/record/import/${next.body.id as number}`);
      return res.body.lookups === 'waiting_for_service';
    });
    expect(logLines.slice(linesBefore).filter((l) => l.level >= 40)).toEqual([]);
  }, 150_000);
});
