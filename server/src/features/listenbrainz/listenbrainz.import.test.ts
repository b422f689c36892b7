/**
 * Import back (API.md "ListenBrainz": `POST /api/user/listenbrainz/import` and `/import/confirm`,
 * "Import back"), against the fake ListenBrainz: the listens of the fake's user become spins.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import {
  createRecord,
  createTestApp,
  loginAgent,
  signedInUser,
  type Agent,
  type TestApp,
  type TestUser,
} from '@/test/harness.js';
import { startFakeListenBrainz, type FakeListen, type FakeListenBrainz } from '@/test/fakeListenBrainz.js';

let fake: FakeListenBrainz;
let t: TestApp;
/** ListenBrainz pointed at a port where nothing listens. */
let offline: TestApp;

beforeAll(async () => {
  fake = await startFakeListenBrainz();
  t = createTestApp({ env: { LISTENBRAINZ_API_URL: fake.url } });
  offline = createTestApp();
});
afterAll(async () => {
  await Promise.all([t.close(), offline.close()]);
  await fake.close();
});
beforeEach(() => fake.reset());

/** 2026-03-14 10:00:00 UTC, in Unix seconds. */
const T0 = Date.UTC(2026, 2, 14, 10, 0, 0) / 1000;
const MIN = 60;

const GROUP_KIND_OF_BLUE = '8e8a594f-2175-38e4-8e5c-cd2c6a0d4a56';
const RELEASE_BLUE_TRAIN = '1a2b3c4d-0000-4000-8000-00000000b7a1';

interface Connected {
  user: TestUser;
  agent: Agent;
  lbName: string;
}

/** A signed-in user linked to a ListenBrainz account of the fake. */
async function connectedUser(): Promise<Connected> {
  const { user, agent } = await signedInUser(t);
  const token = `tok-${randomUUID()}`;
  const lbName = `lb_${randomUUID().slice(0, 8)}`;
  fake.addUser(token, lbName);
  expect((await agent.put('/api/user/listenbrainz').send({ token })).status).toBe(200);
  fake.requests.length = 0;
  return { user, agent, lbName };
}

/** Puts one listen into the fake's store for `lbName`. */
function listen(
  lbName: string,
  at: number,
  meta: {
    artist: string;
    release?: string;
    track?: string;
    info?: Record<string, unknown>;
  },
): void {
  const stored: FakeListen = {
    user_name: lbName,
    listened_at: at,
    track_metadata: {
      artist_name: meta.artist,
      track_name: meta.track ?? `Track at ${at}`,
      ...(meta.release === undefined ? {} : { release_name: meta.release }),
      additional_info: meta.info ?? {},
    },
  };
  fake.listens.push(stored);
}

async function spinCount(userId: number): Promise<number> {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*) AS n FROM spins WHERE user_id = $1', [
    userId,
  ]);
  return row!.n;
}

async function importedCount(userId: number): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    'SELECT count(*) AS n FROM listenbrainz_imports WHERE user_id = $1',
    [userId],
  );
  return row!.n;
}

