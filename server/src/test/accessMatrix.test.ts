/**
 * Who may touch what (API.md "Friendship and visibility"): every id-bearing route
 * called as the owner, a friend (who added the owner, so may read the owner's crate),
 * a stranger and an anonymous visitor. Anonymous gets 401; a stranger gets 404; a
 * friend may read what API.md lets friends read and gets 404 for every write; a
 * refused request answers exactly as a missing row does. After every refused write
 * the database is checked to be unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from './contract.js';
import {
  befriend,
  createRecord,
  createSpin,
  createTestApp,
  signedInUser,
  type Agent,
  type TestApp,
  type TestUser,
} from './harness.js';

let t: TestApp;
let owner: { user: TestUser; agent: Agent };
let friend: { user: TestUser; agent: Agent };
let stranger: { user: TestUser; agent: Agent };

/** An id no row has. */
const MISSING_ID = 2147483647;

beforeAll(async () => {
  t = createTestApp();
  owner = await signedInUser(t);
  friend = await signedInUser(t);
  stranger = await signedInUser(t);
  // The friend added the owner: the friend may read the owner's records and spins.
  await befriend(t.db, friend.user.id, owner.user.id);
});
afterAll(async () => {
  await t.close();
});

/** The rows a query returns now, to compare before and after a refused write. */
function snapshot(sql: string, params: unknown[]): Promise<unknown[]> {
  return t.db.query(sql, params);
}

const recordSnapshot = (recordId: number) =>
  snapshot(
    `SELECT r.*, (SELECT array_agg(sr.spin_id ORDER BY sr.spin_id) FROM spin_records sr WHERE sr.record_id = r.id) AS spins
       FROM records r WHERE r.id = $1`,
    [recordId],
  );
const spinSnapshot = (spinId: number) =>
  snapshot(
    `SELECT s.*, (SELECT array_agg(sr.record_id ORDER BY sr.position) FROM spin_records sr WHERE sr.spin_id = s.id) AS records
       FROM spins s WHERE s.id = $1`,
    [spinId],
  );
const friendshipsSnapshot = (...userIds: number[]) =>
  snapshot(
    'SELECT user_id, friend_id, created_at FROM friendships WHERE user_id = ANY($1::int[]) OR friend_id = ANY($1::int[]) ORDER BY id',
    [userIds],
  );

/** A request as one of the four callers. */
type Call = (agent: Agent) => request.Test;

function as(who: 'owner' | 'friend' | 'stranger' | 'anonymous', call: Call): request.Test {
  if (who === 'anonymous') return call(request.agent(t.app));
  return call({ owner, friend, stranger }[who].agent);
}

function expectUnauthenticated(res: request.Response): void {
  expect(res.status).toBe(401);
  expect(res.body.error.code).toBe('unauthenticated');
}

/** 404, with the very body a missing row gets. */
function expectNotFound(res: request.Response, missing: request.Response): void {
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe('not_found');
  expect(res.body).toEqual(missing.body);
}

describe('GET /api/spins/single/{id}', () => {
  it('owner 200; friend, stranger 404 like a missing spin; anonymous 401', async () => {
    const recordId = await createRecord(t.db, owner.user.id, { title: 'Owner’s album' });
    const spinId = await createSpin(t.db, owner.user.id, [recordId], { details: 'owner’s spin' });
    const call: Call = (a) => a.get(`/api/spins/single/${spinId}`);
    const missing = await as('owner', (a) => a.get(`/api/spins/single/${MISSING_ID}`));

    const mine = await as('owner', call);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({ id: spinId, album_id: recordId, spin_details: 'owner’s spin' }),
    ]);
    expectNotFound(await as('friend', call), missing);
    expectNotFound(await as('stranger', call), missing);
    expectUnauthenticated(await as('anonymous', call));
  });
});

