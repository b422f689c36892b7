/**
 * A crash between two attempts (issue 23 "Bad input and faults"; API.md "ListenBrainz":
 * "a restart or crash never duplicates a listen"): the real server process (`src/index.ts`,
 * as `npm start` runs it) sends a spin, the fake ListenBrainz answers the first attempt 503,
 * the server is killed with SIGKILL before its retry, then started again on the same
 * database: every listen arrives exactly once (asserted on the fake's store). A second kill
 * while ListenBrainz holds a request it has already stored (the answer never reaches the
 * server) shows the retry resends the same bytes and still nothing is stored twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@/config.js';
import { Database } from '@/db/database.js';
import { createLogger } from '@/lib/logger.js';
import { serverTestPort } from '@/test/ports.js';
import { createOwnDatabase, uniqueUsername } from '@/test/harness.js';
import { listensOn } from '@/test/listensOn.js';
import { startFakeListenBrainz, type FakeListenBrainz } from '@/test/fakeListenBrainz.js';
import {
  FAKE_VINYL_RELEASES,
  startFakeMetadataServer,
  type FakeMetadataServer,
} from '@/test/fakeMetadataServer.js';

const { twoSides, fourSides } = FAKE_VINYL_RELEASES;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let lb: FakeListenBrainz;
let mb: FakeMetadataServer;
let own: Awaited<ReturnType<typeof createOwnDatabase>>;
let db: Database;
let dataDir: string;
let port: number;
let base: string;
let child: ChildProcess | undefined;
let childStderr = '';

function alive(): boolean {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/** Polls `check` every 50 ms until it holds. @throws after `limitMs` with `what` */
async function until(what: string, check: () => Promise<boolean> | boolean, limitMs = 90_000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms\n${childStderr}`);
    await sleep(50);
  }
}

/**
 * Starts `node --import tsx src/index.ts` (what `npm start` runs) on the test's database, on a
 * port of its own: a killed server's port may be taken by another process before the restart.
 */
async function startServer(): Promise<void> {
  childStderr = '';
  port = await serverTestPort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: path.join(repoRoot, 'server'),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: own.url,
      SESSION_SECRET: 'crash-test-secret',
      // The token key is kept in the data directory, as `npm start` generates it.
      SPINCRATE_DATA_DIR: dataDir,
      REGISTER_LIMIT_PER_HOUR: '100000',
      LASTFM_API_URL: mb.lastfmApiUrl,
      MUSICBRAINZ_API_URL: mb.musicbrainzApiUrl,
      COVERART_API_URL: mb.coverartApiUrl,
      MUSICBRAINZ_MIN_INTERVAL_MS: '10',
      LISTENBRAINZ_API_URL: lb.url,
      LISTENBRAINZ_RETRY_FIRST_MS: '1500',
      LISTENBRAINZ_POLL_MS: '100',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (childStderr += chunk.toString()));
  await until('the server answers /api/health', async () => {
    if (!alive()) throw new Error(`the server exited: ${childStderr}`);
    try {
      // The answer counts only when this process is the one listening on the port.
      return (await fetch(`${base}/api/health`)).status === 200 && listensOn(child!.pid!, port);
    } catch {
      return false;
    }
  });
}

/** SIGKILL: no shutdown of any kind, as `kill -9` does. */
async function killServer(): Promise<void> {
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  process.kill(child!.pid!, 'SIGKILL');
  await exited;
}

beforeAll(async () => {
  lb = await startFakeListenBrainz();
  mb = await startFakeMetadataServer();
  own = await createOwnDatabase();
  db = new Database({ connectionString: own.url, logger: createLogger('silent'), max: 2 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-lb-crash-'));
}, 60_000);

afterAll(async () => {
  if (child?.pid && alive()) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    process.kill(child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (alive()) process.kill(child.pid, 'SIGKILL');
  }
  await db?.close().catch(() => undefined);
  await own?.drop();
  await lb?.close();
  await mb?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** A JSON call to the server with the session cookie. */
async function api(cookie: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** Registers and logs in a user over HTTP; connects their ListenBrainz account. */
async function connectedUser(token: string, lbUser: string): Promise<string> {
  const user = { username: uniqueUsername('crash'), password: 'password123' };
  const reg = await fetch(`${base}/api/user/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  expect(reg.status).toBe(201);
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('spincrate.sid='))!
    .split(';')[0]!;
  lb.addUser(token, lbUser);
  expect((await api(cookie, 'PUT', '/api/user/listenbrainz', { token })).status).toBe(200);
  return cookie;
}

/** A record of the fake's vinyl release, added with its `mb_release_id`. */
async function addRecord(cookie: string, release: typeof twoSides | typeof fourSides): Promise<number> {
  const mood = (await api(cookie, 'GET', '/api/mood')).body as unknown as Array<{ id: number }>;
  const added = await api(cookie, 'POST', '/api/record/add', {
    artist: release.artist,
    title: release.title,
    mood: mood[0]!.id,
    mb_release_id: release.id,
  });
  expect(added.status).toBe(201);
  return added.body!.id as number;
}

/** The listens a spin of these sides starting at `start` makes, computed here from the fake's tracklist. */
function expectedListens(release: typeof twoSides | typeof fourSides, sides: string[], start: string) {
  let at = Date.parse(start) / 1000;
  const listens: Array<{ listened_at: number; track: string; number: string }> = [];
  for (const track of release.media.flatMap((m) => m.tracks)) {
    if (!sides.includes(track.number[0]!)) continue;
    listens.push({ listened_at: at, track: track.title, number: track.number });
    at += track.length === null ? 60 : Math.round(track.length / 1000);
  }
  return listens;
}