describe('POST /api/user/listenbrainz/import (the preview)', () => {
  it('groups listens of one record less than 45 minutes apart into one spin; 46 minutes apart make two', async () => {
    const { user, agent, lbName } = await connectedUser();
    const kindOfBlue = await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    const blueTrain = await createRecord(t.db, user.id, { title: 'Blue Train', artist: 'John Coltrane' });
    const turntable = { media_player: 'turntable' };
    // Kind of Blue: two listens 44 minutes apart.
    listen(lbName, T0, { artist: 'Miles Davis', release: 'Kind of Blue', info: turntable });
    listen(lbName, T0 + 44 * MIN, { artist: 'Miles Davis', release: 'Kind of Blue', info: turntable });
    // Blue Train: two listens 46 minutes apart.
    listen(lbName, T0 + 3 * 3600, { artist: 'John Coltrane', release: 'Blue Train', info: turntable });
    listen(lbName, T0 + 3 * 3600 + 46 * MIN, {
      artist: 'John Coltrane',
      release: 'Blue Train',
      info: turntable,
    });

    const res = await agent.post('/api/user/listenbrainz/import').send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sources: [{ source: 'turntable', listens: 4, spins: 3 }],
      spins: [
        {
          listened_at: '2026-03-14',
          record_id: kindOfBlue,
          title: 'Kind of Blue',
          artist: 'Miles Davis',
          listens: 2,
          source: 'turntable',
        },
        {
          listened_at: '2026-03-14',
          record_id: blueTrain,
          title: 'Blue Train',
          artist: 'John Coltrane',
          listens: 1,
          source: 'turntable',
        },
        {
          listened_at: '2026-03-14',
          record_id: blueTrain,
          title: 'Blue Train',
          artist: 'John Coltrane',
          listens: 1,
          source: 'turntable',
        },
      ],
    });
    // Read with the user's token from their listens.
    const reads = fake.requests.filter((r) => r.path === `/1/user/${lbName}/listens`);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.token !== undefined && r.method === 'GET')).toBe(true);
    // Nothing is stored by a preview.
    expect(await spinCount(user.id)).toBe(0);
    expect(await importedCount(user.id)).toBe(0);
  });

  it("skips Spincrate's own listens (submission_client Spincrate)", async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    listen(lbName, T0, {
      artist: 'Miles Davis',
      release: 'Kind of Blue',
      info: { submission_client: 'Spincrate', submission_client_version: '1.0.0' },
    });
    listen(lbName, T0 + 2 * 3600, {
      artist: 'Miles Davis',
      release: 'Kind of Blue',
      info: { submission_client: 'Pano Scrobbler' },
    });
    const res = await agent.post('/api/user/listenbrainz/import').send({});
    expect(res.status).toBe(200);
    expect(res.body.sources).toEqual([{ source: 'Pano Scrobbler', listens: 1, spins: 1 }]);
    expect(res.body.spins).toHaveLength(1);
    expect(res.body.spins[0].source).toBe('Pano Scrobbler');
  });

  it('matches by release group, then release, then artist and release name ignoring case and edition suffixes', async () => {
    const { user, agent, lbName } = await connectedUser();
    const kindOfBlue = await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    await t.db.query('UPDATE records SET mb_release_group_id = $2 WHERE id = $1', [
      kindOfBlue,
      GROUP_KIND_OF_BLUE,
    ]);
    const blueTrain = await createRecord(t.db, user.id, { title: 'Blue Train', artist: 'John Coltrane' });
    await t.db.query('UPDATE records SET mb_release_id = $2 WHERE id = $1', [blueTrain, RELEASE_BLUE_TRAIN]);
    const abbeyRoad = await createRecord(t.db, user.id, { title: 'Abbey Road', artist: 'The Beatles' });
    const rumours = await createRecord(t.db, user.id, { title: 'Rumours', artist: 'Fleetwood Mac' });
    const service = { music_service: 'spotify.com' };

    // By release group, whatever the names say.
    listen(lbName, T0, {
      artist: 'Miles Davis Sextet',
      release: 'Kind of Blue (Legacy Edition)',
      info: { ...service, release_group_mbid: GROUP_KIND_OF_BLUE },
    });
    // By release.
    listen(lbName, T0 + 2 * 3600, {
      artist: 'Coltrane',
      release: 'Blue Train (Rudy Van Gelder)',
      info: { ...service, release_mbid: RELEASE_BLUE_TRAIN },
    });
    // By names with edition suffixes and another case.
    listen(lbName, T0 + 4 * 3600, {
      artist: 'the beatles',
      release: 'ABBEY ROAD (Deluxe Edition)',
      info: service,
    });
    listen(lbName, T0 + 6 * 3600, {
      artist: 'Fleetwood Mac',
      release: 'Rumours [Remastered]',
      info: service,
    });
    // Unmatched: counted among the source's listens, but no spin.
    listen(lbName, T0 + 8 * 3600, { artist: 'Fleetwood Mac', release: 'Tusk', info: service });
    listen(lbName, T0 + 9 * 3600, { artist: 'Nobody', info: service });

    const res = await agent.post('/api/user/listenbrainz/import').send({});
    expect(res.status).toBe(200);
    expect(res.body.spins.map((s: { record_id: number }) => s.record_id)).toEqual([
      kindOfBlue,
      blueTrain,
      abbeyRoad,
      rumours,
    ]);
    expect(res.body.sources).toEqual([{ source: 'spotify.com', listens: 6, spins: 4 }]);
  });

  it('names the source by music_service, then media_player, then submission_client, else unknown', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    const at = (hours: number) => T0 + hours * 3600;
    const kob = { artist: 'Miles Davis', release: 'Kind of Blue' };
    listen(lbName, at(0), {
      ...kob,
      info: { music_service: 'spotify.com', media_player: 'Spotify', submission_client: 'X' },
    });
    listen(lbName, at(2), { ...kob, info: { media_player: 'Rega turntable', submission_client: 'X' } });
    listen(lbName, at(4), { ...kob, info: { submission_client: 'Web Scrobbler' } });
    listen(lbName, at(6), { ...kob, info: {} });
    const res = await agent.post('/api/user/listenbrainz/import').send({});
    expect(res.status).toBe(200);
    expect(res.body.spins.map((s: { source: string }) => s.source)).toEqual([
      'spotify.com',
      'Rega turntable',
      'Web Scrobbler',
      'unknown',
    ]);
  });

  it('reads only the listens from the first second of `since` (UTC) on', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    const kob = { artist: 'Miles Davis', release: 'Kind of Blue', info: { media_player: 'turntable' } };
    const march15 = Date.UTC(2026, 2, 15) / 1000;
    listen(lbName, march15 - 1, kob); // 2026-03-14 23:59:59
    listen(lbName, march15 + 3600, kob);
    const res = await agent.post('/api/user/listenbrainz/import').send({ since: '2026-03-15' });
    expect(res.status).toBe(200);
    expect(res.body.spins).toHaveLength(1);
    expect(res.body.spins[0].listened_at).toBe('2026-03-15');
    expect(res.body.sources).toEqual([{ source: 'turntable', listens: 1, spins: 1 }]);
  });

  it('reads every page back to `since`, however many listens follow it (1,000 an answer)', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    const kob = { artist: 'Miles Davis', release: 'Kind of Blue', info: { media_player: 'turntable' } };
    const june1 = Date.UTC(2026, 5, 1) / 1000;
    // Before `since`: never read as spins.
    for (let i = 1; i <= 5; i++) listen(lbName, june1 - i * 46 * MIN, kob);
    for (let i = 0; i < 1500; i++) listen(lbName, june1 + i * 60 * MIN, kob);
    const res = await agent.post('/api/user/listenbrainz/import').send({ since: '2026-06-01' });
    expect(res.status).toBe(200);
    expect(res.body.sources).toEqual([{ source: 'turntable', listens: 1500, spins: 1500 }]);
    const asked = fake.requests.filter((r) => r.path === `/1/user/${lbName}/listens`);
    expect(asked.length).toBe(2);
  });

  it('reads every page of a long history (1,000 listens an answer)', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    for (let i = 0; i < 1200; i++)
      listen(lbName, T0 - i * 46 * MIN, {
        artist: 'Miles Davis',
        release: 'Kind of Blue',
        info: { media_player: 'turntable' },
      });
    const res = await agent.post('/api/user/listenbrainz/import').send({});
    expect(res.status).toBe(200);
    expect(res.body.spins).toHaveLength(1200);
    expect(res.body.sources).toEqual([{ source: 'turntable', listens: 1200, spins: 1200 }]);
    expect(fake.requests.filter((r) => r.path === `/1/user/${lbName}/listens`).length).toBeGreaterThanOrEqual(
      2,
    );
  });
});

