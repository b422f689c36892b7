/**
 * Issue 21, "a spin never rewrites `records`": the plays of a record live in `record_plays`
 * (migration 0019), so adding or deleting a spin makes no new version of a record row (none
 * of the records' indexes is touched), while what a user notices still moves: the Records'
 * `play_count`/`last_played`, the lists' ETags (API.md "Lists at scale") and the delta sync
 * (API.md "Offline copy and repeat-safe writes": a play-count change is a change of the record).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@/db/database.js';
import { createRecord, createTestApp, signedInUser, type TestApp } from '@/test/harness.js';
import { addSpinWithRecords } from './spins.queries.js';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The row version of each record (`xmin`: the transaction that wrote it), by id. */
async function rowVersions(ids: number[]): Promise<Record<number, string>> {
  const rows = await t.db.query<{ id: number; xmin: string }>(
    'SELECT id, xmin::text AS xmin FROM records WHERE id = ANY($1::int[])',
    [ids],
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.xmin]));
}

/** The rows this backend inserted and updated so far, per table (`pg_stat_xact_user_tables`). */
async function writeCounts(tx: Queryable): Promise<Record<string, { inserted: number; updated: number }>> {
  const rows = await tx.query<{ table: string; inserted: number; updated: number }>(
    `SELECT t.relname AS table, COALESCE(s.n_tup_ins, 0)::int AS inserted, COALESCE(s.n_tup_upd, 0)::int AS updated
       FROM unnest(ARRAY['records', 'record_plays', 'user_versions', 'spins', 'spin_records']) AS t(relname)
       LEFT JOIN pg_stat_xact_user_tables s ON s.relname = t.relname AND s.schemaname = 'public'`,
  );
  return Object.fromEntries(rows.map((r) => [r.table, { inserted: r.inserted, updated: r.updated }]));
}

interface SyncPage {
  rev: number;
  records: Array<{ id: number; play_count: number; last_played: string | null }>;
}

