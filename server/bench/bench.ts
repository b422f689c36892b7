/**
 * Spincrate benchmark (`npm run bench`; issue 10 "The benchmark").
 *
 * One command, not a timed test:
 * 1. starts an embedded PostgreSQL in a temporary folder (or a new database on
 *    `DATABASE_URL`'s server) and the real server as a CHILD PROCESS (`src/index.ts`),
 *    so that the load generator (autocannon, the library, in this process) never shares
 *    its event loop or CPU account;
 * 2. seeds deterministically (fixed PRNG seed; bcrypt cost 10): 50 users × 1,000 records,
 *    200 spins each (one to three records), each user following 10 others, plus one user
 *    with a 20,000-record crate and one with 20,000 records and 20,000 spins over two years
 *    (its year in review, issue 25);
 * 3. starts a bare `node:http` server (another child process) that sends the same
 *    1,000-record body from memory: the baseline every row's req/s is divided by, so that
 *    results compare across machines;
 * 4. measures each row at 10 and 50 connections (each connection is one of the 50 users,
 *    with its own session): req/s, latency p50/p97.5/p99, errors and non-2xx, body bytes,
 *    CPU ms per request of the server process and of PostgreSQL (all its processes), from
 *    /proc/<pid>/stat; then the rows that are sequences (the first sync's whole walk; the
 *    year in review right after a spin, its CPU counted over the year requests only);
 * 5. prints a markdown table and writes it to `bench-results/` at the repository root
 *    (git-ignored), with the server's RSS at the end.
 *
 * Rows that the code does not serve yet (e.g. a sort answering 400) are shown with their
 * status, not treated as failures. Environment: `BENCH_SECONDS` (per row, default 5),
 * `DATABASE_URL` (optional), `BENCH_ONLY` (measure only the rows whose name contains one of
 * these `|`-separated texts), `BENCH_NO_SCENARIOS` (any value: skip the ListenBrainz drain, the
 * import and the fairness scenarios, whose names contain the plain rows' names), `BENCH_CPU_PROF` (a folder: the server runs with `node --cpu-prof` and writes its
 * profile there when it stops). Exit code 0 unless the set-up failed or the app answered 5xx
 * or dropped connections.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import bcrypt from 'bcrypt';
import pg from 'pg';
import sharp from 'sharp';
import { makeThumbnails } from '../src/features/covers/covers.fetch.js';
import { coverKey } from '../src/lib/metadata/queue.js';
import { createDatabase, dropDatabase } from '../src/db/admin.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded.js';
import { createLogger } from '../src/lib/logger.js';
import { findPostmaster, postgresCpuMs, processCpuMs, rssMb, waitForIdle } from './proc.js';
import { startFakeListenBrainz, type FakeListenBrainz } from '../src/test/fakeListenBrainz.js';
import { startFakeImageHost, type FakeImageHost } from '../src/test/fakeImageHost.js';
import {
  FAKE_VINYL_RELEASES,
  startFakeMetadataServer,
  type FakeMetadataServer,
} from '../src/test/fakeMetadataServer.js';
import { RECORD_SORTS } from '@spincrate/contract';
import getPort from 'get-port';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = process.env.BENCH_ONLY?.split('|');
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const USERS = 50;
const RECORDS = 1000;
const SPINS = 200;
const FOLLOWS = 10;
const BIG = 20_000;
/** Spins of the year-in-review user (issue 25: 20,000 records and 20,000 spins). */
const YEAR_SPINS = 20_000;
/** The year the year-in-review row asks for: last year, a whole year of that user's spins. */
const REVIEW_YEAR = new Date().getUTCFullYear() - 1;
const SEED = 20261123;
/** The ListenBrainz row (issue 23): spins waiting to be sent, and the fake's rate limit. */
const LB_SPINS = 200;
const LB_LIMIT = { requests: 10, windowSeconds: 10 };
const LB_USERNAME = 'bench_listenbrainz';
const LB_TOKEN = 'bench-listenbrainz-token';
/** The import row (issue 27): records imported, covers to wait for, the longest wait. */
const IMPORT_ROWS = 1000;
const IMPORT_COVERS = 30;
const IMPORT_TIMEOUT_MS = 60_000;
const IMPORT_USERNAME = 'bench_importer';
const COVER_PACE_NOTE = 'one fetch per host per COVER_MIN_INTERVAL_MS, 250 ms by default';
/** Longest wait for the ListenBrainz drain (200 requests at 10 per 10 s take about 200 s). */
const LB_DRAIN_TIMEOUT_MS = 900_000;
const PASSWORD = 'bench-password-1';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const repoDir = path.resolve(serverDir, '..');

/** mulberry32: a small deterministic PRNG, [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'Blue',
  'Moon',
  'Giant',
  'Night',
  'Red',
  'Kind',
  'Velvet',
  'Summer',
  'Électrique',
  'Golden',
  'Echo',
  'River',
  'Static',
  'Neon',
  'Quiet',
  'Wild',
  'Paper',
  'Stone',
  'Ocean',
  'Ghost',
];
const NAMES = [
  'The',
  'Los',
  'Miles',
  'Björk',
  'Nina',
  'Aphex',
  'Joni',
  'Talking',
  'Brian',
  'Sonic',
  'Radio',
  'Kate',
];
const GENRES = [
  'jazz',
  'soul',
  'funk',
  'ambient',
  'blues',
  'hip hop',
  'folk',
  'electronic',
  'classical',
  'pop',
];

function pick<T>(rand: () => number, list: T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

interface SeedRecord {
  title: string;
  artist: string;
  mood: number;
  details: string;
  tags: string[];
  coverart: string | null;
  year: number | null;
  minutesAgo: number;
  /** Collection details (API.md "Collection details"): most records rated, filed and priced. */
  rating: number | null;
  folder: string | null;
  priceCents: number | null;
}

/** The folders of the seeded crates (a collector's shelves). */
const FOLDERS = ['Uncategorized', 'Jazz shelf', 'Keepers', 'To sell', 'Box sets', 'Singles'];

function makeRecords(rand: () => number, n: number): SeedRecord[] {
  const out: SeedRecord[] = [];
  for (let i = 0; i < n; i++) {
    const tags = [pick(rand, GENRES), 'vinyl'];
    // About 38 % of the records carry "rock" (the issue's search hits 384 of 1,000).
    if (rand() < 0.38) tags.unshift(rand() < 0.5 ? 'rock' : 'indie rock');
    out.push({
      title: `${pick(rand, WORDS)} ${pick(rand, WORDS)} ${i}`,
      artist: `${pick(rand, NAMES)} ${pick(rand, WORDS)}`,
      mood: 1 + Math.floor(rand() * 20),
      details: `Pressing ${i}. ${'Liner notes. '.repeat(1 + Math.floor(rand() * 4))}`,
      tags,
      coverart:
        rand() < 0.1
          ? null
          : `https://lastfm.freetls.fastly.net/i/u/300x300/${Math.floor(rand() * 1e12).toString(16)}.jpg`,
      year: rand() < 0.1 ? null : 1950 + Math.floor(rand() * 75),
      minutesAgo: Math.floor(rand() * 60 * 24 * 900),
      rating: rand() < 0.3 ? null : 1 + Math.floor(rand() * 5),
      folder: rand() < 0.1 ? null : pick(rand, FOLDERS),
      priceCents: rand() < 0.5 ? null : 500 + Math.floor(rand() * 5000),
    });
  }
  return out;
}

