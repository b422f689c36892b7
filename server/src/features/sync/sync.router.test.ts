/**
 * API.md "Offline copy and repeat-safe writes": `GET /api/sync/records?since=R&limit=N`
 * answers `{rev, records, deleted, more, reset}` — the caller's records changed after R,
 * oldest change first, as Records; the ids deleted after R; the revision to ask from next;
 * whether another call is needed; `reset` when R is too old to answer. A walk under
 * concurrent adds, edits, deletes and spins ends with exactly the crate `GET /api/record`
 * shows.
 */
import { describe, expect, it } from 'vitest';
import {
  createRecord,
  createUser,
  loginAgent,
  signedInUser,
  useTestApp,
  type Agent,
} from '@/test/harness.js';

const t = useTestApp();

interface Rec {
  id: number;
  user_id: number;
  title: string;
  play_count: number;
  [field: string]: unknown;
}

interface SyncPage {
  rev: number;
  records: Rec[];
  deleted: number[];
  more: boolean;
  reset: boolean;
}

/** One call of the sync route; fails the test on anything but 200. */
async function syncOnce(agent: Agent, query: Record<string, string | number>): Promise<SyncPage> {
  const res = await agent.get('/api/sync/records').query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SyncPage;
}

/** An offline copy as a client keeps it: records by id, and the revision to ask from next. */
interface Copy {
  records: Map<number, Rec>;
  rev: number | undefined;
}

/** Applies one page to a copy as a client would (a reset starts from nothing). */
function apply(copy: Copy, page: SyncPage): void {
  if (page.reset) copy.records.clear();
  for (const record of page.records) copy.records.set(record.id, record);
  for (const id of page.deleted) copy.records.delete(id);
  copy.rev = page.rev;
}

/** Calls until `more` is false, applying every page; returns the pages. */
async function syncAll(agent: Agent, copy: Copy, limit?: number): Promise<SyncPage[]> {
  const pages: SyncPage[] = [];
  for (;;) {
    const query: Record<string, number> = {};
    if (copy.rev !== undefined) query.since = copy.rev;
    if (limit !== undefined) query.limit = limit;
    const page = await syncOnce(agent, query);
    pages.push(page);
    apply(copy, page);
    if (!page.more) return pages;
  }
}

/** The whole crate as `GET /api/record` answers it, by id. */
async function crate(agent: Agent): Promise<Rec[]> {
  const res = await agent.get('/api/record');
  expect(res.status).toBe(200);
  return (res.body as Rec[]).sort((a, b) => a.id - b.id);
}

function byId(copy: Copy): Rec[] {
  return [...copy.records.values()].sort((a, b) => a.id - b.id);
}

async function addRecord(agent: Agent, title: string): Promise<Rec> {
  const res = await agent.post('/api/record/add').send({ artist: 'Sync Artist', title, mood: 10 });
  expect(res.status).toBe(201);
  return res.body as Rec;
}

