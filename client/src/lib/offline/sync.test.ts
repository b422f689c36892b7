/**
 * The offline copy's sync (EXTENSIONS.md §9; API.md "Offline copy and repeat-safe writes") on
 * fake-indexeddb, the server faked with msw: pages merged until `more` is false, edits replace,
 * deletions (tombstones) remove, `reset: true` starts from nothing, one database per user, and
 * logging out leaves none.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { recordList } from '@spincrate/contract';
import { makeRecord } from '@/test/records';
import { server } from '@/test/server';
import { deleteOfflineCopy, offlineDbName, openOfflineCopy } from './db';
import { crateSnapshotSettled, syncOfflineCopy } from './sync';

/** The `since` of every sync request, in order. */
let asked: Array<string | null> = [];

/** Answers GET /api/sync/records with `pages` in turn, and an empty wantlist. */
function serve(pages: Array<Record<string, unknown>>) {
  let i = 0;
  server.use(
    http.get('/api/sync/records', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('since'));
      return HttpResponse.json(pages[i++] ?? { rev: 0, records: [], deleted: [], more: false, reset: false });
    }),
    http.get('/api/sync/wants', () =>
      HttpResponse.json({ rev: 9, wants: [], deleted: [], more: false, reset: false }),
    ),
  );
}

async function titles(userId: number): Promise<string[]> {
  const db = await openOfflineCopy(userId);
  return (await db.getAll('records')).map((r) => r.title);
}

afterEach(async () => {
  asked = [];
  await deleteOfflineCopy();
});

describe('syncing the offline copy', () => {
  it('walks the pages until more is false and merges the changes of the next sync', async () => {
    serve([
      {
        rev: 2,
        records: [makeRecord({ id: 1, title: 'One' }), makeRecord({ id: 2, title: 'Two' })],
        deleted: [],
        more: true,
        reset: false,
      },
      { rev: 3, records: [makeRecord({ id: 3, title: 'Three' })], deleted: [], more: false, reset: false },
      // The next sync: record 2 edited, record 4 added.
      {
        rev: 5,
        records: [makeRecord({ id: 2, title: 'Two (edited)' }), makeRecord({ id: 4, title: 'Four' })],
        deleted: [],
        more: false,
        reset: false,
      },
    ]);
    const first = await syncOfflineCopy(7);
    expect(first.records).toBe(3);
    expect(await titles(7)).toEqual(['One', 'Two', 'Three']);
    const second = await syncOfflineCopy(7);
    expect(second.records).toBe(4);
    expect(await titles(7)).toEqual(['One', 'Two (edited)', 'Three', 'Four']);
    // The first call asks for everything, each next one from the revision the last page gave.
    expect(asked).toEqual([null, '2', '3']);
    const meta = await (await openOfflineCopy(7)).get('meta', 'state');
    expect(meta).toMatchObject({ userId: 7, recordsRev: 5, wantsRev: 9 });
    expect(meta?.syncedAt).toBe(second.syncedAt);
  });

  it('removes the records the server reports deleted', async () => {
    serve([
      {
        rev: 2,
        records: [makeRecord({ id: 1, title: 'One' }), makeRecord({ id: 2, title: 'Two' })],
        deleted: [],
        more: false,
        reset: false,
      },
      { rev: 4, records: [], deleted: [1, 99], more: false, reset: false },
    ]);
    await syncOfflineCopy(7);
    await syncOfflineCopy(7);
    expect(await titles(7)).toEqual(['Two']);
  });

  it('starts from nothing when the server answers reset', async () => {
    serve([
      {
        rev: 2,
        records: [makeRecord({ id: 1, title: 'Old' }), makeRecord({ id: 2, title: 'Gone' })],
        deleted: [],
        more: false,
        reset: false,
      },
      // The server's answer to a revision too old: the first page from nothing.
      {
        rev: 51,
        records: [makeRecord({ id: 1, title: 'Old' }), makeRecord({ id: 3, title: 'New' })],
        deleted: [],
        more: false,
        reset: true,
      },
    ]);
    await syncOfflineCopy(7);
    const result = await syncOfflineCopy(7);
    expect(await titles(7)).toEqual(['Old', 'New']);
    expect(result.records).toBe(2);
    expect(asked).toEqual([null, '2']);
  });

  it('keeps the pages already applied when a later page fails, and resumes from there', async () => {
    let calls = 0;
    server.use(
      http.get('/api/sync/records', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('since'));
        calls += 1;
        if (calls === 1)
          return HttpResponse.json({
            rev: 2,
            records: [makeRecord({ id: 1, title: 'One' })],
            deleted: [],
            more: true,
            reset: false,
          });
        if (calls === 2)
          return HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 });
        return HttpResponse.json({
          rev: 3,
          records: [makeRecord({ id: 2, title: 'Two' })],
          deleted: [],
          more: false,
          reset: false,
        });
      }),
      http.get('/api/sync/wants', () =>
        HttpResponse.json({ rev: 1, wants: [], deleted: [], more: false, reset: false }),
      ),
    );
    await expect(syncOfflineCopy(7)).rejects.toThrow();
    expect(await titles(7)).toEqual(['One']);
    await syncOfflineCopy(7);
    expect(await titles(7)).toEqual(['One', 'Two']);
    expect(asked).toEqual([null, '2', '2']);
  });
});