async function insertRecords(client: pg.PoolClient, userId: number, rows: SeedRecord[]): Promise<number[]> {
  const result = await client.query<{ id: number }>(
    `INSERT INTO records (user_id, title, artist, mood_id, details, tags, coverart, year, date_added,
                          rating, folder, price_cents, price_currency)
     SELECT $1, t.title, t.artist, t.mood, t.details, ARRAY(SELECT json_array_elements_text(t.tags)),
            t.coverart, t.year, date_trunc('second', now()) - t.ago * interval '1 minute',
            t.rating, t.folder, t.price, CASE WHEN t.price IS NULL THEN NULL ELSE 'EUR' END
       FROM json_to_recordset($2::json) AS t(title text, artist text, mood int, details text,
            tags json, coverart text, year int, ago int, rating int, folder text, price int)
     RETURNING id`,
    [
      userId,
      JSON.stringify(
        rows.map((r) => ({
          title: r.title,
          artist: r.artist,
          mood: r.mood,
          details: r.details,
          tags: r.tags,
          coverart: r.coverart,
          year: r.year,
          ago: r.minutesAgo,
          rating: r.rating,
          folder: r.folder,
          price: r.priceCents,
        })),
      ),
    ],
  );
  return result.rows.map((r) => r.id);
}

/** The share token of seeded crate `i`: 22 base64url characters, as the server makes them. */
function shareToken(i: number): string {
  return createHash('sha256').update(`bench-share-${i}`).digest('base64url').slice(0, 22);
}

interface Seeded {
  /** Each user's share link token (scope `crate`), in the order of `usernames`. */
  shareTokens: string[];
  /** The 20,000-record crate's share link token. */
  bigShareToken: string;
  /** The key of the cover stored for the /covers row. */
  coverKey: string;
  /** The ListenBrainz user's two records: 9 tracks (sides A, B) and 12 tracks (A–D). */
  lbRecordIds: number[];
  userIds: number[];
  usernames: string[];
  bigUsername: string;
  /** The user with 20,000 records and 20,000 spins (spread over the last 730 days). */
  yearUsername: string;
  /** The first records of that user's crate (the spins of the "after a spin" row). */
  yearRecordIds: number[];
  /** For each user, the id of one user they follow. */
  friendOf: number[];
}