describe('GET /api/sync/records', () => {
  it('answers 401 without a session', async () => {
    const res = await t.agent().get('/api/sync/records');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it.each([
    ['limit', '0'],
    ['limit', '2001'],
    ['limit', 'abc'],
    ['limit', '1.5'],
    ['limit', ''],
    ['since', '-1'],
    ['since', 'abc'],
    ['since', '1e3'],
    ['since', ''],
  ])('answers 400 for %s=%j with the field named', async (field, value) => {
    const { agent } = await signedInUser(t);
    const res = await agent.get(`/api/sync/records?${field}=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
  });

  it('gives a new crate from nothing: every record as GET /api/record shows it, nothing more to ask', async () => {
    const { user, agent } = await signedInUser(t);
    for (let i = 0; i < 5; i++) await createRecord(t.db, user.id, { title: `Record ${i}` });
    await addRecord(agent, 'Added through the API');

    const page = await syncOnce(agent, {});
    expect(page.reset).toBe(false);
    expect(page.more).toBe(false);
    expect(page.deleted).toEqual([]);
    expect([...page.records].sort((a, b) => a.id - b.id)).toEqual(await crate(agent));
    // Nothing changed since: an empty page with the same revision.
    expect(await syncOnce(agent, { since: page.rev })).toEqual({
      rev: page.rev,
      records: [],
      deleted: [],
      more: false,
      reset: false,
    });
  });

  it('gives every field as GET /api/record does: collection details, cover, tags, plays, text needing escapes', async () => {
    const { agent } = await signedInUser(t);
    const full = await agent.post('/api/record/add').send({
      artist: 'Sly & the "Family" Stone \\ Ø',
      title: "There's a Riot Goin' On 🎶",
      mood: 10,
      details: 'Tab\there, quote " and backslash \\, U+2028 \u2028 and U+001F \u001f',
      tags: ['funk', 'soul "deep"', 'münchen'],
      year: 1971,
      coverart: 'https://covers.example/riot.jpg',
      rating: 5,
      folder: 'Funk',
      location: 'Shelf 1',
      media_condition: 'Very Good Plus (VG+)',
      sleeve_condition: 'Generic',
      price: { amount: '7.05', currency: 'GBP' },
      purchased_on: '2020-02-29',
      purchased_from: 'Honest Jon’s',
      label: 'Epic',
      catalog_number: 'KE 30986',
      format: 'LP, Album',
      discogs_release_id: 987654,
    });
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    // Its thumbnails are done (API.md "Covers served by Spincrate": \`cover\` then names them).
    await t.db.query("UPDATE records SET cover_key = 'abcdef0123456789abcdef0123456789' WHERE id = $1", [
      full.body.id,
    ]);
    const bare = await addRecord(agent, 'No cover of its own');
    const spin = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '0:40', listenedAt: '2025-12-24', details: 'a spin', albums: [full.body.id] });
    expect(spin.status, JSON.stringify(spin.body)).toBe(201);

    const synced = (await syncOnce(agent, {})).records.sort((a, b) => a.id - b.id);
    const listed = await crate(agent);
    expect(synced).toEqual(listed);
    expect(listed.map((r) => r.id)).toEqual([full.body.id, bare.id]);
    expect(listed[0]).toMatchObject({
      title: "There's a Riot Goin' On 🎶",
      price: { amount: '7.05', currency: 'GBP' },
      cover: { small: '/covers/abcdef0123456789abcdef0123456789-250.webp' },
      play_count: 1,
      last_played: '2025-12-24',
    });
    // No cover URL of its own: the app's fallback cover, never empty.
    expect(listed[1]!.coverart).toMatch(/^http.*\/covers\/fallback\.svg$/);
    // The page itself is ASCII (migration 0026): "Ø", "🎶", "ü", "’" and U+2028 as JSON escapes.
    const raw = await agent.get('/api/sync/records');
    expect(raw.text).toMatch(/^[\x20-\x7e]*$/);
    expect(raw.text).toContain('Stone \\\\ \\u00d8');
    expect(raw.text).toContain('\\ud83c\\udfb6');
  });

  it('answers an empty crate with revision 0 and nothing in it', async () => {
    const { agent } = await signedInUser(t);
    expect(await syncOnce(agent, {})).toEqual({
      rev: 0,
      records: [],
      deleted: [],
      more: false,
      reset: false,
    });
    expect(await syncOnce(agent, { since: 0 })).toEqual({
      rev: 0,
      records: [],
      deleted: [],
      more: false,
      reset: false,
    });
  });

  it('pages by limit, oldest change first, with more until the last page', async () => {
    const { agent } = await signedInUser(t);
    const added: Rec[] = [];
    for (let i = 0; i < 7; i++) added.push(await addRecord(agent, `Paged ${i}`));

    const copy: Copy = { records: new Map(), rev: undefined };
    const pages = await syncAll(agent, copy, 3);
    expect(pages.map((p) => p.records.length)).toEqual([3, 3, 1]);
    expect(pages.map((p) => p.more)).toEqual([true, true, false]);
    // Oldest change first: the order they were added in.
    expect(pages.flatMap((p) => p.records.map((r) => r.id))).toEqual(added.map((r) => r.id));
    expect(byId(copy)).toEqual(await crate(agent));
  });

  it('ends with more false on a full last page, and pages deletions and spins like records', async () => {
    const { agent } = await signedInUser(t);
    const added: Rec[] = [];
    for (let i = 0; i < 6; i++) added.push(await addRecord(agent, `Even ${i}`));
    const copy: Copy = { records: new Map(), rev: undefined };
    const first = await syncAll(agent, copy, 3);
    // Exactly two pages' worth: the second says there is nothing more to ask.
    expect(first.map((p) => [p.records.length, p.more])).toEqual([
      [3, true],
      [3, false],
    ]);
    // Then three deletions and a spin of one more record: four changes, pages of three.
    for (const record of added.slice(0, 3)) {
      expect((await agent.delete(`/api/record/${record.id}`)).status).toBe(204);
    }
    const spin = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '0:30', listenedAt: '2026-11-20', details: 'late', albums: [added[3]!.id] });
    expect(spin.status).toBe(201);
    const next = await syncAll(agent, copy, 3);
    expect(next.map((p) => [p.deleted.length, p.records.length, p.more])).toEqual([
      [3, 0, true],
      [0, 1, false],
    ]);
    expect(next[1]!.records[0]).toMatchObject({ id: added[3]!.id, play_count: 1 });
    expect(byId(copy)).toEqual(await crate(agent));
  });

  it('after a revision: only the records edited, spun or added since, and the ids deleted since', async () => {
    const { agent } = await signedInUser(t);
    const untouched = await addRecord(agent, 'Untouched');
    const edited = await addRecord(agent, 'Before the edit');
    const spun = await addRecord(agent, 'Spun later');
    const deleted = await addRecord(agent, 'Deleted later');
    const { rev } = await syncOnce(agent, {});

    const edit = await agent
      .put('/api/record/edit')
      .send({ id: edited.id, artist: 'Sync Artist', title: 'After the edit', mood: 3, details: 'edited' });
    expect(edit.status).toBe(200);
    const spin = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '0:40', listenedAt: '2026-11-20', details: 'a spin', albums: [spun.id] });
    expect(spin.status).toBe(201);
    expect((await agent.delete(`/api/record/${deleted.id}`)).status).toBe(204);
    const added = await addRecord(agent, 'Added later');

    const page = await syncOnce(agent, { since: rev });
    expect(page.reset).toBe(false);
    expect(page.more).toBe(false);
    expect(page.rev).toBeGreaterThan(rev);
    // Oldest change first: the edit, the spin's play, then the add.
    expect(page.records.map((r) => r.id)).toEqual([edited.id, spun.id, added.id]);
    expect(page.records[0]).toMatchObject({ title: 'After the edit', details: 'edited', mood_id: 3 });
    expect(page.records[1]).toMatchObject({ play_count: 1, last_played: '2026-11-20' });
    expect(page.deleted).toEqual([deleted.id]);
    expect(page.records.map((r) => r.id)).not.toContain(untouched.id);

    // Deleting the spin changes the record's play count again.
    const spinId = (spin.body as { id: number }).id;
    expect((await agent.delete(`/api/spins/${spinId}`)).status).toBe(204);
    const after = await syncOnce(agent, { since: page.rev });
    expect(after.records.map((r) => [r.id, r.play_count, r.last_played])).toEqual([[spun.id, 0, null]]);
    expect(after.deleted).toEqual([]);
  });

  it('answers reset when the revision is above the crate’s, or older than the tombstones kept (90 days)', async () => {
    const { user, agent } = await signedInUser(t);
    const first = await addRecord(agent, 'First');
    const second = await addRecord(agent, 'Second');
    const third = await addRecord(agent, 'Third');
    const { rev: beforeDeletes } = await syncOnce(agent, {});

    // A revision this crate never had: start from nothing (the page is the first one from nothing).
    const ahead = await syncOnce(agent, { since: beforeDeletes + 1000 });
    expect(ahead.reset).toBe(true);
    expect(ahead.deleted).toEqual([]);
    expect(ahead.records.map((r) => r.id)).toEqual([first.id, second.id, third.id]);

    // A deletion 91 days ago: its tombstone goes when the crate's owner deletes again.
    expect((await agent.delete(`/api/record/${first.id}`)).status).toBe(204);
    const { rev: afterFirstDelete } = await syncOnce(agent, { since: beforeDeletes });
    await t.db.query(
      `UPDATE record_tombstones SET deleted_at = now() - interval '91 days' WHERE user_id = $1`,
      [user.id],
    );
    expect((await agent.delete(`/api/record/${second.id}`)).status).toBe(204);

    // From before the pruned deletion: too old to answer.
    const old = await syncOnce(agent, { since: beforeDeletes });
    expect(old.reset).toBe(true);
    expect(old.records.map((r) => r.id)).toEqual([third.id]);
    // From after it: the newer deletion still comes as a tombstone.
    const recent = await syncOnce(agent, { since: afterFirstDelete });
    expect(recent).toMatchObject({ reset: false, records: [], deleted: [second.id], more: false });
  });

  it('never reveals another user’s crate, whatever revision is asked from', async () => {
    const { user: other, agent: otherAgent } = await signedInUser(t);
    for (let i = 0; i < 6; i++) await createRecord(t.db, other.id, { title: `Not yours ${i}` });
    const otherRecord = await addRecord(otherAgent, 'Also not yours');
    expect((await otherAgent.delete(`/api/record/${otherRecord.id}`)).status).toBe(204);
    const otherRev = (await syncOnce(otherAgent, {})).rev;

    const me = await createUser(t.db);
    const agent = await loginAgent(t, me);
    const mine = await addRecord(agent, 'Mine');
    for (const since of [0, 1, otherRev - 1, otherRev, otherRev + 5]) {
      const page = await syncOnce(agent, { since });
      expect(page.records.every((r) => r.user_id === me.id)).toBe(true);
      expect(page.deleted).not.toContain(otherRecord.id);
      expect(page.rev).toBeLessThanOrEqual(1);
    }
    expect((await syncOnce(agent, { since: otherRev })).reset).toBe(true);
    expect((await syncOnce(agent, {})).records.map((r) => r.id)).toEqual([mine.id]);
  });

  it('compresses a large page', async () => {
    const { user, agent } = await signedInUser(t);
    for (let i = 0; i < 20; i++) await createRecord(t.db, user.id, { title: `Compressed ${i}` });
    const res = await agent.get('/api/sync/records').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('a walk while records are added, edited, deleted and spun ends with exactly the crate GET /api/record shows', async () => {
    const { user, agent } = await signedInUser(t);
    const writer = await loginAgent(t, user);
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push(await createRecord(t.db, user.id, { title: `Walked ${i}` }));

    const copy: Copy = { records: new Map(), rev: undefined };
    let writing = true;
    const writes = (async () => {
      for (let round = 0; round < 12; round++) {
        const live = ids.filter((id) => id !== 0);
        const pick = (n: number) => live[(round * 7 + n) % live.length]!;
        const results = await Promise.all([
          writer.post('/api/record/add').send({ artist: 'Sync Artist', title: `Added ${round}`, mood: 10 }),
          writer.put('/api/record/edit').send({
            id: pick(1),
            artist: 'Edited',
            title: `Edit ${round}`,
            mood: 4,
            details: `round ${round}`,
          }),
          writer.post('/api/spins/add').send({
            timeSpent: '0:30',
            listenedAt: '2026-11-21',
            details: `spin ${round}`,
            albums: [pick(2), pick(3)],
          }),
        ]);
        expect(results.map((r) => r.status)).toEqual([201, 200, 201]);
        ids.push((results[0].body as Rec).id);
        const victim = pick(5);
        const del = await writer.delete(`/api/record/${victim}`);
        expect(del.status).toBe(204);
        ids[ids.indexOf(victim)] = 0;
      }
      writing = false;
    })();
    // Walk in small pages for as long as the writes go on, then once more to the end.
    const walks = (async () => {
      while (writing) await syncAll(agent, copy, 7);
    })();
    await Promise.all([writes, walks]);
    await syncAll(agent, copy, 7);

    expect(byId(copy)).toEqual(await crate(agent));
    expect(copy.records.size).toBe(60);
  });
});

describe('GET /api/sync/wants (API.md: "Wants come the same way")', () => {
  interface Want {
    id: number;
    title: string;
    [field: string]: unknown;
  }
  interface WantPage {
    rev: number;
    wants: Want[];
    deleted: number[];
    more: boolean;
    reset: boolean;
  }

  /** Walks the wants from a revision until `more` is false; the copy as a client keeps it. */
  async function walkWants(agent: Agent, copy: Map<number, Want>, since: number | undefined, limit: number) {
    let rev = since;
    for (;;) {
      const res = await agent
        .get('/api/sync/wants')
        .query({ ...(rev === undefined ? {} : { since: rev }), limit });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body as WantPage;
      if (page.reset) copy.clear();
      for (const want of page.wants) copy.set(want.id, want);
      for (const id of page.deleted) copy.delete(id);
      rev = page.rev;
      if (!page.more) return rev;
    }
  }

  /** The wantlist as `GET /api/want` answers it, by id. */
  async function wantlist(agent: Agent): Promise<Want[]> {
    const res = await agent.get('/api/want');
    expect(res.status).toBe(200);
    return (res.body as Want[]).sort((a, b) => a.id - b.id);
  }

  const add = async (agent: Agent, title: string) => {
    const res = await agent.post('/api/want/add').send({ artist: 'Funkadelic', title, priority: 2 });
    expect(res.status).toBe(201);
    return res.body as Want;
  };

  it('answers the wants as GET /api/want shows them, then only what changed: edits, deletes, Got it', async () => {
    const { agent } = await signedInUser(t);
    const first = await add(agent, 'Maggot Brain');
    const second = await add(agent, 'Free Your Mind');
    const third = await add(agent, 'Cosmic Slop');
    const copy = new Map<number, Want>();
    let rev = await walkWants(agent, copy, undefined, 2);
    expect([...copy.values()].sort((a, b) => a.id - b.id)).toEqual(await wantlist(agent));

    const edited = await agent.put('/api/want/edit').send({
      id: first.id,
      artist: 'Funkadelic',
      title: 'Maggot Brain',
      priority: 1,
      notes: 'orig. Westbound',
    });
    expect(edited.status).toBe(200);
    expect((await agent.delete(`/api/want/${second.id}`)).status).toBe(204);
    const got = await agent.post(`/api/want/${third.id}/got`).send({ mood: 3 });
    expect(got.status).toBe(201);
    await add(agent, 'America Eats Its Young');

    const changed = await agent.get('/api/sync/wants').query({ since: rev });
    expect(changed.status).toBe(200);
    expect(changed.body.reset).toBe(false);
    expect(changed.body.wants.map((w: Want) => w.title).sort()).toEqual([
      'America Eats Its Young',
      'Maggot Brain',
    ]);
    expect(changed.body.deleted.sort()).toEqual([second.id, third.id].sort());

    rev = await walkWants(agent, copy, rev, 1);
    expect([...copy.values()].sort((a, b) => a.id - b.id)).toEqual(await wantlist(agent));
    expect(copy.get(first.id)).toMatchObject({ priority: 1, notes: 'orig. Westbound' });

    // Nothing changed since: an empty page at the same revision.
    const quiet = await agent.get('/api/sync/wants').query({ since: rev });
    expect(quiet.body).toEqual({ rev, wants: [], deleted: [], more: false, reset: false });
    // A want is never part of the crate's walk.
    const records = await agent.get('/api/sync/records');
    expect(records.body.records.map((r: { title: string }) => r.title)).toEqual(['Cosmic Slop']);
  });

  it('forgets a want deletion over 90 days old when its owner deletes again, and only that owner’s', async () => {
    const { user, agent } = await signedInUser(t);
    const { user: other, agent: otherAgent } = await signedInUser(t);
    const first = await add(agent, 'Maggot Brain');
    const second = await add(agent, 'Free Your Mind');
    const third = await add(agent, 'Cosmic Slop');
    const otherWant = await add(otherAgent, 'Standing on the Verge');
    const sync = async (who: Agent, since: number) =>
      (await who.get('/api/sync/wants').query({ since })).body as WantPage;
    const beforeDeletes = (await agent.get('/api/sync/wants')).body.rev as number;
    const otherBefore = (await otherAgent.get('/api/sync/wants')).body.rev as number;

    expect((await agent.delete(`/api/want/${first.id}`)).status).toBe(204);
    expect((await otherAgent.delete(`/api/want/${otherWant.id}`)).status).toBe(204);
    const afterFirstDelete = (await sync(agent, beforeDeletes)).rev;
    await t.db.query(
      `UPDATE want_tombstones SET deleted_at = now() - interval '91 days' WHERE user_id IN ($1, $2)`,
      [user.id, other.id],
    );
    expect((await agent.delete(`/api/want/${second.id}`)).status).toBe(204);

    // From before the pruned deletion: too old to answer, the walk starts again.
    const old = await sync(agent, beforeDeletes);
    expect(old.reset).toBe(true);
    expect(old.wants.map((w) => w.id)).toEqual([third.id]);
    // From after it: the newer deletion still comes as a tombstone.
    expect(await sync(agent, afterFirstDelete)).toMatchObject({
      reset: false,
      wants: [],
      deleted: [second.id],
    });
    // The other user deleted nothing since: their old deletion is still answered.
    expect(await sync(otherAgent, otherBefore)).toMatchObject({
      reset: false,
      wants: [],
      deleted: [otherWant.id],
    });
  });

  it("shows nothing of another user's wants, and answers 401 without a session", async () => {
    const { agent } = await signedInUser(t);
    const { agent: other } = await signedInUser(t);
    await add(other, 'Standing on the Verge of Getting It On');
    const res = await agent.get('/api/sync/wants');
    expect(res.status).toBe(200);
    expect(res.body.wants).toEqual([]);
    const anonymous = await t.agent().get('/api/sync/wants');
    expect(anonymous.status).toBe(401);
  });
});