describe('POST /api/user/listenbrainz/import/confirm', () => {
  it('adds the spins of the chosen sources, not sent back to ListenBrainz; a repeat adds nothing', async () => {
    const { user, agent, lbName } = await connectedUser();
    const kindOfBlue = await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    const turntable = { media_player: 'turntable', duration_ms: 300_000 };
    listen(lbName, T0, { artist: 'Miles Davis', release: 'Kind of Blue', info: turntable, track: 'So What' });
    listen(lbName, T0 + 10 * MIN, {
      artist: 'Miles Davis',
      release: 'Kind of Blue',
      info: turntable,
      track: 'Freddie Freeloader',
    });
    // Another source the user does not choose.
    listen(lbName, T0 + 5 * 3600, {
      artist: 'Miles Davis',
      release: 'Kind of Blue',
      info: { music_service: 'spotify.com' },
    });

    const res = await agent.post('/api/user/listenbrainz/import/confirm').send({ sources: ['turntable'] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ spins_added: 1 });

    const spins = await agent.get('/api/spins');
    expect(spins.status).toBe(200);
    expect(spins.body).toEqual([
      {
        id: expect.any(Number),
        listened_at: '2026-03-14',
        // From the first start (10:00) to the last end (10:10 + 5 min).
        time_spent: '0:15',
        spin_details: 'Imported from ListenBrainz (turntable)',
        started_at: '2026-03-14T10:00:00.000Z',
        scrobble: { state: 'off', listens: 0, message: null },
        records: [{ id: kindOfBlue, title: 'Kind of Blue', artist: 'Miles Davis' }],
      },
    ]);
    // The record's plays count it.
    const record = await agent.get(`/api/record/${kindOfBlue}`);
    expect(record.body.play_count).toBe(1);
    expect(record.body.last_played).toBe('2026-03-14');
    // Never queued for sending, and nothing submitted.
    const queued = await t.db.query('SELECT 1 FROM listenbrainz_outbox WHERE user_id = $1', [user.id]);
    expect(queued).toHaveLength(0);
    expect(fake.requests.some((r) => r.path === '/1/submit-listens')).toBe(false);

    // A repeat adds nothing; the preview then shows only the source not chosen.
    const again = await agent.post('/api/user/listenbrainz/import/confirm').send({ sources: ['turntable'] });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ spins_added: 0 });
    expect(await spinCount(user.id)).toBe(1);
    const preview = await agent.post('/api/user/listenbrainz/import').send({});
    expect(preview.body.sources).toEqual([{ source: 'spotify.com', listens: 1, spins: 1 }]);

    // The other source later: added once.
    const later = await agent
      .post('/api/user/listenbrainz/import/confirm')
      .send({ sources: ['turntable', 'spotify.com'] });
    expect(later.body).toEqual({ spins_added: 1 });
    expect(await spinCount(user.id)).toBe(2);
    expect(
      (await agent.post('/api/user/listenbrainz/import/confirm').send({ sources: ['spotify.com'] })).body,
    ).toEqual({ spins_added: 0 });
  });

  it('does not add twice when the range of a later import overlaps an earlier one', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    const kob = { artist: 'Miles Davis', release: 'Kind of Blue', info: { media_player: 'turntable' } };
    const march15 = Date.UTC(2026, 2, 15) / 1000;
    // One session across midnight: a `since` of the 15th cuts it.
    listen(lbName, march15 - 20 * MIN, { ...kob, track: 'So What' });
    listen(lbName, march15 + 10 * MIN, { ...kob, track: 'Blue in Green' });
    const first = await agent
      .post('/api/user/listenbrainz/import/confirm')
      .send({ since: '2026-03-15', sources: ['turntable'] });
    expect(first.body).toEqual({ spins_added: 1 });
    const second = await agent.post('/api/user/listenbrainz/import/confirm').send({ sources: ['turntable'] });
    expect(second.body).toEqual({ spins_added: 1 });
    expect(await importedCount(user.id)).toBe(2);
    expect(
      (await agent.post('/api/user/listenbrainz/import/confirm').send({ sources: ['turntable'] })).body,
    ).toEqual({
      spins_added: 0,
    });
  });

  it('two confirms at the same time add the spins once', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    for (let i = 0; i < 5; i++)
      listen(lbName, T0 + i * 3600, {
        artist: 'Miles Davis',
        release: 'Kind of Blue',
        info: { media_player: 'turntable' },
      });
    const [a, b] = await Promise.all([
      agent.post('/api/user/listenbrainz/import/confirm').send({ sources: ['turntable'] }),
      agent.post('/api/user/listenbrainz/import/confirm').send({ sources: ['turntable'] }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.spins_added + b.body.spins_added).toBe(5);
    expect(await spinCount(user.id)).toBe(5);
  });
});