/** Seeds the issue's dataset deterministically. */
async function seed(databaseUrl: string): Promise<Seeded> {
  const rand = prng(SEED);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const client = await pool.connect();
  try {
    const hash = await bcrypt.hash(PASSWORD, 10);
    const usernames = Array.from({ length: USERS }, (_, i) => `bench_user_${String(i).padStart(2, '0')}`);
    const bigUsername = 'bench_big_crate';
    await client.query('BEGIN');
    const userIds: number[] = [];
    for (const name of [...usernames, bigUsername]) {
      // A hash of its own per user (cost 10), as a registration would store.
      const own = name === usernames[0] ? hash : await bcrypt.hash(PASSWORD, 10);
      const r = await client.query<{ id: number }>(
        'INSERT INTO users (username, password_hash) VALUES ($1, $2) RETURNING id',
        [name, own],
      );
      userIds.push(r.rows[0]!.id);
    }
    const bigId = userIds.pop()!;
    for (const userId of userIds) {
      const recordIds = await insertRecords(client, userId, makeRecords(rand, RECORDS));
      const spins = Array.from({ length: SPINS }, (_, i) => {
        const count = 1 + Math.floor(rand() * 3);
        const albums = new Set<number>();
        while (albums.size < count) albums.add(pick(rand, recordIds));
        return {
          days: Math.floor(rand() * 700),
          minutes: 20 + Math.floor(rand() * 160),
          details: `Session ${i} on the good speakers`,
          albums: [...albums],
        };
      });
      await client.query(
        // Inserted in the array's order, so the n-th spin id (by id) is spins[n - 1].
        `INSERT INTO spins (user_id, listened_at, minutes_spent, spin_details)
         SELECT $1, current_date - t.days, t.minutes, t.details
           FROM json_to_recordset($2::json) AS t(days int, minutes int, details text)`,
        [userId, JSON.stringify(spins)],
      );
      await client.query(
        `INSERT INTO spin_records (spin_id, record_id, position)
         SELECT s.id, a.record_id::int, a.pos - 1
           FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM spins WHERE user_id = $1) s
           JOIN json_array_elements($2::json) WITH ORDINALITY AS j(spin, n) ON j.n = s.n
          CROSS JOIN LATERAL json_array_elements_text(j.spin->'albums') WITH ORDINALITY AS a(record_id, pos)`,
        [userId, JSON.stringify(spins)],
      );
    }
    await insertRecords(client, bigId, makeRecords(rand, BIG));
    // The year-in-review user, from a PRNG of its own (the other users' data stay as they were).
    const yearUsername = 'bench_big_year';
    const yearRand = prng(SEED + 25);
    const yearId = (
      await client.query<{ id: number }>(
        'INSERT INTO users (username, password_hash) VALUES ($1, $2) RETURNING id',
        [yearUsername, await bcrypt.hash(PASSWORD, 10)],
      )
    ).rows[0]!.id;
    const yearRecords = await insertRecords(client, yearId, makeRecords(yearRand, BIG));
    const yearSpins = Array.from({ length: YEAR_SPINS }, (_, i) => {
      const count = 1 + Math.floor(yearRand() * 3);
      const albums = new Set<number>();
      while (albums.size < count) albums.add(pick(yearRand, yearRecords));
      return {
        days: Math.floor(yearRand() * 730),
        minutes: 20 + Math.floor(yearRand() * 160),
        details: `Year session ${i}`,
        albums: [...albums],
      };
    });
    await client.query(
      `INSERT INTO spins (user_id, listened_at, minutes_spent, spin_details)
       SELECT $1, current_date - t.days, t.minutes, t.details
         FROM json_to_recordset($2::json) AS t(days int, minutes int, details text)`,
      [yearId, JSON.stringify(yearSpins)],
    );
    await client.query(
      `INSERT INTO spin_records (spin_id, record_id, position)
       SELECT s.id, a.record_id::int, a.pos - 1
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM spins WHERE user_id = $1) s
         JOIN json_array_elements($2::json) WITH ORDINALITY AS j(spin, n) ON j.n = s.n
        CROSS JOIN LATERAL json_array_elements_text(j.spin->'albums') WITH ORDINALITY AS a(record_id, pos)`,
      [yearId, JSON.stringify(yearSpins)],
    );
    // Play counts and last plays, as the spin writes keep them.
    await client.query(
      `UPDATE record_plays r SET play_count = p.plays, last_played = p.last
         FROM (SELECT sr.record_id, count(*) AS plays, max(s.listened_at) AS last
                 FROM spin_records sr JOIN spins s ON s.id = sr.spin_id GROUP BY sr.record_id) p
        WHERE r.record_id = p.record_id`,
    );
    const friendOf: number[] = [];
    for (let i = 0; i < USERS; i++) {
      const followed = new Set<number>();
      while (followed.size < FOLLOWS) {
        const j = Math.floor(rand() * USERS);
        if (j !== i) followed.add(j);
      }
      for (const j of followed) {
        await client.query('INSERT INTO friendships (user_id, friend_id) VALUES ($1, $2)', [
          userIds[i],
          userIds[j],
        ]);
      }
      friendOf.push(userIds[[...followed][0]!]!);
    }
    // The ListenBrainz row's user: two records whose MusicBrainz releases have tracklists.
    const lbId = (
      await client.query<{ id: number }>(
        'INSERT INTO users (username, password_hash) VALUES ($1, $2) RETURNING id',
        [LB_USERNAME, hash],
      )
    ).rows[0]!.id;
    const lbRecordIds = (
      await client.query<{ id: number }>(
        `INSERT INTO records (user_id, title, artist, mood_id, mb_release_id)
         VALUES ($1, $2, $3, 1, $4), ($1, $5, $6, 1, $7) RETURNING id`,
        [
          lbId,
          FAKE_VINYL_RELEASES.twoSides.title,
          FAKE_VINYL_RELEASES.twoSides.artist,
          FAKE_VINYL_RELEASES.twoSides.id,
          FAKE_VINYL_RELEASES.fourSides.title,
          FAKE_VINYL_RELEASES.fourSides.artist,
          FAKE_VINYL_RELEASES.fourSides.id,
        ],
      )
    ).rows.map((r) => r.id);
    // One cover made as the cover worker makes them (API.md "Covers served by Spincrate"):
    // both WebP thumbnails of a 600×600 JPEG, for the /covers row.
    const coverSource = 'https://coverartarchive.org/release/bench/front-500.jpg';
    const thumbnails = await makeThumbnails(
      await sharp({
        create: {
          width: 600,
          height: 600,
          channels: 3,
          background: { r: 180, g: 90, b: 40 },
          noise: { type: 'gaussian', mean: 120, sigma: 12 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
    const benchCoverKey = coverKey(coverSource);
    await client.query(
      `INSERT INTO covers (key, source_url, state, small, large) VALUES ($1, $2, 'done', $3, $4)`,
      [benchCoverKey, coverSource, thumbnails.small, thumbnails.large],
    );
    // A share link of each crate (scope `crate`) and of the 20,000-record crate, with known
    // tokens: only their SHA-256 is stored, as the server stores them (API.md "Share links").
    const shareTokens = [...userIds, bigId].map((_, i) => shareToken(i));
    await client.query(
      `INSERT INTO share_links (user_id, scope, token_hash)
       SELECT u.id, 'crate', sha256(convert_to(u.token, 'UTF8'))
         FROM unnest($1::int[], $2::text[]) AS u(id, token)`,
      [[...userIds, bigId], shareTokens],
    );
    await client.query('COMMIT');
    // The state autovacuum leaves freshly filled tables in within a minute or so (PostgreSQL
    // 13+ vacuums a table after enough inserts): statistics, and the visibility map set, so
    // that index-only scans read no heap page. Measured without it (ANALYZE alone), a row ran
    // while autovacuum was still catching up: the blindbag's count of a crate read all its
    // 666 heap pages (issue 21: 1.1 ms of PostgreSQL CPU instead of 0.3).
    await client.query('VACUUM (ANALYZE)');
    return {
      userIds,
      usernames,
      bigUsername,
      yearUsername,
      yearRecordIds: yearRecords.slice(0, 2 * YEAR_AFTER_SPIN_RUNS),
      friendOf,
      shareTokens: shareTokens.slice(0, USERS),
      bigShareToken: shareTokens[USERS]!,
      lbRecordIds,
      coverKey: benchCoverKey,
    };
  } finally {
    client.release();
    await pool.end();
  }
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return getPort({ host: '127.0.0.1' });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the process serving ${url} exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer in 60 s`);
}

/** One raw request: status, headers, body bytes as sent (compressed or not). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: body.length, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

async function login(base: string, username: string): Promise<string> {
  const res = await rawRequest(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`login of ${username} failed: ${res.status} ${res.body.toString()}`);
  const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('spincrate.sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** What each connection sends: one request per client (user). */
interface PerClient {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A path per request (the n-th request of the row), for answers no cache may hold. */
  pathFor?: (n: number) => string;
  /** Headers added per request (the n-th request of the row), e.g. a client address per request. */
  headersFor?: (n: number) => Record<string, string>;
}

interface Row {
  name: string;
  connections: number;
  clients: PerClient[];
  /** Measure until this holds (polled each second) instead of for BENCH_SECONDS. */
  until?: { done: () => Promise<boolean>; timeoutMs: number };
  /** What a good answer is (200 unless told). */
  expect?: number;
}

interface Measured {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  non2xx: number;
  statuses: string;
  bytes: number;
  nodeMs: number;
  pgMs: number;
}

const ACCEPT = 'br, gzip';

/**
 * A client address of its own for request `n` of client `i` (10.i.x.y): the public routes
 * allow 120 requests a minute per address, and a row sends thousands.
 */
function clientAddress(i: number, n: number): string {
  return `10.${i % 256}.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`;
}

async function measure(
  base: string,
  row: Row,
  serverPid: number,
  postmaster: number | undefined,
): Promise<Measured> {
  const first = row.clients[0]!;
  const sample = await rawRequest(base + first.path, {
    method: first.method,
    headers: first.headers,
    body: first.body,
  });
  const statuses = new Map<number, number>();
  let next = 0;
  let sent = 0;
  const nodeBefore = await processCpuMs(serverPid);
  const pgBefore = postmaster ? await postgresCpuMs(postmaster) : 0;
  const instance = autocannon({
    url: base,
    connections: row.connections,
    duration: row.until ? row.until.timeoutMs / 1000 : SECONDS,
    // Each connection is one user with its own session (round-robin over the clients given).
    setupClient: (client) => {
      const c = row.clients[next++ % row.clients.length]!;
      const request = { method: c.method ?? 'GET', path: c.path, headers: c.headers, body: c.body };
      const { pathFor, headersFor } = c;
      client.setRequests([
        pathFor || headersFor
          ? {
              ...request,
              setupRequest: (req) => {
                const n = sent++;
                return {
                  ...req,
                  ...(pathFor ? { path: pathFor(n) } : {}),
                  ...(headersFor ? { headers: { ...req.headers, ...headersFor(n) } } : {}),
                };
              },
            }
          : request,
      ]);
    },
  });
  // Without a callback autocannon returns its instance, an EventEmitter that is also a promise.
  (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number) => {
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  if (row.until) {
    const { done } = row.until;
    const poll = setInterval(() => {
      void done().then((yes) => {
        if (yes) (instance as unknown as { stop: () => void }).stop();
      });
    }, 1000);
    void instance.then(() => clearInterval(poll));
  }
  const result = await instance;
  const nodeAfter = await processCpuMs(serverPid);
  const pgAfter = postmaster ? await postgresCpuMs(postmaster) : 0;
  const total = Math.max(1, result.requests.total);
  const expect = row.expect ?? 200;
  return {
    name: row.name,
    connections: row.connections,
    rps: result.requests.total / (result.duration || SECONDS),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: [...statuses.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => (s === expect ? `${s}` : `${n}×${s}`))
      .join(' '),
    bytes: sample.bytes,
    nodeMs: (nodeAfter - nodeBefore) / total,
    pgMs: (pgAfter - pgBefore) / total,
  };
}

/** Runs of the first-sync walk measured (their CPU is averaged; the first one's bytes are shown). */
const SYNC_WALK_RUNS = 5;

/** Turns of the "first answer after a spin" row: one spin, then the year. */
const YEAR_AFTER_SPIN_RUNS = 40;

/**
 * The year in review as a user sees it right after logging a spin (issue 25 bench row): each
 * turn logs a spin of two other records of the year-in-review user, dated in the year, then
 * asks for the year with a new `today=`, so the summaries are behind by those two records
 * and no kept body answers. The CPU is counted over the year requests only (sampled before
 * and after each; the spin's own cost is the `POST /api/spins/add` row), per request.
 */
async function measureYearAfterSpin(
  base: string,
  name: string,
  cookie: string,
  recordIds: number[],
  serverPid: number,
  postmaster: number | undefined,
): Promise<Measured> {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let bytes = 0;
  let nodeMs = 0;
  let pgMs = 0;
  let busy = 0;
  for (let run = 0; run < YEAR_AFTER_SPIN_RUNS; run++) {
    const spin = await rawRequest(`${base}/api/spins/add`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        timeSpent: '0:40',
        listenedAt: `${REVIEW_YEAR}-06-${String(1 + (run % 28)).padStart(2, '0')}`,
        details: 'Bench spin before the year',
        albums: recordIds.slice(2 * run, 2 * run + 2),
      }),
    });
    if (spin.status !== 201) statuses.set(spin.status, (statuses.get(spin.status) ?? 0) + 1);
    const today = new Date(Date.UTC(REVIEW_YEAR + 2, 0, 1 + run)).toISOString().slice(0, 10);
    const nodeBefore = await processCpuMs(serverPid);
    const pgBefore = postmaster ? await postgresCpuMs(postmaster) : 0;
    const t0 = Date.now();
    const res = await rawRequest(`${base}/api/stats/year/${REVIEW_YEAR}?today=${today}`, {
      headers: { Cookie: cookie, 'Accept-Encoding': ACCEPT },
    });
    const took = Date.now() - t0;
    nodeMs += (await processCpuMs(serverPid)) - nodeBefore;
    pgMs += (postmaster ? await postgresCpuMs(postmaster) : 0) - pgBefore;
    busy += took;
    latencies.push(took);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    bytes = res.bytes;
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    name,
    connections: 1,
    rps: YEAR_AFTER_SPIN_RUNS / (busy / 1000),
    p50: at(0.5),
    p975: at(0.975),
    p99: at(0.99),
    errors: 0,
    non2xx: [...statuses.entries()].filter(([s]) => s !== 200).reduce((n, [, c]) => n + c, 0),
    statuses: [...statuses.entries()].map(([s, n]) => (s === 200 ? '200' : `${n}×${s}`)).join(' '),
    bytes,
    nodeMs: nodeMs / YEAR_AFTER_SPIN_RUNS,
    pgMs: pgMs / YEAR_AFTER_SPIN_RUNS,
  };
}

/**
 * The first sync of an offline copy (API.md "Offline copy and repeat-safe writes", issue 24
 * item 2: ≤ 1.5 MB and ≤ 150 ms of server CPU for 20,000 records): `GET /api/sync/records`
 * from nothing with `limit=2000`, then from each answer's `rev` while `more`, one request at
 * a time as a client does. One row: `bytes` is the compressed bytes of the whole walk, CPU
 * the walk's total (node and PostgreSQL), req/s the walk's requests per second.
 */
async function measureSyncWalk(
  base: string,
  name: string,
  cookie: string,
  serverPid: number,
  postmaster: number | undefined,
): Promise<Measured> {
  const statuses = new Map<number, number>();
  let bytes = 0;
  let requests = 0;
  const latencies: number[] = [];
  const nodeBefore = await processCpuMs(serverPid);
  const pgBefore = postmaster ? await postgresCpuMs(postmaster) : 0;
  const started = Date.now();
  for (let run = 0; run < SYNC_WALK_RUNS; run++) {
    let since: number | undefined;
    for (;;) {
      const query = since === undefined ? '' : `&since=${since}`;
      const t0 = Date.now();
      const res = await rawRequest(`${base}/api/sync/records?limit=2000${query}`, {
        headers: { Cookie: cookie, 'Accept-Encoding': ACCEPT },
      });
      latencies.push(Date.now() - t0);
      requests++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (run === 0) bytes += res.bytes;
      if (res.status !== 200) break;
      const encoding = res.headers['content-encoding'];
      const text =
        encoding === 'br'
          ? zlib.brotliDecompressSync(res.body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(res.body)
            : res.body;
      const page = JSON.parse(text.toString()) as { rev: number; more: boolean };
      if (!page.more) break;
      since = page.rev;
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const nodeAfter = await processCpuMs(serverPid);
  const pgAfter = postmaster ? await postgresCpuMs(postmaster) : 0;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    name,
    connections: 1,
    rps: requests / seconds,
    p50: at(0.5),
    p975: at(0.975),
    p99: at(0.99),
    errors: 0,
    non2xx: [...statuses.entries()].filter(([s]) => s !== 200).reduce((n, [, c]) => n + c, 0),
    statuses: [...statuses.entries()].map(([s, n]) => (s === 200 ? '200' : `${n}×${s}`)).join(' '),
    bytes,
    nodeMs: (nodeAfter - nodeBefore) / SYNC_WALK_RUNS,
    pgMs: (pgAfter - pgBefore) / SYNC_WALK_RUNS,
  };
}

async function main(): Promise<number> {
  const started = Date.now();
  const externalUrl = process.env.DATABASE_URL;
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-bench-'));
  const databaseName = `spincrate_bench_${process.pid}_${Date.now()}`;
  let embedded: EmbeddedDatabase | undefined;
  let server: ChildProcess | undefined;
  /** The second server process of the fairness row. */
  let second: ChildProcess | undefined;
  let baseline: ChildProcess | undefined;
  let fakeLb: FakeListenBrainz | undefined;
  let fakeMb: FakeMetadataServer | undefined;
  let imageHost: FakeImageHost | undefined;
  let failed = false;
  let closeWatcher = async () => {};
  try {
    let databaseUrl: string;
    if (externalUrl) databaseUrl = await createDatabase(externalUrl, databaseName);
    else {
      embedded = await startEmbeddedDatabase({ dataDir: tempDir, port: 0, logger: createLogger('warn') });
      databaseUrl = embedded.url;
    }
    const postmaster = embedded ? await findPostmaster(tempDir) : undefined;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const profile = CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF_DIR)] : [];
    fakeLb = await startFakeListenBrainz();
    fakeMb = await startFakeMetadataServer();
    imageHost = await startFakeImageHost();
    const mb = fakeMb;
    const lb = fakeLb;
    const startServer = (serverPort: number) =>
      spawn(
        process.execPath,
        // The built server, as `npm start` runs it (the root's `npm run bench` builds it first
        // when a source changed): running src/ under tsx would add its own ~40 MB to the RSS.
        [...profile, path.join(serverDir, 'dist', 'index.js')],
        {
          cwd: serverDir,
          stdio: ['ignore', 'inherit', 'inherit'],
          env: {
            ...process.env,
            NODE_ENV: 'production',
            SESSION_SECRET: 'bench-session-secret-'.padEnd(64, 'x'),
            HOST: '127.0.0.1',
            PORT: String(serverPort),
            PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
            // The public rows give each request a client address of its own (X-Forwarded-For):
            // a share link's 120 requests a minute per address would otherwise answer 429.
            TRUST_PROXY: 'true',
            LOG_LEVEL: 'warn',
            DATABASE_URL: databaseUrl,
            SPINCRATE_DATA_DIR: path.join(tempDir, serverPort === port ? 'app' : `app-${serverPort}`),
            // The import row's look-ups (issue 27) go to the fakes, unpaced (the fakes need no
            // pace): an import's look-ups then come as fast as the worker takes them, more than
            // MusicBrainz's one a second would allow; the covers keep the production pace per host.
            LASTFM_API_URL: mb.lastfmApiUrl,
            MUSICBRAINZ_MIN_INTERVAL_MS: '0',
            // The ListenBrainz row's fakes: the tracklists and the listens' destination.
            MUSICBRAINZ_API_URL: mb.musicbrainzApiUrl,
            LISTENBRAINZ_API_URL: lb.url,
            COVERART_API_URL: mb.coverartApiUrl,
            // The seeded crates' cover URLs name hosts this machine cannot reach: with only the
            // fakes' host allowed, the cover worker refuses each of those sources once instead of
            // retrying failed fetches in the background of every row. The import row's covers
            // come from the fake Cover Art Archive and Last.fm (127.0.0.1, named exactly).
            COVER_HOSTS: '127.0.0.1',
          },
        },
      );
    server = startServer(port);
    await waitFor(`${base}/api/health`, server);
    const serverPid = server.pid!;
    console.log(
      'Seeding 50 users × 1,000 records, 200 spins each, 10 follows each, and a 20,000-record crate…',
    );
    const seedStart = Date.now();
    const seeded = await seed(databaseUrl);
    console.log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s. Logging in…`);
    const cookies = await Promise.all(seeded.usernames.map((u) => login(base, u)));
    const bigCookie = await login(base, seeded.bigUsername);
    const yearCookie = await login(base, seeded.yearUsername);

    // The bare node:http baseline: the same 1,000-record body, from memory.
    const body = (await rawRequest(`${base}/api/record`, { headers: { Cookie: cookies[0]! } })).body;
    const bodyFile = path.join(tempDir, 'body.json');
    await writeFile(bodyFile, body);
    const basePort = await freePort();
    baseline = spawn(
      process.execPath,
      [
        '-e',
        `const b=require('fs').readFileSync(process.argv[1]);require('http').createServer((q,s)=>{s.writeHead(200,{'Content-Type':'application/json','Content-Length':b.length});s.end(b)}).listen(${basePort},'127.0.0.1')`,
        bodyFile,
      ],
      { stdio: 'inherit' },
    );
    await waitFor(`http://127.0.0.1:${basePort}/`, baseline);

    const h = (cookie: string, extra: Record<string, string> = {}) => ({
      Cookie: cookie,
      'Accept-Encoding': ACCEPT,
      ...extra,
    });
    const each = (f: (cookie: string, i: number) => PerClient) => cookies.map(f);
    const etagOf = async (url: string, cookie: string) =>
      (await rawRequest(url, { headers: h(cookie) })).headers.etag;
    const etags = await Promise.all(cookies.map((c) => etagOf(`${base}/api/record`, c)));
    const bigEtag = await etagOf(`${base}/api/record`, bigCookie);
    // Two records of each user's own crate, for the spin adds.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const twoRecords = (
      await pool.query<{ user_id: number; ids: number[] }>(
        `SELECT user_id, (array_agg(id ORDER BY id))[1:2] AS ids FROM records WHERE user_id = ANY($1) GROUP BY user_id`,
        [seeded.userIds],
      )
    ).rows;
    // The newest 400 records of each user, for the delete rows (one record per request).
    const deletable = (
      await pool.query<{ user_id: number; ids: number[] }>(
        `SELECT user_id, (array_agg(id ORDER BY id DESC))[1:400] AS ids FROM records WHERE user_id = ANY($1) GROUP BY user_id`,
        [seeded.userIds],
      )
    ).rows;
    await pool.end();
    const recordsOf = new Map(twoRecords.map((r) => [r.user_id, r.ids]));
    const deletableOf = new Map(deletable.map((r) => [r.user_id, r.ids]));
    // No statement of the server runs (the watcher's own connection aside).
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await watcher.connect();
    closeWatcher = () => watcher.end();
    const databaseIdle = async () =>
      (
        await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
        )
      ).rows[0]!.n === 0;

    const rows: Array<Omit<Row, 'connections'> & { connections: number[] }> = [
      {
        name: 'GET /api/record (1,000)',
        connections: [10, 50],
        clients: each((c) => ({ path: '/api/record', headers: h(c) })),
      },
      {
        name: 'GET /api/record 304 re-fetch',
        connections: [10, 50],
        expect: 304,
        clients: each((c, i) => ({
          path: '/api/record',
          headers: h(c, etags[i] ? { 'If-None-Match': etags[i]!, 'Cache-Control': 'no-cache' } : {}),
        })),
      },
      {
        name: 'GET /api/record/search?search=rock',
        connections: [10, 50],
        clients: each((c) => ({ path: '/api/record/search?search=rock', headers: h(c) })),
      },
      {
        name: 'GET /api/social/friends/collection',
        connections: [10, 50],
        clients: each((c, i) => ({
          path: `/api/social/friends/collection?id=${seeded.friendOf[i]}`,
          headers: h(c),
        })),
      },
      {
        // The same crates as the row above, through a share link, with no session (API.md "Share links").
        name: 'GET /api/public/{token}/records (1,000)',
        connections: [10, 50],
        clients: seeded.shareTokens.map((token, i) => ({
          path: `/api/public/${token}/records`,
          headers: { 'Accept-Encoding': ACCEPT },
          headersFor: (n: number) => ({ 'X-Forwarded-For': clientAddress(i, n) }),
        })),
      },
      {
        // No session, no cookie: a cover is served before the session middleware.
        name: 'GET /covers/{key}-250.webp',
        connections: [10, 50],
        clients: [{ path: `/covers/${seeded.coverKey}-250.webp`, headers: { 'Accept-Encoding': ACCEPT } }],
      },
      {
        name: 'GET /api/social/hotp',
        connections: [10, 50],
        clients: each((c) => ({ path: '/api/social/hotp', headers: h(c) })),
      },
      {
        name: 'GET /api/social/latestListens',
        connections: [10, 50],
        clients: each((c) => ({ path: '/api/social/latestListens', headers: h(c) })),
      },
      {
        name: 'GET /api/blindbag',
        connections: [10, 50],
        clients: each((c) => ({ path: '/api/blindbag', headers: h(c) })),
      },
      {
        name: 'GET /api/blindbag?search=rock&unplayedDays=30',
        connections: [10, 50],
        clients: each((c) => ({ path: '/api/blindbag?search=rock&unplayedDays=30', headers: h(c) })),
      },
      {
        name: 'POST /api/spins/add (2 records)',
        connections: [10, 50],
        expect: 201,
        clients: each((c, i) => ({
          method: 'POST',
          path: '/api/spins/add',
          headers: h(c, { 'Content-Type': 'application/json' }),
          body: JSON.stringify({
            timeSpent: '0:45',
            listenedAt: '2026-11-01',
            details: 'Bench spin',
            albums: recordsOf.get(seeded.userIds[i]!) ?? [],
          }),
        })),
      },
      {
        // Issue 21: a record added with its look-up left to the background (the shared
        // MusicBrainz pace has no slot for a burst: the add answers without waiting for one).
        name: 'POST /api/record/add (look-up left to the background)',
        connections: [10, 50],
        expect: 201,
        clients: each((c) => ({
          method: 'POST',
          path: '/api/record/add',
          headers: h(c, { 'Content-Type': 'application/json' }),
          body: JSON.stringify({ artist: 'Bench Artist', title: 'Bench Album', mood: 10, details: '' }),
        })),
      },
      {
        name: 'PUT /api/record/edit',
        connections: [10, 50],
        clients: each((c, i) => ({
          method: 'PUT',
          path: '/api/record/edit',
          headers: h(c, { 'Content-Type': 'application/json' }),
          body: JSON.stringify({
            id: recordsOf.get(seeded.userIds[i]!)?.[0] ?? 0,
            artist: 'Bench Artist',
            title: 'Bench Album, edited',
            mood: 10,
            details: 'Edited by the bench',
          }),
        })),
      },
      {
        // Each request deletes another of the user's records (its newest first).
        name: 'DELETE /api/record/{id}',
        connections: [10, 50],
        expect: 204,
        clients: each((c, i) => {
          const ids = deletableOf.get(seeded.userIds[i]!) ?? [];
          let k = 1; // ids[0] goes with the row's first sample request
          return {
            method: 'DELETE',
            path: `/api/record/${ids[0] ?? 0}`,
            headers: h(c),
            pathFor: () => `/api/record/${ids[k++ % Math.max(1, ids.length)] ?? 0}`,
          };
        }),
      },
      {
        name: 'GET /api/record (20,000)',
        connections: [10],
        clients: [{ path: '/api/record', headers: h(bigCookie) }],
      },
      {
        name: 'GET /api/record (20,000) 304',
        connections: [10],
        expect: 304,
        clients: [
          {
            path: '/api/record',
            headers: h(bigCookie, bigEtag ? { 'If-None-Match': bigEtag, 'Cache-Control': 'no-cache' } : {}),
          },
        ],
      },
      {
        name: `GET /api/stats/year/${REVIEW_YEAR} (20,000 records, 20,000 spins)`,
        connections: [10],
        clients: [{ path: `/api/stats/year/${REVIEW_YEAR}`, headers: h(yearCookie) }],
      },
      {
        // Each request another today= (days of the next years): a question never asked
        // before, so no kept body answers it: the cost of the first view after a write.
        name: `GET /api/stats/year/${REVIEW_YEAR} first answer (20,000 records, 20,000 spins)`,
        // Two at once: within the per-user limit of heavy requests (4), so none waits for a turn.
        connections: [2],
        clients: [
          {
            path: `/api/stats/year/${REVIEW_YEAR}`,
            headers: h(yearCookie),
            pathFor: (n) =>
              `/api/stats/year/${REVIEW_YEAR}?today=${new Date(Date.UTC(REVIEW_YEAR + 1, 0, 1 + n)).toISOString().slice(0, 10)}`,
          },
        ],
      },
      {
        name: 'GET /api/public/{token}/records?limit=48 (20,000)',
        connections: [10],
        clients: [
          {
            path: `/api/public/${seeded.bigShareToken}/records?limit=48`,
            headers: { 'Accept-Encoding': ACCEPT },
            headersFor: (n: number) => ({ 'X-Forwarded-For': clientAddress(USERS, n) }),
          },
        ],
      },
      {
        name: `GET /api/record?limit=48&folder=Keepers (20,000)`,
        connections: [10],
        clients: [{ path: `/api/record?limit=48&folder=Keepers`, headers: h(bigCookie) }],
      },
      ...RECORD_SORTS.map((sort) => ({
        name: `GET /api/record?limit=48&sort=${sort} (20,000)`,
        connections: [10],
        clients: [{ path: `/api/record?limit=48&sort=${sort}`, headers: h(bigCookie) }],
      })),
    ];

    console.log(`Measuring ${SECONDS} s per row…`);
    const baselineRps = new Map<number, number>();
    for (const connections of [10, 50]) {
      const r = await autocannon({ url: `http://127.0.0.1:${basePort}/`, connections, duration: SECONDS });
      baselineRps.set(connections, r.requests.total / (r.duration || SECONDS));
    }
    const results: Measured[] = [];
    for (const row of rows.filter((r) => !ONLY || ONLY.some((part) => r.name.includes(part)))) {
      for (const connections of row.connections) {
        // Each row starts on an idle server: what a previous row left in flight (a client
        // that autocannon dropped mid-answer) has finished, so it cannot take this row's turns.
        if (!(await waitForIdle(serverPid, databaseIdle)))
          console.log('  (the server was still busy after 60 s; measuring anyway)');
        const m = await measure(base, { ...row, connections }, serverPid, postmaster);
        if (m.errors > 0 || /×5\d\d/.test(m.statuses)) failed = true;
        results.push(m);
        process.stdout.write(`  ${m.name} @${connections}: ${m.rps.toFixed(0)} req/s ${m.statuses}\n`);
      }
    }
    // A walk of several requests, measured as one row (bytes and CPU of the whole walk).
    const walkName = 'GET /api/sync/records first sync, whole walk (20,000)';
    if (!ONLY || ONLY.some((part) => walkName.includes(part))) {
      await waitForIdle(serverPid, databaseIdle);
      const m = await measureSyncWalk(base, walkName, bigCookie, serverPid, postmaster);
      if (/×5\d\d/.test(m.statuses)) failed = true;
      results.push(m);
      process.stdout.write(
        `  ${m.name}: ${m.bytes} bytes, ${(m.nodeMs + m.pgMs).toFixed(0)} ms CPU ${m.statuses}\n`,
      );
    }
    const afterSpinName = `GET /api/stats/year/${REVIEW_YEAR} first answer after a spin (20,000 records, 20,000 spins)`;
    if (!ONLY || ONLY.some((part) => afterSpinName.includes(part))) {
      await waitForIdle(serverPid, databaseIdle);
      const m = await measureYearAfterSpin(
        base,
        afterSpinName,
        yearCookie,
        seeded.yearRecordIds,
        serverPid,
        postmaster,
      );
      if (/×5\d\d/.test(m.statuses)) failed = true;
      results.push(m);
      process.stdout.write(`  ${m.name}: ${(m.nodeMs + m.pgMs).toFixed(0)} ms CPU ${m.statuses}\n`);
    }
    const notes: string[] = [];
    const lbName = `GET /api/record (1,000) while ${LB_SPINS} spins drain to ListenBrainz`;
    if (!process.env.BENCH_NO_SCENARIOS && (!ONLY || ONLY.some((part) => lbName.includes(part)))) {
      await waitForIdle(serverPid, databaseIdle);
      const drained = await measureListenBrainzDrain(base, lbName, seeded, fakeLb, cookies, (row) =>
        measure(base, row, serverPid, postmaster),
      );
      if (/×5\d\d/.test(drained.before.statuses) || /×5\d\d/.test(drained.during.statuses)) failed = true;
      results.push(drained.before, drained.during);
      notes.push(drained.note);
      process.stdout.write(`  ${drained.note}\n`);
    }
    const importName = `GET /api/record (1,000) while an import of ${IMPORT_ROWS} records is stored and its covers fetched`;
    if (!process.env.BENCH_NO_SCENARIOS && (!ONLY || ONLY.some((part) => importName.includes(part)))) {
      await waitForIdle(serverPid, databaseIdle);
      const imported = await measureImportCovers(
        base,
        importName,
        cookies,
        watcher,
        fakeMb,
        imageHost,
        (row) => measure(base, row, serverPid, postmaster),
      );
      if (/×5\d\d/.test(imported.before.statuses) || /×5\d\d/.test(imported.during.statuses)) failed = true;
      results.push(imported.before, imported.during);
      notes.push(imported.note);
      process.stdout.write(`  ${imported.note}\n`);
    }
    const fairName = `GET /api/record (1,000) of 4 users while 3 users of 20,000 records attack through 2 processes`;
    if (!process.env.BENCH_NO_SCENARIOS && (!ONLY || ONLY.some((part) => fairName.includes(part)))) {
      await waitForIdle(serverPid, databaseIdle);
      const secondPort = await freePort();
      second = startServer(secondPort);
      await waitFor(`http://127.0.0.1:${secondPort}/api/health`, second);
      const fair = await measureFairness(
        [base, `http://127.0.0.1:${secondPort}`],
        fairName,
        databaseUrl,
        seeded,
        cookies,
        (row, rowBase) => measure(rowBase, row, serverPid, postmaster),
      );
      if (fair.rows.some((r) => r.errors > 0 || /×5\d\d/.test(r.statuses))) failed = true;
      results.push(...fair.rows);
      notes.push(fair.note);
      process.stdout.write(`  ${fair.note}\n`);
    }
    const mem = await rssMb(serverPid);
    const table = renderTable(results, baselineRps, mem, notes);
    console.log(`\n${table}`);
    const outDir = path.join(repoDir, 'bench-results');
    await mkdir(outDir, { recursive: true });
    const file = path.join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
    await writeFile(file, table);
    console.log(`Written to ${path.relative(repoDir, file)}.`);
  } catch (err) {
    failed = true;
    console.error(`The benchmark could not run: ${(err as Error).stack ?? String(err)}`);
  } finally {
    await closeWatcher().catch(() => undefined);
    await fakeLb?.close().catch(() => undefined);
    await fakeMb?.close().catch(() => undefined);
    await imageHost?.close().catch(() => undefined);
    for (const child of [baseline, second, server]) {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      }
    }
    await embedded?.stop().catch(() => undefined);
    if (externalUrl) await dropDatabase(externalUrl, databaseName).catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  }
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(0)} s.${failed ? ' Something failed: see above.' : ''}`,
  );
  return failed ? 1 : 0;
}

/**
 * The other users' `GET /api/record` (1,000) at 50 connections, the load of the rows that
 * measure reads while background work runs (`until`: measure until it holds).
 */
function readsRow(cookies: string[], name: string, until?: Row['until']): Row {
  return {
    name,
    connections: 50,
    clients: cookies.map((c) => ({ path: '/api/record', headers: { Cookie: c, 'Accept-Encoding': ACCEPT } })),
    ...(until ? { until } : {}),
  };
}

/**
 * The ListenBrainz row (issue 23, API.md "ListenBrainz": delivery): the ListenBrainz user
 * connects (the fake accepts the token), the fake allows `LB_LIMIT` (10 requests per 10 s),
 * and `LB_SPINS` spins of its two records (one record each, all sides, an hour apart) are
 * added, so they wait in the outbox; then the other users' `GET /api/record` at 50
 * connections runs until every listen is at the fake. Measured before (the same load for
 * BENCH_SECONDS, nothing to send) and during the drain.
 * @returns both rows and a note: drain time, requests, 429s, a 429 answered twice in a row
 *   (a request sent before `Reset-In` was over), listens stored against those expected
 */
async function measureListenBrainzDrain(
  base: string,
  name: string,
  seeded: Seeded,
  fakeLb: FakeListenBrainz,
  cookies: string[],
  run: (row: Row) => Promise<Measured>,
): Promise<{ before: Measured; during: Measured; note: string }> {
  const reads = (rowName: string, until?: Row['until']) => readsRow(cookies, rowName, until);
  const before = await run(reads('GET /api/record (1,000) before the ListenBrainz drain'));
  fakeLb.reset();
  fakeLb.addUser(LB_TOKEN, LB_USERNAME);
  fakeLb.setRateLimit(LB_LIMIT.requests, LB_LIMIT.windowSeconds);
  const cookie = await login(base, LB_USERNAME);
  const json = { Cookie: cookie, 'Content-Type': 'application/json' };
  const connect = await rawRequest(`${base}/api/user/listenbrainz`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ token: LB_TOKEN }),
  });
  if (connect.status !== 200) throw new Error(`connecting ListenBrainz answered ${connect.status}`);
  // 9 listens for the two-sided record, 12 for the four-sided one.
  const tracks = [9, 12];
  let expected = 0;
  const latest = Date.now() - 60 * 60_000;
  for (let i = 0; i < LB_SPINS; i++) {
    const startedAt = new Date(latest - i * 60 * 60_000);
    const day = startedAt.toISOString().slice(0, 10);
    const res = await rawRequest(`${base}/api/spins/add`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        albums: [seeded.lbRecordIds[i % 2]],
        listenedAt: `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`,
        timeSpent: '0:50',
        details: `Backlog spin ${i}`,
        startedAt: startedAt.toISOString(),
      }),
    });
    if (res.status !== 201)
      throw new Error(`adding spin ${i} answered ${res.status}: ${res.body.toString()}`);
    expected += tracks[i % 2]!;
  }
  const started = Date.now();
  const during = await run(
    reads(name, { done: async () => fakeLb.listens.length >= expected, timeoutMs: LB_DRAIN_TIMEOUT_MS }),
  );
  const seconds = (Date.now() - started) / 1000;
  const submits = fakeLb.requests.filter((r) => r.path.startsWith('/1/submit-listens'));
  const tooMany = submits.filter((r) => r.status === 429);
  // A 429 answered twice: a request sent before the previous 429's Reset-In was over.
  let early = 0;
  for (let i = 1; i < submits.length; i++) {
    const prev = submits[i - 1]!;
    if (prev.status === 429 && submits[i]!.at < prev.at + prev.resetIn * 1000) early++;
  }
  const distinct = new Set(fakeLb.listens.map((l) => `${l.listened_at}\u0000${l.track_metadata.track_name}`))
    .size;
  const note =
    `ListenBrainz drain (${LB_LIMIT.requests} requests per ${LB_LIMIT.windowSeconds} s): ${LB_SPINS} spins, ` +
    `${fakeLb.listens.length} of ${expected} listens stored (${distinct} distinct) in ${seconds.toFixed(0)} s, ` +
    `${submits.length} submit requests, ${tooMany.length}× 429, ${early} sent before a 429's Reset-In was over; ` +
    `p99 of the reads ${before.p99} ms before, ${during.p99} ms during.`;
  return { before, during, note };
}

