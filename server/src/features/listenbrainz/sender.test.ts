/**
 * Delivery of spins to ListenBrainz from the outbox (API.md "ListenBrainz": delivery; issue 23
 * item 4), against the fake ListenBrainz and the fake MusicBrainz, on a database of its own
 * (the sender takes every pending row of its database). Tests wait for states (the spin's
 * `scrobble`, the fake's store), with short retry waits configured.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOwnDatabase,
  createRecord,
  createTestApp,
  signedInUser,
  type TestApp,
} from '@/test/harness.js';
import {
  FAKE_VINYL_RELEASES,
  startFakeMetadataServer,
  type FakeMetadataServer,
} from '@/test/fakeMetadataServer.js';
import { startFakeListenBrainz, type FakeListenBrainz } from '@/test/fakeListenBrainz.js';
import { startQueue } from '@/lib/metadata/queue.js';
import { enqueueSends, startListenBrainzSender, type ListenBrainzSender } from './sender.js';

const { twoSides, fourSides } = FAKE_VINYL_RELEASES;

let lb: FakeListenBrainz;
let mb: FakeMetadataServer;
let own: Awaited<ReturnType<typeof createOwnDatabase>>;
let t: TestApp;
let sender: ListenBrainzSender | undefined;

beforeAll(async () => {
  [lb, mb, own] = await Promise.all([
    startFakeListenBrainz(),
    startFakeMetadataServer(),
    createOwnDatabase(),
  ]);
  t = createTestApp({
    env: {
      DATABASE_URL: own.url,
      LISTENBRAINZ_API_URL: lb.url,
      MUSICBRAINZ_API_URL: mb.musicbrainzApiUrl,
      METADATA_TIMEOUT_MS: '3000',
      LISTENBRAINZ_RETRY_FIRST_MS: '150',
      LISTENBRAINZ_RETRY_MAX_MS: '600',
      LISTENBRAINZ_POLL_MS: '40',
    },
  });
  sender = startListenBrainzSender(t.ctx, { pollMs: 40 });
});
afterAll(async () => {
  await sender?.stop();
  await t.close();
  await own.drop();
  await Promise.all([lb.close(), mb.close()]);
});
beforeEach(() => {
  lb.reset();
});

/** Polls until `check` returns a value that is not undefined (fails after 15 s). */
async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** A signed-in user connected to the fake ListenBrainz, with the two vinyl records. */
async function connectedUser(options: { autoSend?: boolean } = {}) {
  const { user, agent } = await signedInUser(t);
  const token = `tok-${randomUUID()}`;
  const userName = `lb_${user.username}`;
  lb.addUser(token, userName);
  const res = await agent.put('/api/user/listenbrainz').send({ token, auto_send: options.autoSend ?? true });
  expect(res.status).toBe(200);
  const harbour = await createRecord(t.db, user.id, { title: 'Harbour Lights', artist: 'The Lanterns' });
  const longPlayer = await createRecord(t.db, user.id, { title: 'Long Player', artist: 'Orbit Sessions' });
  const blank = await createRecord(t.db, user.id, { title: 'No Such Release', artist: 'Nobody' });
  await t.db.query('UPDATE records SET mb_release_id = $2 WHERE id = $1', [harbour, twoSides.id]);
  await t.db.query('UPDATE records SET discogs_release_id = $2 WHERE id = $1', [
    longPlayer,
    fourSides.discogsId,
  ]);
  return { user, agent, token, userName, harbour, longPlayer, blank };
}

type Agent = Awaited<ReturnType<typeof signedInUser>>['agent'];

/** Adds a spin through the API. @returns the 201 answer's body (the new Spin) */
async function addSpinAnswer(agent: Agent, body: Record<string, unknown>) {
  const res = await agent
    .post('/api/spins/add')
    .send({ timeSpent: '1:00', listenedAt: '2026-11-10', details: 'a spin', ...body });
  expect(res.status).toBe(201);
  return res.body as { id: number; scrobble: { state: string; listens: number; message: string | null } };
}

async function addSpin(agent: Agent, body: Record<string, unknown>): Promise<number> {
  return (await addSpinAnswer(agent, body)).id;
}

async function scrobbleOf(agent: Agent, spinId: number) {
  const res = await agent.get(`/api/spins/single/${spinId}`);
  return res.body[0].scrobble as { state: string; listens: number; message: string | null };
}

const waitForState = (agent: Agent, spinId: number, state: string) =>
  waitFor(`spin ${spinId} ${state}`, async () => {
    const scrobble = await scrobbleOf(agent, spinId);
    return scrobble.state === state ? scrobble : undefined;
  });

