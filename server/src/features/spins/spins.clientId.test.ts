/**
 * API.md "Offline copy and repeat-safe writes": `POST /api/spins/add` takes an optional
 * `clientId` (a UUID made by the client). A repeat of the same `clientId` by the same user
 * stores nothing new and answers 200 with what the first request made (the first answered
 * 201). "Field rules": clientId is a UUID (any version).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRecord, signedInUser, useTestApp } from '@/test/harness.js';

const t = useTestApp();

interface SpinBody {
  id: number;
  listened_at: string;
  time_spent: string;
  spin_details: string;
}

async function spinRows(userId: number): Promise<Array<{ id: number; client_id: string | null }>> {
  return t.db.query('SELECT id, client_id FROM spins WHERE user_id = $1 ORDER BY id', [userId]);
}

async function playCount(recordId: number): Promise<number> {
  const rows = await t.db.query<{ play_count: number }>(
    'SELECT play_count FROM record_plays WHERE record_id = $1',
    [recordId],
  );
  return rows[0]!.play_count;
}

describe('POST /api/spins/add with clientId', () => {
  it('stores one spin for 10 parallel sends of the same clientId: one 201, the others 200 with the same spin', async () => {
    const { user, agent } = await signedInUser(t);
    const recordId = await createRecord(t.db, user.id);
    const clientId = randomUUID();
    const body = {
      timeSpent: '1:05',
      listenedAt: '2026-11-20',
      details: 'Sunday morning',
      albums: [recordId],
      clientId,
    };

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => agent.post('/api/spins/add').send(body)),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const first = answers.find((a) => a.status === 201)!.body as SpinBody;
    expect(first).toEqual({
      id: first.id,
      listened_at: '2026-11-20',
      time_spent: '1:05',
      spin_details: 'Sunday morning',
      // API.md "ListenBrainz": every Spin has started_at and scrobble (`off`: not connected).
      started_at: null,
      scrobble: { state: 'off', listens: 0, message: null },
    });
    for (const answer of answers) expect(answer.body).toEqual(first);
    expect(await spinRows(user.id)).toEqual([{ id: first.id, client_id: clientId }]);
    // One play, not ten.
    expect(await playCount(recordId)).toBe(1);
    const list = await agent.get('/api/spins');
    expect((list.body as SpinBody[]).map((s) => s.id)).toEqual([first.id]);
  });

  it('answers a later repeat with 200 and the first spin, even when the repeat differs', async () => {
    const { user, agent } = await signedInUser(t);
    const recordId = await createRecord(t.db, user.id);
    const clientId = randomUUID().toUpperCase();
    const first = await agent
      .post('/api/spins/add')
      .send({ timeSpent: '0:45', listenedAt: '2026-11-19', details: 'first', albums: [recordId], clientId });
    expect(first.status).toBe(201);

    const repeat = await agent.post('/api/spins/add').send({
      timeSpent: '2:00',
      listenedAt: '2026-11-20',
      details: 'changed',
      albums: [recordId],
      clientId: clientId.toLowerCase(),
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await spinRows(user.id)).toHaveLength(1);
    expect(await playCount(recordId)).toBe(1);
  });

  it('keeps another user’s same clientId apart: each stores their own spin', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const recordA = await createRecord(t.db, a.user.id);
    const recordB = await createRecord(t.db, b.user.id);
    const clientId = randomUUID();
    const send = (agent: typeof a.agent, albums: number[]) =>
      agent
        .post('/api/spins/add')
        .send({ timeSpent: '0:30', listenedAt: '2026-11-20', details: 'x', albums, clientId });

    const [fromA, fromB] = await Promise.all([send(a.agent, [recordA]), send(b.agent, [recordB])]);
    expect([fromA.status, fromB.status]).toEqual([201, 201]);
    expect(fromA.body.id).not.toBe(fromB.body.id);
    expect(await spinRows(a.user.id)).toHaveLength(1);
    expect(await spinRows(b.user.id)).toHaveLength(1);
  });

  it('stores a spin without clientId each time it is sent', async () => {
    const { user, agent } = await signedInUser(t);
    const recordId = await createRecord(t.db, user.id);
    const body = { timeSpent: '0:30', listenedAt: '2026-11-20', details: 'no id', albums: [recordId] };
    expect((await agent.post('/api/spins/add').send(body)).status).toBe(201);
    expect((await agent.post('/api/spins/add').send({ ...body, clientId: null })).status).toBe(201);
    expect(await spinRows(user.id)).toHaveLength(2);
  });

  it.each([['not-a-uuid'], [''], ['0123456789abcdef0123456789abcdef'], [12], [{}]])(
    'answers 400 with fields.clientId for %j and stores nothing',
    async (clientId) => {
      const { user, agent } = await signedInUser(t);
      const recordId = await createRecord(t.db, user.id);
      const res = await agent.post('/api/spins/add').send({
        timeSpent: '0:30',
        listenedAt: '2026-11-20',
        details: 'bad id',
        albums: [recordId],
        clientId,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(Object.keys(res.body.error.fields)).toEqual(['clientId']);
      expect(await spinRows(user.id)).toEqual([]);
    },
  );

  it('answers 400 for records not in the crate, also with a clientId never used', async () => {
    const { agent } = await signedInUser(t);
    const { user: other } = await signedInUser(t);
    const theirs = await createRecord(t.db, other.id);
    const res = await agent.post('/api/spins/add').send({
      timeSpent: '0:30',
      listenedAt: '2026-11-20',
      details: 'x',
      albums: [theirs],
      clientId: randomUUID(),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['albums']);
  });
});
