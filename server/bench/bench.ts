/**
 * Spincrate benchmark (`npm run bench`).
 *
 * Starts the real server in this process on a database of its own (an embedded
 * PostgreSQL in a temporary folder, or a new database on `DATABASE_URL`'s server),
 * seeds a crate of 5,000 records with 500 spins and a friend with 5,000 records and
 * spins of their own, then measures the latency of the list routes over a bounded
 * number of requests, plus the process's memory. Prints a table with the goals and
 * PASS/FAIL, and removes everything it started.
 *
 * The load comes from a worker thread, so that making requests and reading answers
 * does not run on the server's event loop. RSS is of the whole process (server and
 * load generator).
 *
 * Environment: `BENCH_REQUESTS` (default 200 per route), `BENCH_ROUTE_SECONDS` (default 8:
 * a route stops early when its time is up), `BENCH_CONCURRENCY` (default 2),
 * `DATABASE_URL` (optional). Exit code 0 unless the app failed (a 5xx, a dropped
 * connection, or the set-up did not work); a goal missed is reported, not fatal.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../src/config.js';
import { createDatabase, dropDatabase } from '../src/db/admin.js';
import { createLogger } from '../src/lib/logger.js';
import { startServer, type RunningServer } from '../src/server.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
/** Each route stops after this long even if it made fewer requests (keeps the run short on a busy machine). */
const ROUTE_BUDGET_MS = Number(process.env.BENCH_ROUTE_SECONDS ?? 8) * 1000;
const WARMUP = 5;
const RECORDS = 5000;
const SPINS = 500;

interface Target {
  name: string;
  path: (ids: { friendId: number }) => string;
  /** p95 goal in ms */
  goalP95: number;
}

const LIST_GOAL = 150;
const SMALL_GOAL = 50;

const TARGETS: Target[] = [
  { name: 'GET /api/record (5,000)', path: () => '/api/record', goalP95: LIST_GOAL },
  {
    name: 'GET /api/record/search?search=moon',
    path: () => '/api/record/search?search=moon',
    goalP95: LIST_GOAL,
  },
  { name: 'GET /api/blindbag', path: () => '/api/blindbag', goalP95: SMALL_GOAL },
  { name: 'GET /api/blindbag?search=jazz', path: () => '/api/blindbag?search=jazz', goalP95: SMALL_GOAL },
  {
    name: 'GET /api/social/friends/collection (5,000)',
    path: ({ friendId }) => `/api/social/friends/collection?id=${friendId}`,
    goalP95: LIST_GOAL,
  },
  { name: 'GET /api/social/hotp', path: () => '/api/social/hotp', goalP95: SMALL_GOAL },
  { name: 'GET /api/social/latestListens', path: () => '/api/social/latestListens', goalP95: SMALL_GOAL },
  { name: 'GET /api/spins (500)', path: () => '/api/spins', goalP95: SMALL_GOAL },
];
/** Peak RSS goal of the process, in MB. */
const RSS_GOAL_MB = 300;

interface LoadJob {
  url: string;
  cookie: string;
  requests: number;
  concurrency: number;
  warmup: number;
  budgetMs: number;
}

interface LoadResult {
  /** Status of the first warm-up request (0: no answer). */
  firstStatus: number;
  latencies: number[];
  statuses: Record<string, number>;
  /** Requests that got no answer at all. */
  failures: number;
  bytes: number;
}

/** The load generator, as plain JavaScript run in a worker thread. */
const LOAD_WORKER = `
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
async function once(job) {
  const start = performance.now();
  try {
    const res = await fetch(job.url, { headers: { Cookie: job.cookie }, signal: AbortSignal.timeout(30000) });
    const body = await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - start, bytes: body.byteLength };
  } catch {
    return { status: 0, ms: performance.now() - start, bytes: 0 };
  }
}
parentPort.on('message', async (job) => {
  const first = await once(job);
  const result = { firstStatus: first.status, latencies: [], statuses: {}, failures: 0, bytes: 0 };
  if (first.status === 404) return parentPort.postMessage(result);
  for (let i = 1; i < job.warmup; i++) await once(job);
  let next = 0;
  const deadline = performance.now() + job.budgetMs;
  const loop = async () => {
    while (next < job.requests && performance.now() < deadline) {
      next++;
      const r = await once(job);
      result.latencies.push(r.ms);
      result.statuses[r.status] = (result.statuses[r.status] || 0) + 1;
      if (r.status === 0) result.failures++;
      result.bytes = r.bytes;
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  parentPort.postMessage(result);
});
`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : '-');