/**
 * The import row (issue 27: "an import of 1,000 records fetches its covers without raising
 * other users' p99 above 100 ms"): a new user imports `IMPORT_ROWS` records (a Discogs CSV of
 * Artist and Title); the other users' `GET /api/record` at 50 connections runs from the import
 * on, until `IMPORT_COVERS` of its covers are stored (or `IMPORT_TIMEOUT_MS`), while the
 * records are stored, looked up (the fakes, unpaced) and their covers fetched from the fake
 * Cover Art Archive (one host, paced as in production) and made into thumbnails. Measured
 * before (the same load for BENCH_SECONDS, nothing imported) and during.
 * @returns both rows and a note: the import's 202 time, look-ups done, covers stored
 */
async function measureImportCovers(
  base: string,
  name: string,
  cookies: string[],
  db: pg.Client,
  fakeMb: FakeMetadataServer,
  imageHost: FakeImageHost,
  run: (row: Row) => Promise<Measured>,
): Promise<{ before: Measured; during: Measured; note: string }> {
  const reads = (rowName: string, until?: Row['until']) => readsRow(cookies, rowName, until);
  const before = await run(reads(`GET /api/record (1,000) before the import`));
  const json = { 'Content-Type': 'application/json' };
  const registered = await rawRequest(`${base}/api/user/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: IMPORT_USERNAME, password: PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`registering the importer answered ${registered.status}`);
  const cookie = await login(base, IMPORT_USERNAME);
  const albums = Array.from({ length: IMPORT_ROWS }, (_, i) => ({
    artist: `Bench Importer ${i % 97}`,
    title: `Imported Album ${i}`,
  }));
  // Each album's front cover: a 600×600 PNG of its own on the fake image host (the Cover Art
  // Archive redirects there), and no Last.fm image, so every look-up finds a cover to fetch.
  for (const [i, album] of albums.entries())
    fakeMb.setScenario(album, { lastfmImageSizes: [], coverUrl: `${imageHost.url}/import-${i}.png` });
  const csv = ['Artist,Title', ...albums.map((a) => `${a.artist},${a.title}`)].join('\n');
  const covers = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM records r JOIN users u ON u.id = r.user_id
          WHERE u.username = $1 AND r.cover_key IS NOT NULL`,
        [IMPORT_USERNAME],
      )
    ).rows[0]!.n;
  const started = Date.now();
  let accepted = 0;
  const importing = rawRequest(`${base}/api/record/import`, {
    method: 'POST',
    headers: { ...json, Cookie: cookie },
    body: JSON.stringify({ csv, mood: 1 }),
  }).then((res) => {
    accepted = Date.now() - started;
    if (res.status !== 202) throw new Error(`the import answered ${res.status}: ${res.body.toString()}`);
    return JSON.parse(res.body.toString()) as { id: number };
  });
  const [during, job] = await Promise.all([
    run(reads(name, { done: async () => (await covers()) >= IMPORT_COVERS, timeoutMs: IMPORT_TIMEOUT_MS })),
    importing,
  ]);
  const seconds = (Date.now() - started) / 1000;
  const progress = JSON.parse(
    (
      await rawRequest(`${base}/api/record/import/${job.id}`, { headers: { Cookie: cookie } })
    ).body.toString(),
  ) as { imported: number; enriched: number };
  const states = (
    await db.query<{ state: string; n: number }>(
      `SELECT c.state, count(*)::int AS n FROM covers c
        WHERE c.source_url IN (SELECT r.coverart FROM records r JOIN users u ON u.id = r.user_id WHERE u.username = $1)
        GROUP BY c.state ORDER BY c.state`,
      [IMPORT_USERNAME],
    )
  ).rows.map((r) => `${r.n} ${r.state}`);
  const note =
    `Import of ${IMPORT_ROWS} records: answered 202 (rows stored) in ${accepted} ms; during the ${seconds.toFixed(0)} s ` +
    `measured, ${progress.enriched} of ${progress.imported} looked up and ${await covers()} records given their cover ` +
    `(cover fetches: ${states.join(', ') || 'none'}; ` +
    `one image host, ${COVER_PACE_NOTE}); p99 of the other users' reads ${before.p99} ms before, ${during.p99} ms during.`;
  return { before, during, note };
}

