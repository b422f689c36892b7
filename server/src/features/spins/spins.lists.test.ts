/**
 * API.md "Lists at scale" on GET /api/spins (issue 10): `limit` and `cursor` keyset
 * pages, newest `listened_at` first then `id` desc, with `Link: rel="next"` and
 * `X-Total-Count`; without `limit` and `cursor` the whole list exactly as before; a walk
 * returns every spin that existed during the whole walk exactly once while spins come
 * and go; malformed, altered and foreign cursors are refused; ETag and 304.
 */
import { describe, expect, it } from 'vitest';
import {
  createRecord,
  createSpin,
  deleteSeenAndUnseen,
  expectEachOnce,
  nextCursor,
  nextPageUrl,
  signedInUser,
  useTestApp,
  walkPages,
  type Agent,
} from '@/test/harness.js';

const t = useTestApp();

interface Spin {
  id: number;
  listened_at: string;
  time_spent: string;
  spin_details: string;
  records: Array<{ id: number; title: string; artist: string }>;
}

/** API.md: newest `listened_at` first, then `id` desc. */
const newestFirst = (a: Spin, b: Spin) => b.listened_at.localeCompare(a.listened_at) || b.id - a.id;

/** `YYYY-MM-DD` of 2026-01-01 plus `days`. */
const day = (days: number) => new Date(Date.UTC(2026, 0, 1 + days)).toISOString().slice(0, 10);

/** A user with one record and `count` spins of it, several on one day (the id decides there). */
async function userWithSpins(count: number): Promise<{ userId: number; agent: Agent; recordId: number }> {
  const { user, agent } = await signedInUser(t);
  const recordId = await createRecord(t.db, user.id, { title: 'Blue Train', artist: 'John Coltrane' });
  for (let i = 0; i < count; i += 1) {
    await createSpin(t.db, user.id, [recordId], { listenedAt: day(i % 4), details: `spin ${i}` });
  }
  return { userId: user.id, agent, recordId };
}