describe('a spin and the records it plays', () => {
  it('adds and takes back the plays without a new version of the record rows, moving the lists and the sync', async () => {
    const { user, agent } = await signedInUser(t);
    const first = await createRecord(t.db, user.id, { title: 'First' });
    const second = await createRecord(t.db, user.id, { title: 'Second' });
    const untouched = await createRecord(t.db, user.id, { title: 'Untouched' });
    const versions = await rowVersions([first, second, untouched]);
    const list = await agent.get('/api/record?sort=most_played&limit=10');
    expect(list.status).toBe(200);
    const synced = (await agent.get('/api/sync/records')).body as SyncPage;

    const added = await agent
      .post('/api/spins/add')
      .send({ listenedAt: '2026-11-20', timeSpent: '0:45', details: 'two records', albums: [second, first] });
    expect(added.status).toBe(201);

    expect(await rowVersions([first, second, untouched])).toEqual(versions);
    const afterAdd = await agent
      .get('/api/record?sort=most_played&limit=10')
      .set('If-None-Match', list.headers.etag!);
    expect(afterAdd.status).toBe(200);
    expect((afterAdd.body as SyncPage['records']).map((r) => [r.id, r.play_count, r.last_played])).toEqual([
      [second, 1, '2026-11-20'],
      [first, 1, '2026-11-20'],
      [untouched, 0, null],
    ]);
    const syncAfterAdd = (await agent.get(`/api/sync/records?since=${synced.rev}`)).body as SyncPage;
    expect(syncAfterAdd.records.map((r) => [r.id, r.play_count]).sort()).toEqual(
      [
        [first, 1],
        [second, 1],
      ].sort(),
    );
    expect(syncAfterAdd.rev).toBeGreaterThan(synced.rev);

    const deleted = await agent.delete(`/api/spins/${added.body.id as number}`);
    expect(deleted.status).toBe(204);

    expect(await rowVersions([first, second, untouched])).toEqual(versions);
    const afterDelete = await agent
      .get('/api/record?sort=most_played&limit=10')
      .set('If-None-Match', afterAdd.headers.etag!);
    expect(afterDelete.status).toBe(200);
    expect((afterDelete.body as SyncPage['records']).map((r) => [r.id, r.play_count, r.last_played])).toEqual(
      [
        [untouched, 0, null],
        [second, 0, null],
        [first, 0, null],
      ],
    );
    const syncAfterDelete = (await agent.get(`/api/sync/records?since=${syncAfterAdd.rev}`)).body as SyncPage;
    expect(syncAfterDelete.records.map((r) => [r.id, r.play_count]).sort()).toEqual(
      [
        [first, 0],
        [second, 0],
      ].sort(),
    );
  });

  it('walks the sync two at a time through edits and plays in the order they happened, each record once', async () => {
    const { user, agent } = await signedInUser(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createRecord(t.db, user.id, { title: `Walked ${i}` }));
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    const start = ((await agent.get('/api/sync/records')).body as SyncPage).rev;
    const edit = (id: number, title: string) =>
      agent.put('/api/record/edit').send({ id, title, artist: 'Walk Artist', mood: 3, details: 'walked' });
    const play = (albums: number[]) =>
      agent
        .post('/api/spins/add')
        .send({ listenedAt: '2026-11-22', timeSpent: '0:10', details: 'walk', albums });
    // Changes in this order: a played, b edited, c played, a edited (a's latest), d played, b played (b's latest).
    expect((await play([a])).status).toBe(201);
    expect((await edit(b, 'Walked b')).status).toBe(200);
    expect((await play([c])).status).toBe(201);
    expect((await edit(a, 'Walked a')).status).toBe(200);
    expect((await play([d])).status).toBe(201);
    expect((await play([b])).status).toBe(201);

    const seen: Array<[number, string, number]> = [];
    let since = start;
    for (let more = true, pages = 0; more; pages++) {
      expect(pages).toBeLessThan(5);
      const page = (await agent.get(`/api/sync/records?since=${since}&limit=2`)).body as {
        rev: number;
        more: boolean;
        records: Array<{ id: number; title: string; play_count: number }>;
      };
      seen.push(...page.records.map((r): [number, string, number] => [r.id, r.title, r.play_count]));
      since = page.rev;
      more = page.more;
    }
    // Each changed record once, at the place of its latest change, as it is now.
    expect(seen).toEqual([
      [c, 'Walked 2', 1],
      [a, 'Walked a', 1],
      [d, 'Walked 3', 1],
      [b, 'Walked b', 1],
    ]);
    expect(seen.map(([id]) => id)).not.toContain(e);
  });

  it('writes no records row and the user version once in the statement that adds a spin', async () => {
    const { user } = await signedInUser(t);
    const ids = [await createRecord(t.db, user.id), await createRecord(t.db, user.id)];
    const counts = await t.db.withTransaction(async (tx) => {
      // The backend's counts not yet reported include earlier transactions': count the difference.
      const before = await writeCounts(tx);
      const spin = await addSpinWithRecords(tx, user.id, {
        listenedAt: '2026-11-21',
        minutesSpent: 30,
        details: 'counted',
        albums: ids,
      });
      expect(spin).toBeDefined();
      const after = await writeCounts(tx);
      return Object.fromEntries(
        Object.entries(after).map(([table, c]) => [
          table,
          { inserted: c.inserted - before[table]!.inserted, updated: c.updated - before[table]!.updated },
        ]),
      );
    });
    expect(counts).toEqual({
      records: { inserted: 0, updated: 0 },
      record_plays: { inserted: 0, updated: 2 },
      spins: { inserted: 1, updated: 0 },
      spin_records: { inserted: 2, updated: 0 },
      // One bump: the spins insert's; the plays update finds the user bumped with the same revision.
      user_versions: { inserted: 0, updated: 1 },
    });
  });
});