/** Heavy users of the fairness row, connections of each per process, and the victims. */
const FAIR_HEAVY_CONNECTIONS = 8;
const FAIR_VICTIMS = 4;

/**
 * The fairness row (issue 21, "Fair under several accounts": "with 3 heavy users on 2
 * processes another user's p99 stays ≤ 250 ms with no 5xx"): three users with 20,000-record
 * crates (the big crate, the year-in-review crate and a third one seeded here) send heavy
 * requests through both server processes, `FAIR_HEAVY_CONNECTIONS` connections each per
 * process: searches of their crate with a text of their own each time (no kept body answers
 * them) and, every third request, their whole crate. Meanwhile `FAIR_VICTIMS` users of
 * 1,000 records read their crates (`GET /api/record`), one connection each, half of them on
 * each process. Measured before (the victims alone for BENCH_SECONDS) and during.
 * CPU columns are the first process's only.
 * @returns the victims' rows before and during, the attackers' row, and a note
 */
async function measureFairness(
  bases: [string, string],
  name: string,
  databaseUrl: string,
  seeded: Seeded,
  cookies: string[],
  run: (row: Row, base: string) => Promise<Measured>,
): Promise<{ rows: Measured[]; note: string }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const client = await pool.connect();
  const thirdUsername = 'bench_big_fair';
  try {
    const third = await client.query<{ id: number }>(
      'INSERT INTO users (username, password_hash) VALUES ($1, $2) RETURNING id',
      [thirdUsername, await bcrypt.hash(PASSWORD, 10)],
    );
    await insertRecords(client, third.rows[0]!.id, makeRecords(prng(SEED + 21), BIG));
    await client.query('ANALYZE records');
    await client.query('ANALYZE record_plays');
  } finally {
    client.release();
    await pool.end();
  }
  const heavyCookies = await Promise.all(
    [seeded.bigUsername, seeded.yearUsername, thirdUsername].map((u) => login(bases[0], u)),
  );
  const victims = cookies.slice(0, FAIR_VICTIMS);
  const headers = (cookie: string) => ({ Cookie: cookie, 'Accept-Encoding': ACCEPT });
  const victimRow = (rowName: string, half: number): Row => ({
    name: rowName,
    connections: FAIR_VICTIMS / 2,
    clients: victims
      .filter((_, i) => i % 2 === half)
      .map((c) => ({ path: '/api/record', headers: headers(c) })),
  });
  const merge = (rowName: string, parts: Measured[]): Measured => ({
    name: rowName,
    connections: parts.reduce((n, m) => n + m.connections, 0),
    rps: parts.reduce((n, m) => n + m.rps, 0),
    p50: Math.max(...parts.map((m) => m.p50)),
    p975: Math.max(...parts.map((m) => m.p975)),
    p99: Math.max(...parts.map((m) => m.p99)),
    errors: parts.reduce((n, m) => n + m.errors, 0),
    non2xx: parts.reduce((n, m) => n + m.non2xx, 0),
    statuses: parts.map((m, i) => `p${i + 1}: ${m.statuses}`).join(', '),
    bytes: parts[0]!.bytes,
    nodeMs: parts[0]!.nodeMs,
    pgMs: parts[0]!.pgMs,
  });
  const before = merge(
    'GET /api/record (1,000) of 4 users before the attack (2 processes)',
    await Promise.all(bases.map((b, half) => run(victimRow('victims', half), b))),
  );
  let victimsDone = false;
  let searches = 0;
  const attackRow = (): Row => ({
    name: 'attackers',
    connections: FAIR_HEAVY_CONNECTIONS * heavyCookies.length,
    clients: heavyCookies.map((c) => ({
      path: '/api/record/search?search=blue',
      headers: headers(c),
      pathFor: (n: number) => {
        if (n % 3 === 2) return '/api/record';
        const k = searches++;
        return `/api/record/search?search=${encodeURIComponent(`${WORDS[k % WORDS.length]!} ${k % 500}`)}`;
      },
    })),
    until: { done: async () => victimsDone, timeoutMs: (SECONDS + 60) * 1000 },
  });
  const attacking = Promise.all(bases.map((b) => run(attackRow(), b)));
  // The attack is under way before the victims are measured.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const during = merge(name, await Promise.all(bases.map((b, half) => run(victimRow('victims', half), b))));
  victimsDone = true;
  const attack = merge('the 3 attackers (searches and whole crates of 20,000)', await attacking);
  const note =
    `Fairness (3 users of 20,000 records, ${FAIR_HEAVY_CONNECTIONS} connections each per process, on 2 processes): ` +
    `p99 of 4 other users' GET /api/record ${before.p99} ms before, ${during.p99} ms during (statuses ${during.statuses}); ` +
    `attackers' answers ${attack.statuses}.`;
  return { rows: [before, during, attack], note };
}