describe('DELETE /api/spins/{id}', () => {
  it('anonymous 401, friend and stranger 404, each leaving the spin untouched; then owner 204', async () => {
    const recordId = await createRecord(t.db, owner.user.id);
    const spinId = await createSpin(t.db, owner.user.id, [recordId]);
    const call: Call = (a) => a.delete(`/api/spins/${spinId}`);
    const missing = await as('owner', (a) => a.delete(`/api/spins/${MISSING_ID}`));
    const before = await spinSnapshot(spinId);
    expect(before).toHaveLength(1);

    expectUnauthenticated(await as('anonymous', call));
    expect(await spinSnapshot(spinId)).toEqual(before);
    expectNotFound(await as('friend', call), missing);
    expect(await spinSnapshot(spinId)).toEqual(before);
    expectNotFound(await as('stranger', call), missing);
    expect(await spinSnapshot(spinId)).toEqual(before);

    expect((await as('owner', call)).status).toBe(204);
    expect(await spinSnapshot(spinId)).toEqual([]);
  });
});

describe('POST /api/spins/add with the owner’s record', () => {
  it('friend and stranger get 400 fields.albums and store nothing; the owner gets 201', async () => {
    const recordId = await createRecord(t.db, owner.user.id);
    const body = { timeSpent: '0:45', listenedAt: '2026-01-01', details: 'borrowed', albums: [recordId] };
    const call: Call = (a) => a.post('/api/spins/add').send(body);
    const before = await recordSnapshot(recordId);

    for (const who of ['friend', 'stranger'] as const) {
      const res = await as(who, call);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['albums']);
      const { user } = who === 'friend' ? friend : stranger;
      expect(await snapshot('SELECT id FROM spins WHERE user_id = $1', [user.id])).toEqual([]);
      expect(await recordSnapshot(recordId)).toEqual(before);
    }
    expectUnauthenticated(await as('anonymous', call));
    expect(await recordSnapshot(recordId)).toEqual(before);

    expect((await as('owner', call)).status).toBe(201);
  });
});

describe('PUT /api/record/edit', () => {
  it('anonymous 401, friend and stranger 404, each leaving the record untouched; then owner 200', async () => {
    const recordId = await createRecord(t.db, owner.user.id, {
      title: 'Original',
      artist: 'Someone',
      details: 'as bought',
    });
    await createSpin(t.db, owner.user.id, [recordId]);
    const edit = { id: recordId, artist: 'Changed', title: 'Changed', mood: 3, details: 'changed' };
    const call: Call = (a) => a.put('/api/record/edit').send(edit);
    const missing = await as('owner', (a) => a.put('/api/record/edit').send({ ...edit, id: MISSING_ID }));
    const before = await recordSnapshot(recordId);

    expectUnauthenticated(await as('anonymous', call));
    expect(await recordSnapshot(recordId)).toEqual(before);
    expectNotFound(await as('friend', call), missing);
    expect(await recordSnapshot(recordId)).toEqual(before);
    expectNotFound(await as('stranger', call), missing);
    expect(await recordSnapshot(recordId)).toEqual(before);

    const mine = await as('owner', call);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(
      expect.objectContaining({ id: recordId, user_id: owner.user.id, title: 'Changed', mood_id: 3 }),
    );
  });
});

describe('DELETE /api/record/{id}', () => {
  it('anonymous 401, friend and stranger 404, each leaving the record and its spins; then owner 204, the spin stays', async () => {
    const recordId = await createRecord(t.db, owner.user.id);
    const spinId = await createSpin(t.db, owner.user.id, [recordId]);
    const call: Call = (a) => a.delete(`/api/record/${recordId}`);
    const missing = await as('owner', (a) => a.delete(`/api/record/${MISSING_ID}`));
    const before = await recordSnapshot(recordId);
    expect(before).toHaveLength(1);

    expectUnauthenticated(await as('anonymous', call));
    expect(await recordSnapshot(recordId)).toEqual(before);
    expectNotFound(await as('friend', call), missing);
    expect(await recordSnapshot(recordId)).toEqual(before);
    expectNotFound(await as('stranger', call), missing);
    expect(await recordSnapshot(recordId)).toEqual(before);

    expect((await as('owner', call)).status).toBe(204);
    expect(await recordSnapshot(recordId)).toEqual([]);
    const spin = await as('owner', (a) => a.get(`/api/spins/single/${spinId}`));
    expect(spin.status).toBe(200);
    expect(spin.body).toEqual([expect.objectContaining({ id: spinId, album_id: null })]);
  });
});