async function post(base: string, url: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(base + url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
}

/** Seeds both crates in bulk (one statement per table and user, not row by row). */
async function seed(running: RunningServer): Promise<{ cookie: string; friendId: number }> {
  const base = running.url;
  const password = 'bench-password-1';
  const suffix = randomBytes(4).toString('hex');
  const register = async (username: string) => {
    const res = await post(base, '/api/user/register', { username, password });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  };
  const userId = await register(`bench_${suffix}`);
  const friendId = await register(`friend_${suffix}`);
  const db = running.ctx.db;
  for (const owner of [userId, friendId]) {
    await db.query(
      `INSERT INTO records (user_id, title, artist, mood_id, details, tags, coverart, date_added)
       SELECT $1,
              'Album ' || g || ' ' || (ARRAY['Blue','Moon','Giant','Night','Red','Kind'])[1 + g % 6],
              'Artist ' || (g % 700),
              1 + g % 20,
              'Pressing ' || g || '. ' || repeat('Liner notes. ', 4),
              ARRAY[(ARRAY['jazz','rock','soul','funk','ambient','blues','hip hop'])[1 + g % 7], 'vinyl'],
              CASE WHEN g % 10 = 0 THEN NULL
                   ELSE 'https://lastfm.freetls.fastly.net/i/u/300x300/' || md5(g::text) || '.jpg' END,
              now() - g * interval '37 minutes'
         FROM generate_series(1, $2::int) AS g`,
      [owner, RECORDS],
    );
    await db.query(
      `INSERT INTO spins (user_id, listened_at, minutes_spent, spin_details)
       SELECT $1, current_date - (g % 900), 20 + g % 180, 'Session ' || g || ' on the good speakers'
         FROM generate_series(1, $2::int) AS g`,
      [owner, SPINS],
    );
    // Three records per spin, spread over the crate.
    await db.query(
      `INSERT INTO spin_records (spin_id, record_id, position)
       SELECT s.id, r.id, k
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM spins WHERE user_id = $1) s
        CROSS JOIN generate_series(0, 2) AS k
         JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM records WHERE user_id = $1) r
           ON r.n = (s.n * 7 + k * 1013) % $2 + 1`,
      [owner, RECORDS],
    );
  }
  await db.query('INSERT INTO friendships (user_id, friend_id) VALUES ($1, $2)', [userId, friendId]);
  await db.query('ANALYZE');
  const login = await post(base, '/api/user/login', { username: `bench_${suffix}`, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('spincrate.sid='))!
    .split(';')[0]!;
  return { cookie, friendId };
}

function runJob(worker: Worker, job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(job);
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const serverUrl = process.env.DATABASE_URL;
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-bench-'));
  const databaseName = `spincrate_bench_${process.pid}_${Date.now()}`;
  let databaseUrl: string | undefined;
  let running: RunningServer | undefined;
  let worker: Worker | undefined;
  let appFailed = false;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  try {
    if (serverUrl) databaseUrl = await createDatabase(serverUrl, databaseName);
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SPINCRATE_DATA_DIR: tempDir,
      EMBEDDED_PG_PORT: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // Nothing leaves the machine: the metadata services are unreachable.
      LASTFM_API_URL: 'http://127.0.0.1:9/2.0/',
      MUSICBRAINZ_API_URL: 'http://127.0.0.1:9/ws/2',
      COVERART_API_URL: 'http://127.0.0.1:9',
    });
    console.log(
      `Starting the server on ${databaseUrl ? 'a new database on DATABASE_URL' : 'an embedded PostgreSQL'}…`,
    );
    running = await startServer(config, createLogger('warn'));
    const seedStart = Date.now();
    const { cookie, friendId } = await seed(running);
    console.log(
      `Seeded ${RECORDS} records + ${SPINS} spins for the user and for a friend in ${Date.now() - seedStart} ms.`,
    );
    console.log(
      `Measuring up to ${REQUESTS} requests per route (at most ${ROUTE_BUDGET_MS / 1000} s each), ` +
        `${CONCURRENCY} at a time, after ${WARMUP} warm-up requests…\n`,
    );

    worker = new Worker(LOAD_WORKER, { eval: true });
    const rows: string[][] = [];
    for (const target of TARGETS) {
      const result = await runJob(worker, {
        url: running.url + target.path({ friendId }),
        cookie,
        requests: REQUESTS,
        concurrency: CONCURRENCY,
        warmup: WARMUP,
        budgetMs: ROUTE_BUDGET_MS,
      });
      if (result.firstStatus === 404) {
        rows.push([
          target.name,
          '-',
          '-',
          '-',
          '-',
          '-',
          `< ${target.goalP95}`,
          'MISSING (404: route not there yet)',
        ]);
        continue;
      }
      const sorted = [...result.latencies].sort((x, y) => x - y);
      const errors = Object.entries(result.statuses)
        .filter(([status]) => Number(status) === 0 || Number(status) >= 500)
        .reduce((n, [, count]) => n + count, 0);
      const unexpected = Object.entries(result.statuses).filter(([status]) => status !== '200');
      if (errors > 0) appFailed = true;
      const p95 = percentile(sorted, 95);
      const verdict =
        unexpected.length > 0
          ? `ERROR (${unexpected.map(([s, n]) => `${n}× ${s === '0' ? 'no answer' : s}`).join(', ')})`
          : p95 < target.goalP95
            ? 'PASS'
            : 'FAIL';
      rows.push([
        target.name,
        String(sorted.length),
        `${(result.bytes / 1024).toFixed(0)} KB`,
        fmt(percentile(sorted, 50)),
        fmt(p95),
        fmt(sorted[sorted.length - 1] ?? NaN),
        `< ${target.goalP95}`,
        verdict,
      ]);
    }
    const rssMb = process.memoryUsage().rss / 1024 / 1024;
    const peakMb = peakRss / 1024 / 1024;
    printTable(['route', 'requests', 'body', 'p50 ms', 'p95 ms', 'max ms', 'goal p95', 'result'], rows);
    console.log(
      `\nRSS (server and load generator, one process): ${rssMb.toFixed(0)} MB now, ${peakMb.toFixed(0)} MB peak; ` +
        `goal < ${RSS_GOAL_MB} MB: ${peakMb < RSS_GOAL_MB ? 'PASS' : 'FAIL'}`,
    );
  } catch (err) {
    appFailed = true;
    console.error(`The benchmark could not run: ${(err as Error).stack ?? String(err)}`);
  } finally {
    clearInterval(sampler);
    await worker?.terminate();
    await running?.stop().catch((err: unknown) => console.error('stopping the server failed:', err));
    if (serverUrl && databaseUrl) await dropDatabase(serverUrl, databaseName).catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  }
  console.log(
    `\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s.${appFailed ? ' The app failed: see above.' : ''}`,
  );
  return appFailed ? 1 : 0;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