const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');

function renderTable(
  results: Measured[],
  baseline: Map<number, number>,
  mem: { rss: number; peak: number },
  notes: string[],
): string {
  const lines = [
    `# Spincrate bench, ${new Date().toISOString()}`,
    '',
    `${os.cpus().length} CPUs, Node ${process.version}, ${SECONDS} s per row; each connection is one user with its own session; ` +
      `Accept-Encoding: ${ACCEPT}. CPU ms are per request, from /proc (server process; PostgreSQL: all its processes); ` +
      `a "whole walk" row is one client's sequence of requests: its bytes and CPU are the whole walk's.`,
    '',
    `Baseline (bare node:http, same 1,000-record body from memory): ` +
      [...baseline.entries()].map(([c, r]) => `${r.toFixed(0)} req/s @${c}`).join(', '),
    '',
    '| request | conns | req/s | × baseline | p50 ms | p97.5 ms | p99 ms | errors | non-2xx | statuses | body bytes | CPU node ms | CPU pg ms | CPU total ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const m of results) {
    lines.push(
      `| ${m.name} | ${m.connections} | ${m.rps.toFixed(0)} | ${baseline.has(m.connections) ? (m.rps / baseline.get(m.connections)!).toFixed(3) : '–'} | ` +
        `${m.p50} | ${m.p975} | ${m.p99} | ${m.errors} | ${m.non2xx} | ${m.statuses} | ${m.bytes} | ` +
        `${f2(m.nodeMs)} | ${f2(m.pgMs)} | ${f2(m.nodeMs + m.pgMs)} |`,
    );
  }
  lines.push(
    ...notes.flatMap((note) => ['', note]),
    '',
    `Server RSS after the bench: ${mem.rss.toFixed(0)} MB (peak ${mem.peak.toFixed(0)} MB).`,
    '',
  );
  return lines.join('\n');
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