describe('GET /api/spins with limit and cursor', () => {
  it('answers the whole list exactly as before without limit and cursor: no paging headers', async () => {
    const { agent } = await userWithSpins(7);
    const res = await agent.get('/api/spins').expect(200);
    const spins = res.body as Spin[];
    expect(spins).toHaveLength(7);
    expect(spins).toEqual([...spins].sort(newestFirst));
    expect(spins[0]!.records).toEqual([
      expect.objectContaining({ title: 'Blue Train', artist: 'John Coltrane' }),
    ]);
    expect(res.headers['x-total-count']).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
  });

  it('answers at most `limit` spins with X-Total-Count and a Link rel="next" to the same path and query plus a cursor', async () => {
    const { agent } = await userWithSpins(7);
    const res = await agent.get('/api/spins?limit=3').expect(200);
    expect(res.body).toHaveLength(3);
    expect(res.headers['x-total-count']).toBe('7');
    const next = new URL(nextPageUrl(res.headers.link)!, 'http://localhost');
    expect(next.pathname).toBe('/api/spins');
    expect(next.searchParams.get('limit')).toBe('3');
    expect(next.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('walks from the first page to the last: each spin once, newest listened_at first then id desc, the last page without Link', async () => {
    const { agent } = await userWithSpins(11);
    const whole = (await agent.get('/api/spins').expect(200)).body as Spin[];
    const pages = await walkPages<Spin>(agent, '/api/spins?limit=4');
    expect(pages.map((p) => p.items.length)).toEqual([4, 4, 3]);
    expect(pages.every((p) => p.total === '11')).toBe(true);
    expect(pages.at(-1)!.link).toBeUndefined();
    expect(pages.flatMap((p) => p.items)).toEqual([...whole].sort(newestFirst));
  });

  it('gives no Link when the spins exactly fill the page, and [] with X-Total-Count 0 for no spins', async () => {
    const { agent } = await userWithSpins(5);
    const full = await agent.get('/api/spins?limit=5').expect(200);
    expect(full.body).toHaveLength(5);
    expect(full.headers.link).toBeUndefined();
    const { agent: empty } = await signedInUser(t);
    const none = await empty.get('/api/spins?limit=10').expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    expect(none.headers.link).toBeUndefined();
  });

  it('returns every spin that existed during the whole walk exactly once while spins are added and deleted between pages', async () => {
    const { userId, agent, recordId } = await userWithSpins(20);
    const initial = ((await agent.get('/api/spins').expect(200)).body as Spin[]).map((s) => s.id);
    const deleted = new Set<number>();
    let added = 0;
    const pages = await walkPages<Spin>(agent, '/api/spins?limit=3', async (seen) => {
      // Spins that sort first (a later day), last (an earlier day) and among those seen
      // and not seen yet (the same days, with higher ids).
      for (const listenedAt of [day(30), day(-30), day(1), day(2)]) {
        await createSpin(t.db, userId, [recordId], { listenedAt, details: 'added during the walk' });
        added += 1;
      }
      // Delete one spin not seen yet and one already seen, through the API.
      await deleteSeenAndUnseen(agent, (id) => `/api/spins/${id}`, initial, seen, deleted);
    });
    const seen = pages.flatMap((p) => p.items.map((s) => s.id));
    expect(added).toBeGreaterThan(0);
    expectEachOnce(
      seen,
      initial.filter((i) => !deleted.has(i)),
      'spins',
    );
    // Each page is in the list's order.
    for (const page of pages) expect(page.items).toEqual([...page.items].sort(newestFirst));
  });

  it('returns every spin exactly once while other requests add and delete spins at the same time', async () => {
    const { userId, agent, recordId } = await userWithSpins(30);
    const initial = ((await agent.get('/api/spins').expect(200)).body as Spin[]).map((s) => s.id);
    // Half of the initial spins (every other one) are deleted while the walk runs.
    const doomed = initial.filter((_, i) => i % 2 === 1);
    const kept = initial.filter((_, i) => i % 2 === 0);
    const writer = (async () => {
      for (const [i, id] of doomed.entries()) {
        await agent.delete(`/api/spins/${id}`).expect(204);
        await createSpin(t.db, userId, [recordId], { listenedAt: day(i % 5), details: 'concurrent' });
      }
    })();
    const [pages] = await Promise.all([walkPages<Spin>(agent, '/api/spins?limit=2'), writer]);
    expectEachOnce(
      pages.flatMap((p) => p.items.map((s) => s.id)),
      kept,
      'spins',
    );
  });
});

describe('GET /api/spins query checks', () => {
  it('answers 400 with fields.limit for a limit that is not a whole number from 1 to 200', async () => {
    const { agent } = await signedInUser(t);
    for (const limit of ['0', '201', 'abc', '1.5', '-1', '', '1e2']) {
      const { body } = await agent.get(`/api/spins?limit=${limit}`).expect(400);
      expect([limit, body.error.code, Object.keys(body.error.fields)]).toEqual([
        limit,
        'validation_failed',
        ['limit'],
      ]);
    }
  });

  it('accepts limit 1 and 200', async () => {
    const { agent } = await userWithSpins(3);
    expect((await agent.get('/api/spins?limit=1').expect(200)).body).toHaveLength(1);
    expect((await agent.get('/api/spins?limit=200').expect(200)).body).toHaveLength(3);
  });

  it('answers 400 for a cursor without a limit', async () => {
    const { agent } = await userWithSpins(3);
    const cursor = nextCursor((await agent.get('/api/spins?limit=1').expect(200)).headers.link);
    const res = await agent.get(`/api/spins?cursor=${cursor}`).expect(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty('limit');
  });

  it('answers 400 for a malformed cursor and for one with any character changed', async () => {
    const { agent } = await userWithSpins(3);
    for (const cursor of ['abc', 'not a cursor', '%%%', 'A'.repeat(3000), '']) {
      const res = await agent.get(`/api/spins?limit=1&cursor=${encodeURIComponent(cursor)}`).expect(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields).toHaveProperty('cursor');
    }
    const cursor = nextCursor((await agent.get('/api/spins?limit=1').expect(200)).headers.link);
    // Not the last character: base64url's last character may carry unused bits.
    for (const at of [0, Math.floor(cursor.length / 2), cursor.length - 2]) {
      const altered = cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
      const res = await agent.get(`/api/spins?limit=1&cursor=${altered}`).expect(400);
      expect(res.body.error.fields).toHaveProperty('cursor');
    }
  });

  it('refuses another user’s cursor, and a record list’s cursor, as malformed, revealing nothing', async () => {
    const owner = await userWithSpins(3);
    const cursor = nextCursor((await owner.agent.get('/api/spins?limit=1').expect(200)).headers.link);
    expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toContain('spin 1');
    const other = await userWithSpins(3);
    const res = await other.agent.get(`/api/spins?limit=1&cursor=${cursor}`).expect(400);
    const malformed = await other.agent
      .get('/api/spins?limit=1&cursor=abcdefghijklmnopqrstuvwxyz0123456789abcdefghij')
      .expect(400);
    expect(res.body).toEqual(malformed.body);
    expect(res.text).not.toContain('spin');
    // The owner's own record list cursor is not a spins cursor.
    await createRecord(t.db, owner.userId, { title: 'Giant Steps' });
    const recordCursor = nextCursor((await owner.agent.get('/api/record?limit=1').expect(200)).headers.link);
    await owner.agent.get(`/api/spins?limit=1&cursor=${recordCursor}`).expect(400);
  });
});

describe('GET /api/spins pages: ETag and 304', () => {
  it('tags a page, answers 304 to its tag, and changes tag and X-Total-Count when a spin is added or deleted', async () => {
    const { userId, agent, recordId } = await userWithSpins(3);
    // The host is part of the tag; supertest gives each request a port of its own, a browser one host.
    agent.set('Host', 'spincrate.test');
    const first = await agent.get('/api/spins?limit=2').expect(200);
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    await agent.get('/api/spins?limit=2').set('If-None-Match', tag).expect(304);
    const spinId = await createSpin(t.db, userId, [recordId], { listenedAt: day(40) });
    const after = await agent.get('/api/spins?limit=2').set('If-None-Match', tag).expect(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.headers['x-total-count']).toBe('4');
    expect((after.body as Spin[])[0]!.id).toBe(spinId);
    await agent.delete(`/api/spins/${spinId}`).expect(204);
    const gone = await agent.get('/api/spins?limit=2').expect(200);
    expect(gone.headers['x-total-count']).toBe('3');
    expect((gone.body as Spin[]).map((s) => s.id)).not.toContain(spinId);
  });
});