describe('the crate kept for the next start', () => {
  /** The app opened again: read.ts and db.ts anew, nothing of the crate in memory. */
  async function nextStart(): Promise<typeof import('./read')> {
    vi.resetModules();
    return import('./read');
  }

  it('keeps the synced crate, so the next start (offline at the shop) lists it without reading the records', async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 0, d)).toISOString();
    const first = [
      makeRecord({ id: 1, title: 'Blue Train', date_added: day(3) }),
      makeRecord({ id: 2, title: 'Kind of Blue', date_added: day(1) }),
    ];
    const second = [
      makeRecord({ id: 3, title: 'Blue Lines', date_added: day(2) }),
      makeRecord({ id: 4, title: 'Maggot Brain', date_added: day(4) }),
    ];
    serve([
      { rev: 2, records: first, deleted: [], more: true, reset: false },
      { rev: 3, records: second, deleted: [], more: false, reset: false },
    ]);
    await syncOfflineCopy(7);
    await crateSnapshotSettled();
    const db = await openOfflineCopy(7);
    expect(await db.get('crate', 'snapshot')).toMatchObject({ rev: 3 });
    // The records counted at the revision synced, for the next start to read instead of counting.
    expect((await db.get('meta', 'state'))?.counted).toEqual({ rev: 3, records: 4 });
    // The records store emptied behind its back (no sync does that without moving the revision):
    // the next start still lists the crate, so it came from the kept snapshot.
    await db.clear('records');
    const reads = await nextStart();
    const crate = [...first, ...second];
    for (const rules of [{ sort: 'newest' as const, search: 'BLUE' }, { sort: 'title_asc' as const }]) {
      const copy = await reads.readCopyRecords(7, rules);
      expect(copy?.value).toEqual(recordList(crate, rules));
      expect(copy?.records).toBe(4);
    }
  });

  it('keeps it again after a sync that changed the crate, with the change', async () => {
    serve([
      {
        rev: 2,
        records: [makeRecord({ id: 1, title: 'Blue Train' })],
        deleted: [],
        more: false,
        reset: false,
      },
      {
        rev: 5,
        records: [makeRecord({ id: 1, title: 'Blue Train (mono)' })],
        deleted: [],
        more: false,
        reset: false,
      },
    ]);
    await syncOfflineCopy(7);
    await crateSnapshotSettled();
    await syncOfflineCopy(7);
    await crateSnapshotSettled();
    const db = await openOfflineCopy(7);
    expect(await db.get('crate', 'snapshot')).toMatchObject({ rev: 5 });
    await db.clear('records');
    const copy = await (await nextStart()).readCopyRecords(7, { sort: 'newest', search: 'mono' });
    expect(copy?.value.map((r) => r.title)).toEqual(['Blue Train (mono)']);
  });
});

describe('one copy per user', () => {
  it('another user signing in deletes the previous user’s copy', async () => {
    serve([
      { rev: 2, records: [makeRecord({ id: 1, title: 'Mine' })], deleted: [], more: false, reset: false },
    ]);
    await syncOfflineCopy(7);
    await openOfflineCopy(8);
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).toContain(offlineDbName(8));
    expect(names).not.toContain(offlineDbName(7));
  });

  it('logging out leaves no offline database', async () => {
    serve([
      { rev: 2, records: [makeRecord({ id: 1, title: 'Mine' })], deleted: [], more: false, reset: false },
    ]);
    await syncOfflineCopy(7);
    await deleteOfflineCopy();
    // Also once the crate's snapshot, begun after the sync, has given up: it made no new copy.
    await crateSnapshotSettled();
    expect((await indexedDB.databases()).filter((d) => d.name?.startsWith('spincrate-offline-'))).toEqual([]);
  });
});
