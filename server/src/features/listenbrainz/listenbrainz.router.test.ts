/**
 * The link to ListenBrainz (API.md "ListenBrainz": PUT/GET/DELETE /api/user/listenbrainz;
 * "Field rules": token), against the fake ListenBrainz.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from '@/test/contract.js';
import { createTestApp, signedInUser, type TestApp } from '@/test/harness.js';
import { startFakeListenBrainz, type FakeListenBrainz } from '@/test/fakeListenBrainz.js';
import { openToken } from './tokenSeal.js';

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

const newToken = () => `tok-${randomUUID()}`;

describe('PUT /api/user/listenbrainz', () => {
  it('links the account once ListenBrainz accepts the token, and GET tells so without the token', async () => {
    const { user, agent } = await signedInUser(t);
    const token = newToken();
    fake.addUser(token, 'riley_lb');

    const res = await agent.put('/api/user/listenbrainz').send({ token: `  ${token} ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ connected: true, user_name: 'riley_lb', auto_send: true });
    // Checked with /1/validate-token, the token in the Authorization header.
    expect(fake.requests.map((r) => [r.method, r.path, r.token])).toEqual([
      ['GET', '/1/validate-token', token],
    ]);

    const got = await agent.get('/api/user/listenbrainz');
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      connected: true,
      user_name: 'riley_lb',
      auto_send: true,
      paused_reason: null,
    });
    expect(JSON.stringify(got.body)).not.toContain(token);

    // Stored encrypted (AES-256-GCM with LISTENBRAINZ_TOKEN_KEY), never in clear.
    const [row] = await t.db.query<{ token_sealed: Buffer }>(
      'SELECT token_sealed FROM listenbrainz_accounts WHERE user_id = $1',
      [user.id],
    );
    expect(row!.token_sealed.toString('latin1')).not.toContain(token);
    expect(openToken(t.ctx.config.LISTENBRAINZ_TOKEN_KEY!, row!.token_sealed)).toBe(token);
    expect(() => openToken('00'.repeat(32), row!.token_sealed)).toThrow();
  });

  it('keeps auto_send false when asked, and a second PUT replaces the link', async () => {
    const { agent } = await signedInUser(t);
    const first = newToken();
    const second = newToken();
    fake.addUser(first, 'first_name');
    fake.addUser(second, 'second_name');
    expect((await agent.put('/api/user/listenbrainz').send({ token: first, auto_send: false })).body).toEqual(
      {
        connected: true,
        user_name: 'first_name',
        auto_send: false,
      },
    );
    await agent.put('/api/user/listenbrainz').send({ token: second });
    expect((await agent.get('/api/user/listenbrainz')).body).toEqual({
      connected: true,
      user_name: 'second_name',
      auto_send: true,
      paused_reason: null,
    });
  });

  it('changes only auto_send when connected and no token is given (the settings switch)', async () => {
    const { agent } = await signedInUser(t);
    expect((await agent.put('/api/user/listenbrainz').send({ auto_send: false })).status).toBe(400);
    const token = newToken();
    fake.addUser(token, 'switcher');
    await agent.put('/api/user/listenbrainz').send({ token });
    fake.reset();
    const res = await agent.put('/api/user/listenbrainz').send({ auto_send: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ connected: true, user_name: 'switcher', auto_send: false });
    expect(fake.requests).toHaveLength(0);
    expect((await agent.get('/api/user/listenbrainz')).body.auto_send).toBe(false);
  });

  it('answers 400 invalid_token when ListenBrainz says the token is not valid, and stores nothing', async () => {
    const { user, agent } = await signedInUser(t);
    const res = await agent.put('/api/user/listenbrainz').send({ token: newToken() });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_token');
    expect((await agent.get('/api/user/listenbrainz')).body).toEqual({
      connected: false,
      user_name: null,
      auto_send: false,
      paused_reason: null,
    });
    const rows = await t.db.query('SELECT 1 FROM listenbrainz_accounts WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('answers 503 with Retry-After when ListenBrainz cannot be reached or fails, and stores nothing', async () => {
    const { user, agent } = await signedInUser(offline);
    const res = await agent.put('/api/user/listenbrainz').send({ token: newToken() });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('unavailable');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    const other = await signedInUser(t);
    const token = newToken();
    fake.addUser(token, 'someone');
    fake.failNext(503, 1);
    const failed = await other.agent.put('/api/user/listenbrainz').send({ token });
    expect(failed.status).toBe(503);
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.db.query('SELECT 1 FROM listenbrainz_accounts WHERE user_id = ANY($1)', [
      [user.id, other.user.id],
    ]);
    expect(rows).toHaveLength(0);
  });

  it.each([
    [{}, 'token'],
    [{ auto_send: true }, 'token'],
    [{ token: '   ' }, 'token'],
    [{ token: 'x'.repeat(101) }, 'token'],
    [{ token: 42 }, 'token'],
    [{ token: 'abc', auto_send: 'yes' }, 'auto_send'],
  ])('answers 400 for %j (fields.%s) without asking ListenBrainz', async (body, field) => {
    const { agent } = await signedInUser(t);
    const res = await agent.put('/api/user/listenbrainz').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty(field);
    expect(fake.requests).toHaveLength(0);
  });

  it('accepts a token of exactly 100 characters', async () => {
    const { agent } = await signedInUser(t);
    const token = 'y'.repeat(100);
    fake.addUser(token, 'hundred');
    expect((await agent.put('/api/user/listenbrainz').send({ token })).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await request(t.app).put('/api/user/listenbrainz').send({ token: 'abc' })).status).toBe(401);
    expect((await request(t.app).get('/api/user/listenbrainz')).status).toBe(401);
    expect((await request(t.app).delete('/api/user/listenbrainz')).status).toBe(401);
  });
});

describe('DELETE /api/user/listenbrainz', () => {
  it('forgets the token (204); GET says not connected', async () => {
    const { user, agent } = await signedInUser(t);
    const token = newToken();
    fake.addUser(token, 'gone');
    await agent.put('/api/user/listenbrainz').send({ token });
    const res = await agent.delete('/api/user/listenbrainz');
    expect(res.status).toBe(204);
    expect((await agent.get('/api/user/listenbrainz')).body.connected).toBe(false);
    const rows = await t.db.query('SELECT 1 FROM listenbrainz_accounts WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
    // Also 204 when not connected.
    expect((await agent.delete('/api/user/listenbrainz')).status).toBe(204);
  });
});
