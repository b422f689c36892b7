/**
 * The login and registration limits of API.md "Security", as a client sees them:
 * only failed logins count (parallel correct logins are never refused), and one client
 * address registers at most 20 accounts an hour, across every server process.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@/config.js';
import { createTestApp, createUser, uniqueUsername, type TestApp } from '@/test/harness.js';

let a: TestApp;
let b: TestApp;

beforeAll(() => {
  // TRUST_PROXY lets each test use its own client address (X-Forwarded-For).
  // API.md's registration limit (20 an hour), which the test harness raises for other files.
  const env = { TRUST_PROXY: 'true', REGISTER_LIMIT_PER_HOUR: '20' };
  a = createTestApp({ env });
  b = createTestApp({ env });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

function login(app: TestApp, address: string, body: { username: string; password: string }) {
  return request(app.app).post('/api/user/login').set('X-Forwarded-For', address).send(body);
}

function register(app: TestApp, address: string, username = uniqueUsername('reg')) {
  return request(app.app)
    .post('/api/user/register')
    .set('X-Forwarded-For', address)
    .send({ username, password: 'password123' });
}

async function userCount(app: TestApp, username: string): Promise<number> {
  const rows = await app.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  return rows[0]!.n;
}

describe('login limits count only failures', () => {
  it('logs in 20 parallel correct logins for one username, all 200', async () => {
    const user = await createUser(a.db);
    const address = randomAddress();
    // Ten attempts are in flight at most; the others wait for them, and a login that has
    // waited 10 s is refused as "too many at once". That wait is wall-clock time (ten
    // bcrypt checks take longer on a busy machine), not what this test is about: the clock
    // stands still, the waits go on for as long as the attempts in flight take.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(i % 2 ? a : b, address, { username: user.username, password: user.password }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  it('still refuses after 10 failures for one username, also when the 20 wrong logins arrive at once', async () => {
    const user = await createUser(a.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        login(a, randomAddress(), { username: user.username, password: 'wrong-password' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const res of results.filter((r) => r.status === 429)) {
      expect(res.body.error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const correct = await login(b, randomAddress(), { username: user.username, password: user.password });
    expect(correct.status).toBe(429);
  }, 60_000);

  it('still refuses after 100 failures from one address, 10 arriving at a time', async () => {
    const address = randomAddress();
    const results = [];
    for (let batch = 0; batch < 11; batch++) {
      results.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            login(i % 2 ? a : b, address, { username: uniqueUsername('ip'), password: 'wrong-password' }),
          ),
        )),
      );
    }
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const user = await createUser(a.db);
    expect((await login(a, address, { username: user.username, password: user.password })).status).toBe(429);
    expect(
      (await login(a, randomAddress(), { username: user.username, password: user.password })).status,
    ).toBe(200);
  }, 120_000);
});

describe('login limits count per username and address (issue 26 item 1)', () => {
  it('lets the right password in from another address after 10 wrong ones from one address, which gets 429 with Retry-After', async () => {
    const user = await createUser(a.db);
    const attacker = randomAddress();
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 ? a : b, attacker, {
        username: i % 3 ? user.username : user.username.toUpperCase(),
        password: 'wrong-password',
      });
      expect(res.status).toBe(401);
    }
    // API.md "Security": "at most 10 failed attempts per username (ignoring case) ...
    // then 429 with `Retry-After`" — from the address that made them.
    const refused = await login(a, attacker, { username: user.username, password: user.password });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The real user, elsewhere, still logs in, on either process.
    expect(
      (await login(b, randomAddress(), { username: user.username, password: user.password })).status,
    ).toBe(200);
    expect(
      (await login(a, randomAddress(), { username: user.username, password: user.password })).status,
    ).toBe(200);
    // The address that failed 10 times stays refused for that name.
    expect((await login(b, attacker, { username: user.username, password: user.password })).status).toBe(429);
  }, 60_000);

  it('checks at most 11 wrong passwords for one name in the window: wrong ones from a second address lock it everywhere', async () => {
    const user = await createUser(a.db);
    const first = randomAddress();
    const second = randomAddress();
    for (let i = 0; i < 10; i++) {
      expect((await login(a, first, { username: user.username, password: 'wrong-password' })).status).toBe(
        401,
      );
    }
    expect((await login(b, second, { username: user.username, password: 'wrong-password' })).status).toBe(
      401,
    );
    for (const address of [first, second, randomAddress()]) {
      const res = await login(a, address, { username: user.username, password: user.password });
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 60_000);

  it('does not let a made-up name with an address in it count against the real name at that address', async () => {
    const user = await createUser(a.db);
    const home = randomAddress();
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 ? a : b, randomAddress(), {
        username: `${user.username}@${home}`,
        password: 'wrong-password',
      });
      expect([401, 429]).toContain(res.status);
    }
    expect((await login(a, home, { username: user.username, password: user.password })).status).toBe(200);
  }, 60_000);
});

describe('registration limit', () => {
  it('allows 20 accounts per address an hour unless configured otherwise', () => {
    expect(loadConfig({}).REGISTER_LIMIT_PER_HOUR).toBe(20);
  });

  it('registers 20 accounts from one address, then answers 429 with Retry-After and stores nobody', async () => {
    const address = randomAddress();
    for (let i = 0; i < 20; i++) {
      expect((await register(a, address)).status).toBe(201);
    }
    const username = uniqueUsername('over');
    const limited = await register(a, address, username);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await userCount(a, username)).toBe(0);
    // Another address is not affected.
    const elsewhere = uniqueUsername('else');
    expect((await register(a, randomAddress(), elsewhere)).status).toBe(201);
    expect(await userCount(a, elsewhere)).toBe(1);
  }, 120_000);

  it('counts the accounts of one address across two server processes', async () => {
    const address = randomAddress();
    for (let i = 0; i < 20; i++) {
      expect((await register(i % 2 ? a : b, address)).status).toBe(201);
    }
    for (const app of [a, b]) {
      const username = uniqueUsername('over');
      const limited = await register(app, address, username);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await userCount(app, username)).toBe(0);
    }
  }, 120_000);

  it('does not count refused registrations (a taken username) against the address', async () => {
    const address = randomAddress();
    const taken = await createUser(a.db);
    for (let i = 0; i < 5; i++) {
      expect((await register(a, address, taken.username)).status).toBe(409);
    }
    for (let i = 0; i < 20; i++) {
      expect((await register(b, address)).status).toBe(201);
    }
    expect((await register(a, address)).status).toBe(429);
  }, 120_000);
});
