/**
 * Play counts (API.md "Entities as returned": Record's `play_count` and `last_played`):
 * every list that returns Records shows them exactly, as soon as spins are added or
 * deleted, and when a record of a spin is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  createRecord,
  createTestApp,
  signedInUser,
  type Agent,
  type TestApp,
} from '@/test/harness.js';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Plays = Record<number, { play_count: number; last_played: string | null }>;

async function spin(agent: Agent, listenedAt: string, albums: number[]): Promise<number> {
  const res = await agent
    .post('/api/spins/add')
    .send({ listenedAt, timeSpent: '0:45', details: 'listening', albums });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

function playsOf(records: Array<{ id: number; play_count: number; last_played: string | null }>): Plays {
  return Object.fromEntries(
    records.map((r) => [r.id, { play_count: r.play_count, last_played: r.last_played }]),
  );
}

/** The plays of the owner's records in every list the owner and a friend get. */
async function everyList(owner: Agent, friend: Agent, ownerId: number, search: string) {
  const crate = await owner.get('/api/record');
  const found = await owner.get('/api/record/search').query({ search });
  const friendCrate = await friend.get('/api/social/friends/collection').query({ id: ownerId });
  const friendSearch = await friend
    .get('/api/social/friends/collection/search')
    .query({ id: ownerId, search });
  const hotp = await friend.get('/api/social/hotp');
  const backup = await owner.get('/api/record/export').query({ format: 'json' });
  for (const res of [crate, found, friendCrate, friendSearch, hotp, backup]) expect(res.status).toBe(200);
  return {
    crate: playsOf(crate.body),
    search: playsOf(found.body),
    friendCrate: playsOf(friendCrate.body),
    friendSearch: playsOf(friendSearch.body),
    hotp: playsOf(hotp.body),
    backup: playsOf(backup.body.records),
  };
}

function expectEverywhere(lists: Awaited<ReturnType<typeof everyList>>, want: Plays) {
  for (const [name, plays] of Object.entries(lists)) expect({ name, plays }).toEqual({ name, plays: want });
}

describe('play_count and last_played', () => {
  it('stay exact in every list through spins added and deleted and a record deleted', async () => {
    const { user, agent } = await signedInUser(t);
    const { user: friendUser, agent: friend } = await signedInUser(t);
    await befriend(t.db, friendUser.id, user.id);
    const tag = `plays-${user.id}`;
    const a = await createRecord(t.db, user.id, { title: 'A', tags: [tag] });
    const b = await createRecord(t.db, user.id, { title: 'B', tags: [tag] });
    const c = await createRecord(t.db, user.id, { title: 'C', tags: [tag] });

    expectEverywhere(await everyList(agent, friend, user.id, tag), {
      [a]: { play_count: 0, last_played: null },
      [b]: { play_count: 0, last_played: null },
      [c]: { play_count: 0, last_played: null },
    });

    const three = await spin(agent, '2026-03-01', [a, b, c]);
    // Two spins on the same day, and one earlier that must not move last_played back.
    const sameDay1 = await spin(agent, '2026-03-05', [a]);
    await spin(agent, '2026-03-05', [a, b]);
    await spin(agent, '2025-12-31', [c]);
    expectEverywhere(await everyList(agent, friend, user.id, tag), {
      [a]: { play_count: 3, last_played: '2026-03-05' },
      [b]: { play_count: 2, last_played: '2026-03-05' },
      [c]: { play_count: 2, last_played: '2026-03-01' },
    });

    // Deleting one of the two spins of 5 March keeps that date for a.
    expect((await agent.delete(`/api/spins/${sameDay1}`)).status).toBe(204);
    expectEverywhere(await everyList(agent, friend, user.id, tag), {
      [a]: { play_count: 2, last_played: '2026-03-05' },
      [b]: { play_count: 2, last_played: '2026-03-05' },
      [c]: { play_count: 2, last_played: '2026-03-01' },
    });

    // Deleting a record of the three-record spin leaves the others as they are.
    expect((await agent.delete(`/api/record/${b}`)).status).toBe(204);
    expectEverywhere(await everyList(agent, friend, user.id, tag), {
      [a]: { play_count: 2, last_played: '2026-03-05' },
      [c]: { play_count: 2, last_played: '2026-03-01' },
    });

    // Deleting the three-record spin: c falls back to its spin of 31 December.
    expect((await agent.delete(`/api/spins/${three}`)).status).toBe(204);
    expectEverywhere(await everyList(agent, friend, user.id, tag), {
      [a]: { play_count: 1, last_played: '2026-03-05' },
      [c]: { play_count: 1, last_played: '2025-12-31' },
    });
  });

  it('returns to never played when the only spin is deleted, and a refused spin counts nothing', async () => {
    const { user, agent } = await signedInUser(t);
    const { user: other } = await signedInUser(t);
    const mine = await createRecord(t.db, user.id);
    const theirs = await createRecord(t.db, other.id);
    const refused = await agent
      .post('/api/spins/add')
      .send({ listenedAt: '2026-01-01', timeSpent: '0:30', details: 'x', albums: [mine, theirs] });
    expect(refused.status).toBe(400);
    const only = await spin(agent, '2026-01-02', [mine]);
    expect((await agent.get('/api/record')).body[0]).toMatchObject({
      play_count: 1,
      last_played: '2026-01-02',
    });
    expect((await agent.delete(`/api/spins/${only}`)).status).toBe(204);
    expect((await agent.get('/api/record')).body[0]).toMatchObject({ play_count: 0, last_played: null });
    const theirsRow = await t.db.query<{ play_count: number }>(
      'SELECT play_count FROM record_plays WHERE record_id = $1',
      [theirs],
    );
    expect(theirsRow[0]!.play_count).toBe(0);
  });
});