describe('DELETE /api/social/{id}', () => {
  it('only the user who added the friend ends that friendship; everyone else 404 or 401, nothing changes', async () => {
    // Fresh people, so that ending the friendship does not touch the shared ones.
    const adder = await signedInUser(t);
    const added = await signedInUser(t);
    const other = await signedInUser(t);
    await befriend(t.db, adder.user.id, added.user.id);
    const people = [adder.user.id, added.user.id, other.user.id];
    const before = await friendshipsSnapshot(...people);
    expect(before).toHaveLength(1);
    const missing = await other.agent.delete(`/api/social/${MISSING_ID}`);

    // The one who was added (the friend of the row) cannot end it from their side.
    expectNotFound(await added.agent.delete(`/api/social/${adder.user.id}`), missing);
    expect(await friendshipsSnapshot(...people)).toEqual(before);
    // A stranger naming the added user (or the adder) ends nothing.
    expectNotFound(await other.agent.delete(`/api/social/${added.user.id}`), missing);
    expectNotFound(await other.agent.delete(`/api/social/${adder.user.id}`), missing);
    expect(await friendshipsSnapshot(...people)).toEqual(before);
    expectUnauthenticated(await request(t.app).delete(`/api/social/${added.user.id}`));
    expect(await friendshipsSnapshot(...people)).toEqual(before);

    expect((await adder.agent.delete(`/api/social/${added.user.id}`)).status).toBe(204);
    expect(await friendshipsSnapshot(...people)).toEqual([]);
  });
});

describe('GET /api/social/friends/collection?id=', () => {
  it('friend 200 with the owner’s records; owner (not their own friend), stranger 404; anonymous 401', async () => {
    const recordId = await createRecord(t.db, owner.user.id, { title: 'Crate digger' });
    const call: Call = (a) => a.get(`/api/social/friends/collection?id=${owner.user.id}`);
    const missing = await as('friend', (a) => a.get(`/api/social/friends/collection?id=${MISSING_ID}`));

    const read = await as('friend', call);
    expect(read.status).toBe(200);
    expect(read.body.map((r: { id: number }) => r.id)).toContain(recordId);
    expect(read.body.every((r: { user_id: number }) => r.user_id === owner.user.id)).toBe(true);
    expectNotFound(await as('owner', call), missing);
    expectNotFound(await as('stranger', call), missing);
    expectUnauthenticated(await as('anonymous', call));
    // The friendship is one-directional: the owner cannot read the friend's crate.
    expectNotFound(
      await as('owner', (a) => a.get(`/api/social/friends/collection?id=${friend.user.id}`)),
      missing,
    );
  });
});

describe('GET /api/social/friends/collection/search?id=', () => {
  it('friend 200 with matches; owner, stranger 404; anonymous 401', async () => {
    const recordId = await createRecord(t.db, owner.user.id, { title: 'Matrix Search Target' });
    const call: Call = (a) =>
      a.get(`/api/social/friends/collection/search?search=matrix%20search&id=${owner.user.id}`);
    const missing = await as('friend', (a) =>
      a.get(`/api/social/friends/collection/search?search=matrix%20search&id=${MISSING_ID}`),
    );

    const read = await as('friend', call);
    expect(read.status).toBe(200);
    expect(read.body.map((r: { id: number }) => r.id)).toEqual([recordId]);
    expectNotFound(await as('owner', call), missing);
    expectNotFound(await as('stranger', call), missing);
    expectUnauthenticated(await as('anonymous', call));
  });
});

describe('GET /api/record/import/{id}', () => {
  it('owner 200; friend, stranger 404 like a missing import; anonymous 401', async () => {
    const [row] = await t.db.query<{ id: number }>(
      'INSERT INTO imports (user_id, total, imported) VALUES ($1, 0, 0) RETURNING id',
      [owner.user.id],
    );
    const importId = row!.id;
    const call: Call = (a) => a.get(`/api/record/import/${importId}`);
    const missing = await as('owner', (a) => a.get(`/api/record/import/${MISSING_ID}`));

    const mine = await as('owner', call);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(expect.objectContaining({ id: importId }));
    expectNotFound(await as('friend', call), missing);
    expectNotFound(await as('stranger', call), missing);
    expectUnauthenticated(await as('anonymous', call));
  });
});
