/**
 * Several server processes serve the same users (API.md "Security": sessions and
 * failed-login counts live in PostgreSQL). Two app instances on one database stand
 * in for two processes behind a load balancer.
 */
import { request } from './contract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PER_USERNAME } from '@/features/auth/loginLimit.js';
import { createTestApp, createUser, type TestApp } from './harness.js';

let a: TestApp;
let b: TestApp;

beforeAll(() => {
  // Both sign cookies with the same secret, as every process of one deployment must.
  // TRUST_PROXY lets each test use its own client address, so the per-address limit
  // (shared with other test files on this database) never gets in the way.
  a = createTestApp({ env: { TRUST_PROXY: 'true' } });
  b = createTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

async function login(app: TestApp, username: string, password: string, address: string) {
  return request(app.app)
    .post('/api/user/login')
    .set('X-Forwarded-For', address)
    .send({ username, password });
}

function cookieOf(res: request.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith('spincrate.sid='));
  if (!cookie) throw new Error(`no session cookie in ${res.status} response`);
  return cookie.split(';')[0]!;
}

describe('two app instances on one database', () => {
  it('accepts a session made on one instance on the other', async () => {
    const user = await createUser(a.db);
    const res = await login(a, user.username, user.password, randomAddress());
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);
    const onB = await request(b.app).get('/api/user').set('Cookie', cookie);
    expect(onB.status).toBe(200);
    expect(onB.body).toEqual({ id: user.id, username: user.username });
    const moods = await request(b.app).get('/api/mood').set('Cookie', cookie);
    expect(moods.status).toBe(200);
    expect(moods.body.length).toBeGreaterThan(0);
  });

  it('ends the session on both when the user logs out on one', async () => {
    const user = await createUser(a.db);
    const cookie = cookieOf(await login(a, user.username, user.password, randomAddress()));
    expect((await request(a.app).get('/api/user').set('Cookie', cookie)).status).toBe(200);
    const out = await request(b.app).post('/api/user/logout').set('Cookie', cookie);
    expect(out.status).toBe(204);
    const onA = await request(a.app).get('/api/user').set('Cookie', cookie);
    expect(onA.status).toBe(401);
    expect(onA.body.error.code).toBe('unauthenticated');
    expect((await request(b.app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
  });

  it('adds up failed logins for one username across both instances', async () => {
    const user = await createUser(a.db);
    for (let i = 0; i < LOGIN_LIMIT_PER_USERNAME; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await login(
        app,
        i % 3 === 0 ? user.username.toUpperCase() : user.username,
        'wrong-password',
        randomAddress(),
      );
      expect(res.status).toBe(401);
    }
    // Each instance alone has seen only half of the failures, yet both refuse now,
    // even the right password.
    for (const app of [a, b]) {
      const limited = await login(app, user.username, user.password, randomAddress());
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('lets a success on one instance clear the count the other one sees', async () => {
    const user = await createUser(a.db);
    for (let i = 0; i < LOGIN_LIMIT_PER_USERNAME - 1; i++) {
      expect((await login(i % 2 ? a : b, user.username, 'wrong-password', randomAddress())).status).toBe(401);
    }
    expect((await login(a, user.username, user.password, randomAddress())).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMIT_PER_USERNAME - 1; i++) {
      expect((await login(b, user.username, 'wrong-password', randomAddress())).status).toBe(401);
    }
    expect((await login(b, user.username, user.password, randomAddress())).status).toBe(200);
  });
});