const stored = (lbUser: string) =>
  lb.listens
    .filter((l) => l.user_name === lbUser)
    .map((l) => ({
      listened_at: l.listened_at,
      track: l.track_metadata.track_name,
      number: l.track_metadata.additional_info?.tracknumber,
    }));

const submits = (token: string) =>
  lb.requests.filter((r) => r.path === '/1/submit-listens' && r.token === token);

describe('ListenBrainz delivery across kill -9', () => {
  it('delivers every listen exactly once when the server is killed between two attempts and started again', async () => {
    await startServer();
    const token = 'crash-token-1';
    const lbUser = 'crash_listener';
    const cookie = await connectedUser(token, lbUser);
    const recordId = await addRecord(cookie, twoSides);

    // The first attempt is answered 503.
    lb.failNext(503, 1);
    const startedAt = '2026-01-05T20:00:00Z';
    const spin = await api(cookie, 'POST', '/api/spins/add', {
      timeSpent: '0:35',
      listenedAt: '2026-01-05',
      details: 'before the crash',
      albums: [recordId],
      startedAt,
      sides: { [recordId]: ['A', 'B'] },
    });
    expect(spin.status).toBe(201);
    const spinId = spin.body!.id as number;
    await until('the fake answered the first attempt 503', () =>
      submits(token).some((r) => r.status === 503),
    );
    // Between the two attempts: the try is counted, the retry queued and the user's turn released.
    await until('the server noted the failed attempt', async () => {
      const [row] = await db.query<{ attempts: number; busy: boolean }>(
        `SELECT o.attempts, a.busy_until IS NOT NULL AS busy
           FROM listenbrainz_outbox o JOIN listenbrainz_accounts a ON a.user_id = o.user_id
          WHERE o.spin_id = $1`,
        [spinId],
      );
      return row !== undefined && row.attempts === 1 && !row.busy;
    });
    await killServer();
    expect(stored(lbUser)).toEqual([]);
    expect(submits(token)).toHaveLength(1);

    await startServer();
    const expected = expectedListens(twoSides, ['A', 'B'], startedAt);
    expect(expected).toHaveLength(9);
    await until('the fake holds the nine listens', () => stored(lbUser).length >= expected.length);
    await until('the spin is sent', async () => {
      const [row] = await db.query<{ scrobble_state: string }>(
        'SELECT scrobble_state FROM spins WHERE id = $1',
        [spinId],
      );
      return row?.scrobble_state === 'sent';
    });
    expect(stored(lbUser)).toEqual(expected);
    // The retry sent the very bytes of the first attempt.
    const sent = submits(token);
    expect(sent.map((r) => r.status)).toEqual([503, 200]);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    const shown = await api(cookie, 'GET', `/api/spins`);
    expect((shown.body as unknown as Array<{ id: number; scrobble: unknown }>)[0]).toMatchObject({
      id: spinId,
      scrobble: { state: 'sent', listens: 9, message: null },
    });
    await killServer();
  }, 240_000);

  it('stores nothing twice when the server is killed while ListenBrainz holds a request it has already stored', async () => {
    await startServer();
    const token = 'crash-token-2';
    const lbUser = 'crash_listener_two';
    const cookie = await connectedUser(token, lbUser);
    const recordId = await addRecord(cookie, fourSides);

    // ListenBrainz stores the listens but its answer never reaches the server.
    lb.setDelay(600_000);
    const startedAt = '2026-01-06T21:00:00Z';
    const spin = await api(cookie, 'POST', '/api/spins/add', {
      timeSpent: '0:27',
      listenedAt: '2026-01-06',
      details: 'killed mid-request',
      albums: [recordId],
      startedAt,
      sides: { [recordId]: ['A', 'C'] },
    });
    expect(spin.status).toBe(201);
    const spinId = spin.body!.id as number;
    const expected = expectedListens(fourSides, ['A', 'C'], startedAt);
    expect(expected.map((l) => l.number)).toEqual(['A1', 'A2', 'A3', 'C1', 'C2', 'C3']);
    await until('the fake stored the six listens', () => stored(lbUser).length === expected.length);
    await killServer();
    lb.setDelay(0);
    // The dead process still holds the user's turn (one request in flight per user). Its
    // lease lapses 60 s after it was taken; rather than wait that out in real time, the
    // lease's end is moved to now, as if the server had stayed down that long.
    const lapsed = await db.query(
      `UPDATE listenbrainz_accounts a SET busy_until = LEAST(a.busy_until, clock_timestamp())
         FROM spins s
        WHERE s.id = $1 AND a.user_id = s.user_id AND a.busy_until IS NOT NULL
        RETURNING a.user_id`,
      [spinId],
    );
    expect(lapsed).toHaveLength(1);

    // Started again: the row is still pending, so the same bytes go again once the dead
    // process's turn has lapsed; ListenBrainz ignores the listens it already has.
    await startServer();
    await until('the spin is sent', async () => {
      const [row] = await db.query<{ scrobble_state: string }>(
        'SELECT scrobble_state FROM spins WHERE id = $1',
        [spinId],
      );
      return row?.scrobble_state === 'sent';
    });
    expect(stored(lbUser)).toEqual(expected);
    const sent = submits(token);
    expect(sent.length).toBe(2);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(sent[1]!.status).toBe(200);
    await killServer();
  }, 300_000);
});
