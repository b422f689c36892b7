/**
 * Spins that meet other writes in PostgreSQL (issue 21, "Concurrent writes fail today"): a
 * spin PostgreSQL ends as a deadlock runs again and is answered 201, never 500 or 503; and a
 * burst of one user's spins does not take the pool's connections.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRecord, signedInUser, useTestApp } from '@/test/harness.js';

// The production pool's size: a burst of one user must leave connections to the others.
// A database of its own: the waits it looks for in pg_stat_activity are counted per database,
// and another file's spins may wait for locks at the same time.
const t = useTestApp({ env: { PG_POOL_MAX: '10' }, ownDatabase: true });

/** A connection of the test's own, outside the app's pool. */
let other: pg.Client;
beforeAll(async () => {
  // The app's own database (useTestApp's hook, registered first, has made it).
  other = new pg.Client({ connectionString: t.ctx.config.DATABASE_URL });
  await other.connect();
});
afterAll(async () => {
  await other.end();
});

function spinBody(albums: number[], details = 'Sunday morning') {
  return { timeSpent: '1:05', listenedAt: '03/14/2024', details, albums };
}

/** Each record's play count as the crate shows it, by id. */
async function plays(agent: ReturnType<typeof t.agent>): Promise<Array<[number, number]>> {
  const res = await agent.get('/api/record');
  return (res.body as Array<{ id: number; play_count: number }>)
    .map((r): [number, number] => [r.id, r.play_count])
    .sort((a, b) => a[0] - b[0]);
}

describe('a spin PostgreSQL ends as a deadlock', () => {
  it('runs again and answers 201, storing the spin once and counting each play once', async () => {
    const { user, agent } = await signedInUser(t);
    const [first, second] = [await createRecord(t.db, user.id), await createRecord(t.db, user.id)].sort(
      (a, b) => a - b,
    ) as [number, number];
    let spinStatements = 0;
    const stop = t.db.onStatement((text) => {
      if (text.includes('INSERT INTO spins')) spinStatements += 1;
    });
    // The app's log line of each conflict it runs again (db/database.ts retryConflicts).
    const debug = vi.spyOn(t.ctx.logger, 'debug');
    const deadlocksRunAgain = () =>
      debug.mock.calls.filter(
        ([fields, message]) =>
          message === 'transaction conflict, running it again' &&
          (fields as unknown as { code?: string }).code === '40P01',
      ).length;
    try {
      // Another writer holds the second record; its own deadlock check waits 10 s, so that
      // PostgreSQL ends the spin (whose check comes after 1 s), not this transaction.
      await other.query('BEGIN');
      await other.query(`SET LOCAL deadlock_timeout = '10s'`);
      await other.query('SELECT id FROM records WHERE id = $1 FOR NO KEY UPDATE', [second]);
      const adding = agent
        .post('/api/spins/add')
        .send(spinBody([first, second]))
        .then((res) => res);
      // The spin holds the first record and waits for the second…
      await vi.waitFor(
        async () => {
          const [row] = await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query LIKE '%INSERT INTO ' || 'spins%'`,
          );
          expect(row!.n).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      // …and the other writer now takes the first: each waits for the other, a deadlock.
      const lockedFirst = other.query('SELECT id FROM records WHERE id = $1 FOR NO KEY UPDATE', [first]);
      // PostgreSQL ends the spin's transaction (40P01): the other writer gets the first record.
      await lockedFirst;
      await other.query('COMMIT');
      const res = await adding;
      expect(res.status).toBe(201);
      // The spin's statement was ended as a deadlock, then ran again: every run but the last
      // ended as a deadlock, none for another reason. Usually that is two runs. On a busy
      // machine it can be three (CI once saw it): PostgreSQL does not hand the first record to
      // the other writer when the spin's transaction ends, it wakes it, and the other writer
      // still has to run to mark the row as its own (src/backend/access/heap/README.tuplock: a
      // newcomer that finds the row unlocked takes it without queueing). The spin's run again,
      // 0–10 ms later, can take the first record before the woken writer has had the CPU;
      // then it waits for the second record, the other writer waits for it: a second deadlock,
      // and a third run, which finds the first record taken and waits in line.
      const deadlocks = deadlocksRunAgain();
      expect(deadlocks).toBeGreaterThanOrEqual(1);
      expect(spinStatements).toBe(deadlocks + 1);
    } finally {
      debug.mockRestore();
      stop();
      await other.query('ROLLBACK').catch(() => undefined);
    }
    const spins = await agent.get('/api/spins');
    expect(spins.body).toHaveLength(1);
    expect(await plays(agent)).toEqual([
      [first, 1],
      [second, 1],
    ]);
  });
});

describe('a burst of one user’s spins', () => {
  it('waits in line holding one connection: another user is answered meanwhile, and all 25 are stored', async () => {
    const { user, agent } = await signedInUser(t);
    const records = [await createRecord(t.db, user.id), await createRecord(t.db, user.id)];
    const { agent: otherAgent } = await signedInUser(t);
    // The first spin waits for a record another writer holds; the other 24 wait behind it.
    await other.query('BEGIN');
    try {
      await other.query('SELECT id FROM records WHERE id = $1 FOR NO KEY UPDATE', [records[1]]);
      const burst = Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          agent
            .post('/api/spins/add')
            .send(spinBody(records, `spin ${i}`))
            .then((res) => res),
        ),
      );
      await vi.waitFor(
        async () => {
          const [row] = await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query LIKE '%INSERT INTO ' || 'spins%'`,
          );
          expect(row!.n).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      // Only one of the burst waits in PostgreSQL; the pool serves another user at once.
      const [waiting] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE '%INSERT INTO ' || 'spins%' AND state = 'active'`,
      );
      expect(waiting!.n).toBe(1);
      expect((await otherAgent.get('/api/spins')).status).toBe(200);
      await other.query('COMMIT');
      const results = await burst;
      expect(results.map((r) => r.status)).toEqual(Array(25).fill(201));
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
    }
    const list = await agent.get('/api/spins');
    expect(new Set(list.body.map((s: { spin_details: string }) => s.spin_details))).toEqual(
      new Set(Array.from({ length: 25 }, (_, i) => `spin ${i}`)),
    );
    expect((await plays(agent)).map(([, n]) => n)).toEqual([25, 25]);
  });
});