const submits = (token: string) =>
  lb.requests.filter((r) => r.path === '/1/submit-listens' && r.token === token);

describe('sending a spin', () => {
  it('sends one listen per track of the chosen sides, in order, without gaps, once', async () => {
    const u = await connectedUser();
    const added = await addSpinAnswer(u.agent, {
      albums: [u.longPlayer, u.harbour],
      sides: { [u.longPlayer]: ['C'], [u.harbour]: ['A', 'B'] },
    });
    // The add answers before anything is sent. (A GET after it raced the sender, which had
    // already sent the first 3 listens in a shuffled run, seed 103.)
    expect(added.scrobble).toEqual({ state: 'pending', listens: 0, message: null });
    const spinId = added.id;

    expect(await waitForState(u.agent, spinId, 'sent')).toEqual({
      state: 'sent',
      listens: 12,
      message: null,
    });
    const listens = lb.listens.filter((l) => l.user_name === u.userName);
    // 12:00 UTC of 2026-11-10; C1 254 s, C2 unknown = 60 s, C3 333 s; then the 9 tracks of Harbour Lights.
    const t0 = Date.parse('2026-11-10T12:00:00Z') / 1000;
    const expected = [
      ['C1', 'Signal', t0],
      ['C2', 'Interlude (untimed)', t0 + 254],
      ['C3', 'Re-entry', t0 + 314],
      ['A1', 'Low Tide', t0 + 647],
      ['A2', 'Rope and Anchor', t0 + 848],
      ['A3', 'Gulls', t0 + 1033],
      ['A4', 'Salt Air', t0 + 1273],
      ['A5', 'Foghorn', t0 + 1472],
      ['B1', 'Night Ferry', t0 + 1694],
      ['B2', 'Lighthouse Keeper', t0 + 1999],
      ['B3', 'Undertow', t0 + 2177],
      ['B4', 'Harbour Lights', t0 + 2440],
    ];
    expect(
      listens
        .map((l) => [
          l.track_metadata.additional_info!.tracknumber,
          l.track_metadata.track_name,
          l.listened_at,
        ])
        .sort((a, b) => (a[2] as number) - (b[2] as number)),
    ).toEqual(expected);
    const c2 = listens.find((l) => l.track_metadata.additional_info!.tracknumber === 'C2')!;
    expect(c2.track_metadata.additional_info).not.toHaveProperty('duration_ms');
    expect(c2.track_metadata).toMatchObject({ artist_name: 'Orbit Sessions', release_name: 'Long Player' });
    expect(c2.track_metadata.additional_info).toMatchObject({
      release_mbid: fourSides.id,
      release_group_mbid: fourSides.groupId,
      submission_client: 'Spincrate',
    });
    // One request per record, `import` for several listens.
    const sent = submits(u.token);
    expect(sent.map((r) => (JSON.parse(r.body) as { listen_type: string }).listen_type)).toEqual([
      'import',
      'import',
    ]);
  });

  it('marks a spin partial, naming the record without tracklist, and sends the others', async () => {
    const u = await connectedUser();
    const spinId = await addSpin(u.agent, { albums: [u.blank, u.harbour], sides: { [u.harbour]: ['B'] } });
    expect(await waitForState(u.agent, spinId, 'partial')).toEqual({
      state: 'partial',
      listens: 4,
      message: 'no tracklist for No Such Release',
    });
  });

  it('sends nothing for a user who is not connected (off), and Send again answers 409', async () => {
    const { user, agent } = await signedInUser(t);
    const recordId = await createRecord(t.db, user.id);
    const spinId = await addSpin(agent, { albums: [recordId] });
    expect(await scrobbleOf(agent, spinId)).toEqual({ state: 'off', listens: 0, message: null });
    const res = await agent.post(`/api/spins/${spinId}/send`);
    expect(res.status).toBe(409);
  });

  it('with auto_send off, sends only on Send again (202); 404 for a spin that is not yours', async () => {
    const u = await connectedUser({ autoSend: false });
    const spinId = await addSpin(u.agent, { albums: [u.harbour] });
    expect(await scrobbleOf(u.agent, spinId)).toEqual({ state: 'off', listens: 0, message: null });
    expect((await u.agent.post(`/api/spins/${spinId}/send`)).status).toBe(202);
    expect(await waitForState(u.agent, spinId, 'sent')).toEqual({ state: 'sent', listens: 9, message: null });
    const other = await connectedUser();
    expect((await other.agent.post(`/api/spins/${spinId}/send`)).status).toBe(404);
    expect((await other.agent.post('/api/spins/abc/send')).status).toBe(400);
  });
});

