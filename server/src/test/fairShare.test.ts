/**
 * Fair under several accounts (issue 21, "Targets"): heavy requests of all users together
 * run at most 6 at once in a server process with the default pool of 10 connections, so
 * that they never hold the whole pool (4 connections stay free for light requests). While three heavy users saturate their turns, another
 * user's light requests get a connection and are answered; the heavy excess waits 2 s for a
 * turn, then gets 429 `rate_limited` with `Retry-After` (API.md "Lists at scale"), never a
 * 503 for want of a connection. Heavy queries are held by a table lock, so each state is
 * waited for (statements waiting, answers arrived), never a duration.
 */
import pg from 'pg';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECORD_SORTS } from '@spincrate/contract';
import {
  createOwnDatabase,
  createRecord,
  createTestApp,
  createUser,
  signedInUser,
  type TestApp,
} from './harness.js';

/** Heavy requests each heavy user sends at once (more than the 4 a user may run). */
const PER_HEAVY_USER = 6;
/** Heavy requests of all users that run at once with a pool of 10. */
const HEAVY_AT_ONCE = 6;

let t: TestApp;
let own: Awaited<ReturnType<typeof createOwnDatabase>>;
let locker: pg.Client;

beforeAll(async () => {
  own = await createOwnDatabase();
  // The pool of a production process: PG_POOL_MAX's default of 10.
  t = createTestApp({ env: { DATABASE_URL: own.url, PG_POOL_MAX: '10', PG_STATEMENT_TIMEOUT_MS: '60000' } });
  locker = new pg.Client({ connectionString: own.url });
  await locker.connect();
}, 60_000);

afterAll(async () => {
  await locker?.end();
  await t?.close();
  await own?.drop();
});

/** Statements of the test database waiting for a lock (the heavy queries held by the test). */
async function statementsWaitingForLock(): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

describe('three heavy users saturating a process', () => {
  it("leave a connection to another user's light requests; their excess gets 429 with Retry-After, never a 5xx", async () => {
    const heavyUsers = await Promise.all([1, 2, 3].map(() => signedInUser(t)));
    for (const { user } of heavyUsers) {
      for (let i = 0; i < 3; i++) await createRecord(t.db, user.id, { title: `Album ${i}` });
    }
    const light = await signedInUser(t);
    const friend = await createUser(t.db);

    await locker.query('BEGIN');
    await locker.query('LOCK TABLE records IN ACCESS EXCLUSIVE MODE');
    const answers: request.Response[] = [];
    // Distinct sorts: identical lists asked at once would share one query in the list cache.
    const heavyRequests = heavyUsers.flatMap(({ agent }) =>
      RECORD_SORTS.slice(0, PER_HEAVY_USER).map((sort) =>
        agent
          .get('/api/record')
          .query({ sort })
          .then((res) => {
            answers.push(res);
            return res;
          }),
      ),
    );
    expect(heavyRequests).toHaveLength(3 * PER_HEAVY_USER);

    // 6 heavy queries run (and wait for the lock); the others wait for a turn.
    await vi.waitFor(async () => expect(await statementsWaitingForLock()).toBe(HEAVY_AT_ONCE), {
      timeout: 30_000,
      interval: 20,
    });

    // The light user's requests are answered while the heavy ones hold their turns.
    const me = await light.agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(light.user.username);
    const added = await light.agent.post('/api/social/add').send({ friend_username: friend.username });
    expect(added.status).toBe(201);
    expect(await statementsWaitingForLock()).toBe(HEAVY_AT_ONCE);

    // The heavy requests without a turn are refused after their 2 s wait.
    await vi.waitFor(() => expect(answers).toHaveLength(3 * PER_HEAVY_USER - HEAVY_AT_ONCE), {
      timeout: 30_000,
      interval: 50,
    });
    for (const res of answers) {
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }

    await locker.query('ROLLBACK');
    const all = await Promise.all(heavyRequests);
    const statuses = all.map((res) => res.status).sort();
    expect(statuses).toEqual([
      ...Array.from({ length: HEAVY_AT_ONCE }, () => 200),
      ...Array.from({ length: 3 * PER_HEAVY_USER - HEAVY_AT_ONCE }, () => 429),
    ]);
  }, 120_000);
});
