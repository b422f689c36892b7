/**
 * No user can starve the others (API.md "Lists at scale", last rule): one user's burst
 * of heavy requests on a big crate leaves another user's requests answered normally. The
 * heavy user gets 200s, or 429 `rate_limited` with `Retry-After` once 4 of their requests
 * run and the next has waited 2 s; never a 503 for anyone.
 */
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnDatabase, createRecord, createTestApp, signedInUser, type TestApp } from './harness.js';

/** Records in the heavy user's crate. */
const CRATE_SIZE = 60_000;

let t: TestApp;
let own: Awaited<ReturnType<typeof createOwnDatabase>>;

beforeAll(async () => {
  own = await createOwnDatabase();
  // The pool of a production process (10 connections, PG_POOL_MAX's default).
  // Queries of the big crate may take long on a busy test machine: the statement limit is
  // not what this file tests, the pool is.
  t = createTestApp({ env: { DATABASE_URL: own.url, PG_POOL_MAX: '10', PG_STATEMENT_TIMEOUT_MS: '60000' } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await own?.drop();
});

describe('one user cannot starve the others', () => {
  it("answers a second user normally while the first one's 30 parallel heavy requests run", async () => {
    const heavy = await signedInUser(t);
    const other = await signedInUser(t);
    for (let start = 1; start <= CRATE_SIZE; start += 5000) {
      await t.db.query(
        `INSERT INTO records (user_id, title, artist, mood_id, details, tags)
         SELECT $1, 'Album ' || n, 'Artist ' || (n % 500), 10, 'pressing ' || n, ARRAY['tag' || (n % 40)]
           FROM generate_series($2::int, $2::int + 4999) AS n`,
        [heavy.user.id, start],
      );
    }
    const ownRecord = await createRecord(t.db, other.user.id, { title: 'Dummy', artist: 'Portishead' });

    const burst = Array.from({ length: 30 }, (_, i) =>
      i % 2
        ? heavy.agent.get('/api/record')
        : heavy.agent.get('/api/record/search').query({ search: 'album' }),
    );
    const others: request.Response[] = [];
    const otherLists: request.Response[] = [];
    const otherUser = (async () => {
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([
          other.agent.get('/api/record'),
          other.agent.get('/api/record/search').query({ search: 'dummy' }),
          other.agent.get('/api/spins'),
          other.agent.get('/api/user'),
        ]);
        others.push(...answers);
        otherLists.push(answers[0]);
      }
    })();
    const [heavyResults] = await Promise.all([Promise.all(burst), otherUser]);

    expect(others.map((r) => r.status)).toEqual(others.map(() => 200));
    expect(otherLists).toHaveLength(5);
    for (const res of otherLists) {
      expect(res.body.map((r: { id: number }) => r.id)).toEqual([ownRecord]);
    }
    for (const res of heavyResults) {
      expect([200, 429]).toContain(res.status);
      if (res.status === 429) {
        expect(res.body.error.code).toBe('rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(heavyResults.some((r) => r.status === 200)).toBe(true);
  }, 180_000);
});
