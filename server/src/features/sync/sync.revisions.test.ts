/**
 * The sync revisions of migration 0011 (API.md "Offline copy and repeat-safe writes"): one
 * user's revisions commit in their order, so a sync that answered up to revision n never
 * later meets a change with a revision ≤ n; every changed record gets its own revision.
 */
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createRecord, loginAgent, createUser, useTestApp } from '@/test/harness.js';

const t = useTestApp();
const clients: pg.Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  clients.push(client);
  return client;
}

/** A record's sync revision: of its latest change, to the record or to its plays (migration 0019). */
async function revOf(recordId: number): Promise<number> {
  const rows = await t.db.query<{ rev: string }>(
    'SELECT GREATEST(r.rev, p.rev) AS rev FROM records r JOIN record_plays p ON p.record_id = r.id WHERE r.id = $1',
    [recordId],
  );
  return Number(rows[0]!.rev);
}

describe('sync revisions', () => {
  it('a second writer of the same crate waits for the first, so its change gets the later revision', async () => {
    const user = await createUser(t.db);
    const agent = await loginAgent(t, user);
    const first = await createRecord(t.db, user.id, { title: 'First' });
    const second = await createRecord(t.db, user.id, { title: 'Second' });
    const before = (await agent.get('/api/sync/records')).body as { rev: number };

    const a = await connect();
    const b = await connect();
    const bPid = (await b.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    await a.query('BEGIN');
    const revA = Number(
      (
        await a.query<{ rev: string }>(
          `UPDATE records SET title = 'First, edited' WHERE id = $1 RETURNING rev`,
          [first],
        )
      ).rows[0]!.rev,
    );
    const writeB = b.query<{ rev: string }>(
      `UPDATE records SET title = 'Second, edited' WHERE id = $1 RETURNING rev`,
      [second],
    );
    // B waits for A's lock on the crate's counter…
    await vi.waitFor(
      async () => {
        const rows = await t.db.query<{ wait: string | null }>(
          'SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = $1',
          [bPid],
        );
        expect(rows[0]?.wait).toBe('Lock');
      },
      { timeout: 10_000 },
    );
    // …and a sync meanwhile answers up to what was committed, without either change.
    const during = (await agent.get(`/api/sync/records?since=${before.rev}`)).body as {
      rev: number;
      records: unknown[];
    };
    expect(during).toMatchObject({ rev: before.rev, records: [] });
    expect(revA).toBeGreaterThan(before.rev);

    await a.query('COMMIT');
    const revB = Number((await writeB).rows[0]!.rev);
    expect(revB).toBeGreaterThan(revA);
    // The next sync from where the last one stopped has both.
    const after = (await agent.get(`/api/sync/records?since=${during.rev}`)).body as {
      rev: number;
      records: Array<{ id: number }>;
    };
    expect(after.records.map((r) => r.id)).toEqual([first, second]);
    expect(after.rev).toBe(revB);
  });

  it('a spin of three records gives each its own revision, and the counter ends at the last', async () => {
    const user = await createUser(t.db);
    const agent = await loginAgent(t, user);
    const ids = [
      await createRecord(t.db, user.id),
      await createRecord(t.db, user.id),
      await createRecord(t.db, user.id),
    ];
    const spin = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '0:30', listenedAt: '2026-11-20', details: 'three', albums: ids });
    expect(spin.status).toBe(201);
    const revs = await Promise.all(ids.map(revOf));
    expect(new Set(revs).size).toBe(3);
    const counter = await t.db.query<{ sync_rev: string }>(
      'SELECT sync_rev FROM user_versions WHERE user_id = $1',
      [user.id],
    );
    expect(Number(counter[0]!.sync_rev)).toBe(Math.max(...revs));
    expect(Math.max(...revs) - Math.min(...revs)).toBe(2);
  });
});