describe('faults', () => {
  it('retries 5xx with growing waits and sends the same bytes each time', async () => {
    const u = await connectedUser();
    lb.failNext(503, 2);
    const spinId = await addSpin(u.agent, { albums: [u.harbour], sides: { [u.harbour]: ['A'] } });
    await waitForState(u.agent, spinId, 'sent');
    const tries = submits(u.token);
    expect(tries.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    // LISTENBRAINZ_RETRY_FIRST_MS 150, then doubled.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(140);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(290);
    expect(lb.listens.filter((l) => l.user_name === u.userName)).toHaveLength(5);
  });

  it('marks the spin failed with ListenBrainz’s message on another 4xx, and never retries it', async () => {
    const u = await connectedUser();
    lb.failNext(400, 1);
    const spinId = await addSpin(u.agent, { albums: [u.harbour] });
    expect(await waitForState(u.agent, spinId, 'failed')).toEqual({
      state: 'failed',
      listens: 0,
      message: 'JSON document must contain the key listened_at at the top level.',
    });
    // Another spin of the same user goes through after it; the failed one was tried once only.
    const next = await addSpin(u.agent, { albums: [u.harbour], sides: { [u.harbour]: ['B'] } });
    await waitForState(u.agent, next, 'sent');
    expect(submits(u.token).map((r) => r.status)).toEqual([400, 200]);
    // Send again sends it (the same bytes).
    expect((await u.agent.post(`/api/spins/${spinId}/send`)).status).toBe(202);
    expect(await waitForState(u.agent, spinId, 'sent')).toEqual({ state: 'sent', listens: 9, message: null });
    const tries = submits(u.token);
    expect(tries[2]!.body).toBe(tries[0]!.body);
  });

  it('pauses on 401 with ListenBrainz’s reason, and resumes when a new token is saved', async () => {
    const u = await connectedUser();
    lb.revoke(u.token);
    const spinId = await addSpin(u.agent, { albums: [u.harbour] });
    const account = await waitFor('paused', async () => {
      const res = await u.agent.get('/api/user/listenbrainz');
      return res.body.paused_reason ? res.body : undefined;
    });
    expect(account).toEqual({
      connected: true,
      user_name: u.userName,
      auto_send: true,
      paused_reason: 'Invalid authorization token.',
    });
    expect((await scrobbleOf(u.agent, spinId)).state).toBe('pending');

    const fresh = `tok-${randomUUID()}`;
    lb.addUser(fresh, u.userName);
    expect((await u.agent.put('/api/user/listenbrainz').send({ token: fresh })).status).toBe(200);
    expect((await u.agent.get('/api/user/listenbrainz')).body.paused_reason).toBeNull();
    expect(await waitForState(u.agent, spinId, 'sent')).toMatchObject({ listens: 9 });
  });

  it('after a 429 sends nothing for that user before X-RateLimit-Reset-In has passed', async () => {
    const u = await connectedUser();
    lb.setRateLimit(100, 2);
    lb.failNext(429, 1);
    const spinId = await addSpin(u.agent, { albums: [u.harbour] });
    await waitForState(u.agent, spinId, 'sent');
    const tries = submits(u.token);
    expect(tries.map((r) => r.status)).toEqual([429, 200]);
    expect(tries[0]!.resetIn).toBeGreaterThan(0);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(tries[0]!.resetIn * 1000 - 50);
  });

  it('obeys X-RateLimit-Remaining: waits for the window when it is used up, with no 429', async () => {
    const u = await connectedUser();
    lb.setRateLimit(2, 1);
    const first = await addSpin(u.agent, { albums: [u.harbour, u.longPlayer] });
    const second = await addSpin(u.agent, { albums: [u.harbour], sides: { [u.harbour]: ['B'] } });
    await waitForState(u.agent, first, 'sent');
    await waitForState(u.agent, second, 'sent');
    const tries = submits(u.token);
    expect(tries.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('keeps one request in flight per user, even with two senders', async () => {
    const u = await connectedUser();
    const second = startListenBrainzSender(t.ctx, { pollMs: 40 });
    try {
      lb.setDelay(100);
      const spins = [];
      for (let i = 0; i < 3; i++) spins.push(await addSpin(u.agent, { albums: [u.harbour, u.longPlayer] }));
      for (const spinId of spins) await waitForState(u.agent, spinId, 'sent');
      expect(submits(u.token)).toHaveLength(6);
      expect(lb.maxInFlight()).toBe(1);
    } finally {
      await second.stop();
    }
  });

  /**
   * Runs `test` with this file's sender replaced by one that waits 10 minutes before a retry
   * (LISTENBRAINZ_RETRY_MAX_MS too: the file's cap of 600 ms made it 600 ms, and on a busy
   * machine the retry of "drops the jobs…" sent the spin before the test deleted it, 503 200
   * 200), so that a retry runs only when the test makes its job due.
   */
  async function withSlowRetries(test: () => Promise<void>) {
    await sender!.stop();
    sender = startListenBrainzSender(
      {
        ...t.ctx,
        config: { ...t.ctx.config, LISTENBRAINZ_RETRY_FIRST_MS: 600_000, LISTENBRAINZ_RETRY_MAX_MS: 600_000 },
      },
      { pollMs: 40 },
    );
    try {
      await test();
    } finally {
      await sender.stop();
      sender = startListenBrainzSender(t.ctx, { pollMs: 40 });
    }
  }

  /** The jobs of a spin in the send queue. */
  const jobsOf = (spinId: number) =>
    t.db.query<{ id: string; state: string; later: boolean }>(
      `SELECT id, state, start_after > now() + interval '5 minutes' AS later FROM pgboss.job
        WHERE name = 'listenbrainz-send' AND data->>'spinId' = $1`,
      [String(spinId)],
    );

  /** Waits until the spin's only try so far was answered and its retry is queued, 10 minutes on. */
  const retryQueued = (token: string, spinId: number) =>
    waitFor('the retry queued', async () => {
      const retries = (await jobsOf(spinId)).filter((j) => j.later);
      return retries.length === 1 && submits(token).length === 1 ? retries[0] : undefined;
    });

  /** Waits until every job of the spin due now is done. */
  const dueJobsDone = (spinId: number, count: number) =>
    waitFor(`${count} jobs done`, async () => {
      const due = (await jobsOf(spinId)).filter((j) => !j.later);
      return due.length === count && due.every((j) => j.state === 'completed') ? true : undefined;
    });

  it('drops the jobs of a spin deleted before it was sent', async () => {
    const u = await connectedUser();
    await withSlowRetries(async () => {
      // The first try fails (503), so the spin waits for its retry; it is deleted meanwhile,
      // and only then is its retry job made due.
      lb.failNext(503, 1);
      const spinId = await addSpin(u.agent, { albums: [u.harbour] });
      const retry = await retryQueued(u.token, spinId);
      expect((await u.agent.delete(`/api/spins/${spinId}`)).status).toBe(204);
      expect(await t.db.query('SELECT 1 FROM listenbrainz_outbox WHERE spin_id = $1', [spinId])).toHaveLength(
        0,
      );
      // The retry comes due now: the sender takes it and drops it, sending nothing.
      await t.db.query('UPDATE pgboss.job SET start_after = now() WHERE id = $1', [retry.id]);
      await waitFor('the retry job done', async () =>
        (await jobsOf(spinId)).every((j) => j.state === 'completed') ? true : undefined,
      );
      expect(submits(u.token).map((r) => r.status)).toEqual([503]);
      // A later spin is sent; the deleted one never was.
      const later = await addSpin(u.agent, { albums: [u.harbour], sides: { [u.harbour]: ['B'] } });
      await waitForState(u.agent, later, 'sent');
      expect(submits(u.token).map((r) => r.status)).toEqual([503, 200]);
      expect(lb.listens.filter((l) => l.user_name === u.userName)).toHaveLength(4);
    });
  });

  it('a second job of a spin, queued while its first try ran, sends nothing before the retry time', async () => {
    const u = await connectedUser();
    await withSlowRetries(async () => {
      lb.failNext(503, 1);
      const release = lb.hold();
      const spinId = await addSpin(u.agent, { albums: [u.harbour] });
      await waitFor('the first try', () => (submits(u.token).length === 1 ? true : undefined));
      // While the first try waits for its answer, a second job of the spin is queued, as a
      // sender starting beside the add queues one (its sweep read the row before the add
      // queued its own): pg-boss keeps one job per key only while they wait, so it comes in.
      const boss = await startQueue(t.db, t.ctx.logger, { supervise: false });
      try {
        await enqueueSends(t.ctx, boss, [{ spinId, recordId: u.harbour, tries: 0 }]);
      } finally {
        await boss.stop({ graceful: false, close: false });
      }
      release();
      // The first try is answered 503; the second job runs after it and sends nothing.
      await dueJobsDone(spinId, 2);
      expect(submits(u.token).map((r) => r.status)).toEqual([503]);
      expect(await scrobbleOf(u.agent, spinId)).toEqual({ state: 'pending', listens: 0, message: null });
      // The retry waits for its time.
      await retryQueued(u.token, spinId);
    });
  });

  it('a spin whose waiting records are deleted is no longer pending: off when none is left', async () => {
    const u = await connectedUser();
    // Paused by a 401: the spins wait with their rows in the outbox.
    lb.revoke(u.token);
    const lone = await addSpin(u.agent, { albums: [u.harbour] });
    const both = await addSpin(u.agent, { albums: [u.longPlayer, u.harbour] });
    await waitFor('paused', async () =>
      (await u.agent.get('/api/user/listenbrainz')).body.paused_reason ? true : undefined,
    );
    expect((await scrobbleOf(u.agent, lone)).state).toBe('pending');
    expect((await u.agent.delete(`/api/record/${u.harbour}`)).status).toBe(204);
    // "those spins stay" (API.md "Routes"), with nothing left to send.
    expect(await scrobbleOf(u.agent, lone)).toEqual({ state: 'off', listens: 0, message: null });
    expect((await scrobbleOf(u.agent, both)).state).toBe('pending');
    const fresh = `tok-${randomUUID()}`;
    lb.addUser(fresh, u.userName);
    expect((await u.agent.put('/api/user/listenbrainz').send({ token: fresh })).status).toBe(200);
    // Only the record still in the spin is sent.
    await waitForState(u.agent, both, 'sent');
    expect(submits(fresh).filter((r) => r.status === 200)).toHaveLength(1);
    expect((await scrobbleOf(u.agent, lone)).state).toBe('off');
  });

  it('marks a spin failed, never retried, when its release names no artist (listens ListenBrainz would refuse)', async () => {
    const u = await connectedUser();
    const nameless = await createRecord(t.db, u.user.id, { title: 'Nameless', artist: 'Someone' });
    const releaseId = randomUUID();
    await t.db.query(
      `INSERT INTO mb_tracklists (release_id, title, artist, tracks) VALUES ($1, 'Nameless', '', $2)`,
      [
        releaseId,
        JSON.stringify([
          { number: 'A1', title: 'Side A', artist: '', length_ms: 60_000, recording_mbid: null },
        ]),
      ],
    );
    await t.db.query('INSERT INTO record_releases (record_id, release_id) VALUES ($1, $2)', [
      nameless,
      releaseId,
    ]);
    const spinId = await addSpin(u.agent, { albums: [nameless] });
    const failed = await waitForState(u.agent, spinId, 'failed');
    expect(failed.message).toMatch(/artist_name/);
    expect(submits(u.token)).toHaveLength(0);
  });

  it('disconnecting drops what was waiting: the spin goes back to off', async () => {
    const u = await connectedUser();
    lb.revoke(u.token);
    const spinId = await addSpin(u.agent, { albums: [u.harbour] });
    await waitFor('paused', async () =>
      (await u.agent.get('/api/user/listenbrainz')).body.paused_reason ? true : undefined,
    );
    expect((await u.agent.delete('/api/user/listenbrainz')).status).toBe(204);
    expect(await scrobbleOf(u.agent, spinId)).toEqual({ state: 'off', listens: 0, message: null });
  });

  it('after a crash (jobs lost, a try half done), a restarted sender sends every listen exactly once', async () => {
    const u = await connectedUser();
    await sender!.stop();
    sender = undefined;
    try {
      lb.failNext(503, 1);
      await addSpin(u.agent, {
        albums: [u.harbour, u.longPlayer],
        sides: { [u.longPlayer]: ['A'] },
      });
      // A first sender builds the documents and tries once (503), then "dies"; the queue's jobs are lost.
      const first = startListenBrainzSender(t.ctx, { pollMs: 40 });
      await waitFor('a first try', () => (submits(u.token).length >= 1 ? true : undefined));
      await first.stop();
      await t.db.query("DELETE FROM pgboss.job WHERE name = 'listenbrainz-send'");
    } finally {
      sender = startListenBrainzSender(t.ctx, { pollMs: 40 });
    }
    const spinId = (await u.agent.get('/api/spins')).body[0].id as number;
    expect(await waitForState(u.agent, spinId, 'sent')).toEqual({
      state: 'sent',
      listens: 12,
      message: null,
    });
    const mine = lb.listens.filter((l) => l.user_name === u.userName);
    expect(mine).toHaveLength(12);
    expect(new Set(mine.map((l) => `${l.listened_at} ${l.track_metadata.track_name}`)).size).toBe(12);
  });
});
