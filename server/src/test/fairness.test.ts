/**
 * No user can starve the others (API.md "Lists at scale", last rule): one user's burst
 * of heavy requests, held in the database for as long as the test wants (a table lock,
 * not a big crate on a machine of some speed), leaves another user's requests answered
 * normally. The
 * heavy user gets 200s, or 429 `rate_limited` with `Retry-After` once 4 of their requests
 * run and the next has waited 2 s; never a 503 for anyone.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createOwnDatabase,
  createRecord,
  createTestApp,
  createUser,
  signedInUser,
  type TestApp,
} from './harness.js';

/** The sorts of the crate list (each asked once: identical lists asked at once share one query). */
const SORTS = ['newest', 'oldest', 'artist_asc', 'title_asc'];

let t: TestApp;
let own: Awaited<ReturnType<typeof createOwnDatabase>>;
/** Holds table locks that make the app's queries wait, as long as a test wants. */
let locker: pg.Client;

beforeAll(async () => {
  own = await createOwnDatabase();
  // The pool of a production process (10 connections, PG_POOL_MAX's default).
  t = createTestApp({ env: { DATABASE_URL: own.url, PG_POOL_MAX: '10' } });
  locker = new pg.Client({ connectionString: own.url });
  await locker.connect();
}, 60_000);

afterAll(async () => {
  await locker?.end();
  await t?.close();
  await own?.drop();
});

/** Waits until `count` statements of this database wait for the test's table lock. */
async function waitForBlocked(count: number): Promise<void> {
  await vi.waitFor(
    async () => {
      // Through the app's pool: the locking session sees a frozen snapshot of the activity.
      const rows = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      expect(rows[0]!.n).toBe(count);
    },
    { timeout: 30_000, interval: 20 },
  );
}

describe('one user cannot starve the others', () => {
  it("answers a second user normally while the first one's 30 parallel heavy requests run", async () => {
    const heavy = await signedInUser(t);
    const other = await signedInUser(t);
    for (let i = 1; i <= 30; i++) {
      await createRecord(t.db, heavy.user.id, { title: `Album ${i}`, artist: `Artist ${i % 5}` });
    }
    const ownRecord = await createRecord(t.db, other.user.id, { title: 'Dummy', artist: 'Portishead' });

    // The heavy user's lists and searches wait for a lock of the records table: those that
    // got a turn hold it (and a connection of the pool) for as long as the test keeps the
    // lock, however fast or slow the machine is. Every request asks a list of its own.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE records IN ACCESS EXCLUSIVE MODE');
    let locked = true;
    try {
      const burst = Array.from({ length: 30 }, (_, i) =>
        (i < SORTS.length
          ? heavy.agent.get('/api/record').query({ sort: SORTS[i] })
          : heavy.agent.get('/api/record/search').query({ search: `album ${i}` })
        ).then((res) => res),
      );
      // 4 of them run (their queries wait for the lock); the others wait for a turn.
      await waitForBlocked(4);

      // Meanwhile the other user is answered, and their lists reach the database.
      const others: request.Response[] = [await other.agent.get('/api/user')];
      expect(others[0]!.status).toBe(200);
      const otherLists = [
        other.agent.get('/api/record').then((res) => res),
        other.agent
          .get('/api/record/search')
          .query({ search: 'dummy' })
          .then((res) => res),
      ];
      await waitForBlocked(6);

      await locker.query('ROLLBACK');
      locked = false;
      const [heavyResults, lists] = await Promise.all([Promise.all(burst), Promise.all(otherLists)]);
      others.push(...lists);
      expect(lists[0]!.body.map((r: { id: number }) => r.id)).toEqual([ownRecord]);
      expect(lists[1]!.body.map((r: { id: number }) => r.id)).toEqual([ownRecord]);
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([
          other.agent.get('/api/record'),
          other.agent.get('/api/record/search').query({ search: 'dummy' }),
          other.agent.get('/api/spins'),
          other.agent.get('/api/user'),
        ]);
        others.push(...answers);
        expect(answers[0].body.map((r: { id: number }) => r.id)).toEqual([ownRecord]);
      }

      expect(others.map((r) => r.status)).toEqual(others.map(() => 200));
      for (const res of heavyResults) {
        expect([200, 429]).toContain(res.status);
        if (res.status === 429) {
          expect(res.body.error.code).toBe('rate_limited');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(heavyResults.some((r) => r.status === 200)).toBe(true);
    } finally {
      if (locked) await locker.query('ROLLBACK');
    }
  });
});

/** Requests sent by the test's own HTTP client to the app on a real listening server. */
describe('a request whose client goes away gives its turn back', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  /** The session cookie of a new signed-in user with a few records. */
  async function userWithCrate(): Promise<string> {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) await createRecord(t.db, user.id, { title: `Album ${i}` });
    const res = await send(
      'POST',
      '/api/user/login',
      {
        'Content-Type': 'application/json',
      },
      JSON.stringify({ username: user.username, password: user.password }),
    );
    expect(res.status).toBe(200);
    const cookie = res.cookies.find((c) => c.startsWith('spincrate.sid='));
    return cookie!.split(';')[0]!;
  }

  /** One request on a connection of its own (closed after the answer). */
  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; cookies: string[] }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Starts a GET whose answer the test never reads; `abort()` closes its connection. */
  function startAbandoned(path: string, cookie: string): { abort(): void } {
    const req = http.get(`${base}${path}`, { headers: { Cookie: cookie }, agent: false });
    req.on('error', () => undefined);
    return { abort: () => req.destroy() };
  }

  /** Waits until the server has seen every client connection close. */
  async function waitForNoConnections(): Promise<void> {
    await vi.waitFor(
      async () => {
        const open = await new Promise<number>((resolve, reject) =>
          server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
        );
        expect(open).toBe(0);
      },
      { timeout: 30_000, interval: 20 },
    );
  }

  /** Five whole-crate lists at once: every one must get a turn (200), none 429. */
  async function fiveLists(cookie: string): Promise<number[]> {
    return Promise.all(
      Array.from({ length: 5 }, () => send('GET', '/api/record', { Cookie: cookie }).then((r) => r.status)),
    );
  }

  it.each([
    // The list query waits for the lock: the 4 requests hold their turns while it does.
    ['still running (waiting for their list query)', 'records'],
    // The session look-up waits for the lock: the clients go away before a turn is taken.
    ['aborted before they reached the limit (still reading their session)', 'session'],
  ])('after 4 aborted requests %s, the next requests get 200, not 429', async (_when, table) => {
    const cookie = await userWithCrate();
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    // Four sorts of the crate: identical lists asked at once would share one build (and
    // one query) in the list cache; distinct ones each run their own.
    const abandoned = ['newest', 'oldest', 'artist_asc', 'title_asc'].map((sort) =>
      startAbandoned(`/api/record?sort=${sort}`, cookie),
    );
    await waitForBlocked(4);
    for (const r of abandoned) r.abort();
    await waitForNoConnections();
    await locker.query('ROLLBACK');
    expect(await fiveLists(cookie)).toEqual([200, 200, 200, 200, 200]);
  });
});