describe('import: errors', () => {
  it('answers 409 when no ListenBrainz account is linked, without asking ListenBrainz', async () => {
    const { user, agent } = await signedInUser(t);
    const preview = await agent.post('/api/user/listenbrainz/import').send({});
    expect(preview.status).toBe(409);
    expect(preview.body.error.code).toBe('conflict');
    const confirm = await agent
      .post('/api/user/listenbrainz/import/confirm')
      .send({ sources: ['turntable'] });
    expect(confirm.status).toBe(409);
    expect(fake.requests).toHaveLength(0);
    expect(await spinCount(user.id)).toBe(0);
  });

  it('answers 409 when ListenBrainz no longer accepts the token (revoked), and stores nothing', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    listen(lbName, T0, {
      artist: 'Miles Davis',
      release: 'Kind of Blue',
      info: { media_player: 'turntable' },
    });
    fake.failNext(401, 2);
    const preview = await agent.post('/api/user/listenbrainz/import').send({});
    expect(preview.status).toBe(409);
    expect(preview.body.error.code).toBe('conflict');
    const confirm = await agent
      .post('/api/user/listenbrainz/import/confirm')
      .send({ sources: ['turntable'] });
    expect(confirm.status).toBe(409);
    expect(await spinCount(user.id)).toBe(0);
  });

  it('answers 503 with Retry-After when ListenBrainz fails or cannot be reached, and stores nothing', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    listen(lbName, T0, {
      artist: 'Miles Davis',
      release: 'Kind of Blue',
      info: { media_player: 'turntable' },
    });

    fake.failNext(503, 2);
    const preview = await agent.post('/api/user/listenbrainz/import').send({});
    expect(preview.status).toBe(503);
    expect(preview.body.error.code).toBe('unavailable');
    expect(Number(preview.headers['retry-after'])).toBeGreaterThan(0);
    const confirm = await agent
      .post('/api/user/listenbrainz/import/confirm')
      .send({ sources: ['turntable'] });
    expect(confirm.status).toBe(503);
    expect(Number(confirm.headers['retry-after'])).toBeGreaterThan(0);

    // Nothing listening on ListenBrainz's address: the same user on a server pointed there.
    const unreachable = await loginAgent(offline, user);
    const refused = await unreachable
      .post('/api/user/listenbrainz/import/confirm')
      .send({ sources: ['turntable'] });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('unavailable');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await unreachable.post('/api/user/listenbrainz/import').send({})).status).toBe(503);

    expect(await spinCount(user.id)).toBe(0);
    expect(await importedCount(user.id)).toBe(0);
  });

  it('answers 503 when ListenBrainz is too slow or rate-limits the read, Retry-After from its Reset-In', async () => {
    const { user, agent, lbName } = await connectedUser();
    await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
    listen(lbName, T0, {
      artist: 'Miles Davis',
      release: 'Kind of Blue',
      info: { media_player: 'turntable' },
    });

    fake.setRateLimit(1, 60);
    fake.failNext(429, 1);
    const limited = await agent.post('/api/user/listenbrainz/import').send({});
    expect(limited.status).toBe(503);
    const resetIn = fake.requests.at(-1)!.resetIn;
    expect(resetIn).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBe(resetIn);
    fake.setRateLimit(1000, 10);

    // A server that waits at most 100 ms for an answer, and a ListenBrainz that answers after 2 s.
    const impatient = createTestApp({
      env: { LISTENBRAINZ_API_URL: fake.url, LISTENBRAINZ_TIMEOUT_MS: '100' },
    });
    try {
      fake.setDelay(2000);
      const slow = await (
        await loginAgent(impatient, user)
      )
        .post('/api/user/listenbrainz/import/confirm')
        .send({ sources: ['turntable'] });
      expect(slow.status).toBe(503);
      expect(Number(slow.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      fake.setDelay(0);
      await impatient.close();
    }
    expect(await spinCount(user.id)).toBe(0);
  });

  it.each([
    ['/import', { since: 'yesterday' }, 'since'],
    ['/import', { since: '2026-02-30' }, 'since'],
    ['/import', { since: '03/15/2026' }, 'since'],
    ['/import', { since: 20260315 }, 'since'],
    ['/import', { since: '2999-01-01' }, 'since'],
    ['/import/confirm', {}, 'sources'],
    ['/import/confirm', { sources: [] }, 'sources'],
    ['/import/confirm', { sources: 'turntable' }, 'sources'],
    ['/import/confirm', { sources: ['  '] }, 'sources'],
    ['/import/confirm', { sources: [42] }, 'sources'],
    ['/import/confirm', { sources: ['x'.repeat(201)] }, 'sources'],
    ['/import/confirm', { since: '2026-13-01', sources: ['turntable'] }, 'since'],
  ])(
    'POST %s %j answers 400 (fields.%s), stores nothing and asks ListenBrainz nothing',
    async (path, body, field) => {
      const { user, agent, lbName } = await connectedUser();
      await createRecord(t.db, user.id, { title: 'Kind of Blue', artist: 'Miles Davis' });
      listen(lbName, T0, {
        artist: 'Miles Davis',
        release: 'Kind of Blue',
        info: { media_player: 'turntable' },
      });
      const res = await agent.post(`/api/user/listenbrainz${path}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields).toHaveProperty(field);
      expect(fake.requests).toHaveLength(0);
      expect(await spinCount(user.id)).toBe(0);
    },
  );

  it('answers 401 without a session', async () => {
    expect((await request(t.app).post('/api/user/listenbrainz/import').send({})).status).toBe(401);
    expect(
      (
        await request(t.app)
          .post('/api/user/listenbrainz/import/confirm')
          .send({ sources: ['turntable'] })
      ).status,
    ).toBe(401);
  });
});
